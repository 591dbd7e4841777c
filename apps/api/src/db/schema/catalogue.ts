/** The catalogue: products, their stock, photos and reviews, the search words, gift cards and the blog. */
import { sql } from 'drizzle-orm';
import { categories, collections } from '@shop/shared/domain/catalogue';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING, REVIEW_TEXT_MAX } from '@shop/shared/domain/reviews';
import { photoFormats } from '@shop/shared/domain/photos';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf, tsvector, productSearchVector, createdAt, bytea } from './columns';
import { users } from './accounts';
import { orders } from './orders';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: categories }).notNull(),
    collection: text('collection', { enum: collections }),
    brand: text('brand').notNull().default(''),
    sku: text('sku'),
    priceCents: integer('price_cents').notNull(),
    oldPriceCents: integer('old_price_cents'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * The average of the visible reviews and their count, kept by the trigger of migration 0008
     * on product_reviews (decision 023); 0 and 0 while a product has none.
     */
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
    homePosition: integer('home_position'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The storage facet, in GB (domain/catalogue-browse storageGb of the name and specs); null: none. */
    storageGb: integer('storage_gb'),
    /** Written by PostgreSQL from the columns above (decision 022). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(productSearchVector),
  },
  (t) => [
    uniqueIndex('products_id_lower_idx').on(sql`lower(${t.id})`),
    index('products_collection_idx').on(t.collection),
    // The admin's paged list sorts by these (decision 021).
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    index('products_price_idx').on(t.priceCents, t.id),
    // The catalogue's pages (decision 022): search, the sorts (each ending in the id, as the
    // queries order; price and name use the admin list's indexes above), and the brand and storage facets.
    // fastupdate off: products change rarely, and without autovacuum (PGlite) a pending list
    // would grow and make the planner read the table instead of the index.
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('products_featured_idx').on(t.homePosition.asc().nullsLast(), t.collection, t.createdAt, t.id),
    index('products_newest_idx').on(t.createdAt.desc(), t.id),
    index('products_brand_idx').on(sql`lower(${t.brand})`),
    index('products_storage_idx').on(t.storageGb),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

/**
 * Every word of the products' search documents (decision 022), kept by triggers on products
 * (migration 0009): a search word the catalogue does not know is looked up here by trigram
 * similarity ('samsng' -> 'samsung'), then searched as the words it resembles.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);

export const giftCards = pgTable('gift_cards', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  image: text('image').notNull(),
  position: integer('position').notNull().default(0),
});

export const blogPosts = pgTable('blog_posts', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  date: text('date').notNull(),
  excerpt: text('excerpt').notNull(),
  image: text('image').notNull(),
  content: text('content').notNull(),
});

/**
 * Units on the shelf per product; a product without a row is unlimited (gift cards, decision 015).
 * Kept apart from products so an order's stock update does not reach the product cache, except
 * when the shoppers' view changes (the trigger of migration 0004).
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_stock_quantity_check', sql`${t.quantity} >= 0`), index('product_stock_low_idx').on(t.quantity)],
);

/**
 * Uploaded product photos (issue 17, decision 019), in the order the admin set; the first is the
 * product's picture. `hash` (of the copies' bytes) is part of every address, so a copy is cached
 * for ever. Changes reach the product cache through the trigger of migration 0006.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    /** The largest copy's size (the photo turned upright, at most 1600 px wide). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The widths of the copies, smallest first (domain/photos widthsFor). */
    widths: jsonb('widths').$type<number[]>().notNull(),
    /** AVIF copies exist too (they paid, decision 019). */
    avif: boolean('avif').notNull().default(false),
    /** What was sent: sharp's name of its format and its size in bytes. */
    sourceFormat: text('source_format').notNull(),
    sourceBytes: integer('source_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** The copies of each photo: one row per format and width, the bytes in the database (decision 019). */
export const productImageVariants = pgTable(
  'product_image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => productImages.id, { onDelete: 'cascade' }),
    format: text('format', { enum: photoFormats }).notNull(),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.imageId, t.format, t.width] }),
    check('product_image_variants_format_check', oneOf(t.format, photoFormats)),
  ],
);

/**
 * Honest ratings (issue 18, decision 023): one review per customer and product, allowed only to a
 * customer with a delivered order holding the product (services/reviews.ts). Staff may hide one;
 * hidden reviews count nowhere. Every change reaches products.rating / review_count (and so the
 * product cache) through the trigger of migration 0008.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order that made the customer eligible. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user_idx').on(t.productId, t.userId),
    index('product_reviews_product_idx').on(t.productId, t.hidden, t.createdAt),
    index('product_reviews_created_idx').on(t.createdAt),
    index('product_reviews_user_idx').on(t.userId),
    check(
      'product_reviews_rating_check',
      sql`${t.rating} between ${sql.raw(String(REVIEW_MIN_RATING))} and ${sql.raw(String(REVIEW_MAX_RATING))}`,
    ),
    check('product_reviews_text_check', sql`char_length(${t.text}) <= ${sql.raw(String(REVIEW_TEXT_MAX))}`),
  ],
);
