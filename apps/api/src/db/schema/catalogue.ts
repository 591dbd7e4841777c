/** The catalogue: products, their options and variants (with stock), photos and reviews, the search words, gift cards and the blog. */
import { sql } from 'drizzle-orm';
import { categories, collections } from '@shop/shared/domain/catalogue';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING, REVIEW_TEXT_MAX } from '@shop/shared/domain/reviews';
import { photoFormats } from '@shop/shared/domain/photos';
import { variantLimits } from '@shop/shared/domain/variants';
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
    /** A gift card product (decision 048): the value of the card its sale issues; null for every other product. */
    giftCardValueCents: integer('gift_card_value_cents'),
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
 * A product's options (issue 27, decision 039): 'Ngjyra', 'Memoria' or any name staff type, in
 * their order. A product without options has exactly one variant.
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('product_options_position_idx').on(t.productId, t.position),
    uniqueIndex('product_options_name_idx').on(t.productId, sql`lower(${t.name})`),
    check('product_options_name_check', sql`char_length(${t.name}) between 1 and ${sql.raw(String(variantLimits.optionName))}`),
  ],
);

/** An option's values in their order ('Titanium i zi', '256 GB'). */
export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('product_option_values_position_idx').on(t.optionId, t.position),
    uniqueIndex('product_option_values_value_idx').on(t.optionId, sql`lower(${t.value})`),
    check('product_option_values_value_check', sql`char_length(${t.value}) between 1 and ${sql.raw(String(variantLimits.optionValue))}`),
  ],
);

/**
 * What is sold: one row per combination of a product's option values (decision 039), with its
 * SKU, barcode, price, old price and units on the shelf (`stock` null: not tracked, always
 * sellable; decision 015's "no product_stock row"). Every product has exactly one default
 * variant, whose price the products row mirrors (the triggers of migration 0012). Stock changes
 * reach the product cache only when shoppers could see the difference (the trigger of 0012, as
 * product_stock's of 0004 did).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** The value ids in the options' order joined by '-' ('' without options): one row per combination. */
    combination: text('combination').notNull().default(''),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    priceCents: integer('price_cents').notNull(),
    oldPriceCents: integer('old_price_cents'),
    stock: integer('stock'),
    /**
     * Tracked by IMEI (decision 040): `stock` is then the count of its units in stock not yet
     * promised to an order (stock_units), kept by receiving and by the order's one statement.
     */
    serialized: boolean('serialized').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The catalogue's facets per variant, kept by migration 0015's triggers from its values (never
     * written by the code): its storage option's value as a key ('512gb', '1tb'; domain
     * storageValueKey) and its colour option's value, null when its product has no such option.
     */
    sizeKey: text('size_key'),
    colour: text('colour'),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_default_idx')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('product_variants_combination_idx').on(t.productId, t.combination),
    uniqueIndex('product_variants_sku_idx').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_barcode_idx').on(t.barcode),
    index('product_variants_low_idx').on(t.stock),
    check('product_variants_price_check', sql`${t.priceCents} >= 0`),
    check('product_variants_old_price_check', sql`${t.oldPriceCents} is null or ${t.oldPriceCents} >= 0`),
    check('product_variants_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('product_variants_sku_check', sql`char_length(${t.sku}) between 1 and 200`),
    check('product_variants_barcode_check', sql`${t.barcode} is null or ${t.barcode} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
  ],
);

/**
 * The catalogue's facets per product (decision 045, migration 0022), kept by triggers from the
 * product and its variants (never written by the code): what the facet statement counts, so a
 * request reads one narrow row per product instead of grouping the variants. `sizeKeys`: the
 * variants' size keys, else the product's own storage as a key; `prices`: the distinct prices of a
 * product with options; the `*Sellable` arrays: the same for the variants that can be sold.
 */
export const productFacets = pgTable(
  'product_facets',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    storageGb: integer('storage_gb'),
    sellable: boolean('sellable').notNull(),
    hasOptions: boolean('has_options').notNull(),
    sizeKeys: text('size_keys').array().notNull(),
    colours: text('colours').array().notNull(),
    prices: integer('prices').array().notNull(),
    sizeKeysSellable: text('size_keys_sellable').array().notNull(),
    coloursSellable: text('colours_sellable').array().notNull(),
  },
  (t) => [
    // A page with a chosen size finds its products here (migration 0030, decision 045).
    index('product_facets_size_keys_idx').using('gin', t.sizeKeys).with({ fastupdate: false }),
    index('product_facets_size_keys_sellable_idx').using('gin', t.sizeKeysSellable).with({ fastupdate: false }),
  ],
);

/**
 * The facet statement's rows (decision 045, 2026-12-02 round 3, migration 0031), kept by triggers on
 * `product_facets`: one per product without options (i = 1) and one per zipped value of a product
 * with options (size key, colour, price and the price before it; i = 1 on the first), each with its
 * product's `product_facets` columns. `productFacetRows` zips all the variants' values,
 * `productFacetRowsSellable` those of the variants that can be sold (read with 'in stock').
 */
function facetRowsTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      productId: text('product_id')
        .notNull()
        .references(() => productFacets.productId, { onDelete: 'cascade', onUpdate: 'cascade' }),
      i: integer('i').notNull(),
      brand: text('brand').notNull(),
      category: text('category').notNull(),
      priceCents: integer('price_cents').notNull(),
      sellable: boolean('sellable').notNull(),
      hasOptions: boolean('has_options').notNull(),
      sizeKeys: text('size_keys').array().notNull(),
      colours: text('colours').array().notNull(),
      prices: integer('prices').array().notNull(),
      sizeKeysSellable: text('size_keys_sellable').array().notNull(),
      coloursSellable: text('colours_sellable').array().notNull(),
      skey: text('skey'),
      colour: text('colour'),
      price: integer('price'),
      before: integer('before'),
    },
    (t) => [primaryKey({ columns: [t.productId, t.i] })],
  );
}
export const productFacetRows = facetRowsTable('product_facet_rows');
export const productFacetRowsSellable = facetRowsTable('product_facet_rows_sellable');

/**
 * Ids a product had before the seed grouped it with others (issue 27): each old id (lower case, as
 * ids match in any letter case) names the product it went into and the variant it became (null:
 * that variant was removed since, so the old id means the product's default). The product page,
 * `GET /api/products/{id}` and an order's item find a product by an old id through this table;
 * lists and the sitemap never show one.
 */
export const productAliases = pgTable(
  'product_aliases',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('product_aliases_product_idx').on(t.productId),
    index('product_aliases_variant_idx').on(t.variantId),
    check('product_aliases_id_check', sql`${t.id} = lower(${t.id}) and char_length(${t.id}) between 1 and 200`),
  ],
);

/** A variant's value of each option: one per option. */
export const productVariantValues = pgTable(
  'product_variant_values',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => productOptionValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.optionId] }), index('product_variant_values_value_idx').on(t.valueId)],
);

/** A variant's own photos, in order (photos per colour); none: the product's photos. */
export const productVariantImages = pgTable(
  'product_variant_images',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => productImages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.imageId] }), index('product_variant_images_image_idx').on(t.imageId)],
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
