import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COMPATIBILITY_SPEC } from '@shop/shared/domain/related';
import { toEuros } from '@shop/shared/domain/money';
import { FALLBACK_IMAGE, productIdKey } from '@shop/shared/domain/catalogue';
import type { Product, ProductListItem } from '@shop/shared/schemas/product';
import type { Collection } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import { productAliases, productOptions, productOptionValues, products, productVariants } from '../db/schema';
import { stockState } from '@shop/shared/domain/orders';
import type { GalleryImage } from '@shop/shared/schemas/product';
import { firstPhotos, photosOf, toGalleryImage, type PhotoMeta } from './product-images';
import { optionNamed, type OptionRow, type VariantRow } from './variants';
import { colourOptionPrefixes, colourSwatches, variantTitle } from '@shop/shared/domain/variants';

/**
 * A product's row with its variants' summary (decision 039): `stock` their units summed (null: one
 * of them is not tracked, so the product is always sellable), their lowest and highest price, and
 * how many there are. A product without options has one variant, whose figures these are.
 */
export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'> & {
  stock: number | null;
  priceFromCents: number | null;
  priceToCents: number | null;
  variantCount: number;
  /** The values of its colour option ('Ngjyra') in order; null without one (decision 039). */
  colourNames: string[] | null;
};

/** A product's row with its uploaded photos in order (lists carry only the first). */
export type ProductWithPhotos = ProductRow & { photos: PhotoMeta[] };

/**
 * A product's variants summed up (decision 039), as scalar subqueries on
 * product_variants_product_idx: PostgreSQL computes them after ORDER BY and LIMIT, so a page of a
 * list reads only its own products' variants. `stock` is their units summed (null: one is not
 * tracked, so the product is always sellable).
 */
const summaryAggregates = {
  stock: 'case when bool_or(pv.stock is null) then null else sum(pv.stock)::int end',
  priceFromCents: 'min(pv.price_cents)',
  priceToCents: 'max(pv.price_cents)',
  variantCount: 'count(*)::int',
} as const;
const ofVariants = (aggregate: string) => sql.raw(`(select ${aggregate} from product_variants pv where pv.product_id = "products"."id")`);
export const variantSummary = {
  stock: sql<number | null>`${ofVariants(summaryAggregates.stock)}`,
  priceFromCents: sql<number | null>`${ofVariants(summaryAggregates.priceFromCents)}`,
  priceToCents: sql<number | null>`${ofVariants(summaryAggregates.priceToCents)}`,
  variantCount: sql<number>`${ofVariants(summaryAggregates.variantCount)}`,
};

/**
 * The same summary of the product `productId` as one lateral row `variant_summary`: one look-up of
 * its variants for the four figures where variantSummary's subqueries make four (a list's page of
 * known ids, decision 045 round 4). Read with productWithSummaryColumns.
 */
export const variantSummaryLateral = (productId: SQL): SQL =>
  sql`lateral (select ${sql.raw(
    Object.entries(summaryAggregates)
      .map(([name, aggregate]) => `${aggregate} as "${name}"`)
      .join(', '),
  )} from product_variants pv where pv.product_id = ${productId}) variant_summary`;

/**
 * The condition "some variant of the product can be sold" (not tracked, or units left): EXISTS, so
 * the planner picks a semi-join or a hashed pass over every row, or a look-up per row for a few.
 */
export const sellableSql: SQL = sql`exists (select 1 from product_variants pv where pv.product_id = ${products.id} and (pv.stock is null or pv.stock > 0))`;

/** The values of a product's colour option in order (null: none), for cards' swatches (decision 039). */
const colourNamesOf = (productId: SQL) => sql<string[] | null>`(
    select array_agg(ov.value order by o.position, ov.position)
    from product_options o join product_option_values ov on ov.option_id = o.id
    where o.product_id = ${productId} and ${optionNamed(sql`o.name`, colourOptionPrefixes)})`;

/**
 * A product's own columns but its search text's vector (generated from name, brand and specs, read
 * only by searches' conditions and ranking in SQL): a page of 24 of the seed's products carried
 * some 7.7 KB of it (320 characters a product).
 */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

/** The columns of a product and its variants' summary. */
export const productWithStockColumns = {
  ...productColumns,
  stock: variantSummary.stock,
  priceFromCents: variantSummary.priceFromCents,
  priceToCents: variantSummary.priceToCents,
  variantCount: variantSummary.variantCount,
  colourNames: colourNamesOf(sql`${products.id}`),
};

/**
 * A variant's option values in the options' order, 'Titanium i zi / 512 GB' (domain/variants
 * variantTitle); '' for a product without options. `variantId` is a column or value of the outer query.
 */
export const variantTitleSql = (variantId: unknown) => sql<string>`coalesce((
    select string_agg(ov.value, ' / ' order by o.position)
    from product_variant_values vv
    join product_option_values ov on ov.id = vv.value_id
    join product_options o on o.id = vv.option_id
    where vv.variant_id = ${variantId}), '')`;

/** productWithStockColumns with the summary read from variantSummaryLateral's row. */
export const productWithSummaryColumns = {
  ...productWithStockColumns,
  stock: sql<number | null>`variant_summary."stock"`,
  priceFromCents: sql<number | null>`variant_summary."priceFromCents"`,
  priceToCents: sql<number | null>`variant_summary."priceToCents"`,
  variantCount: sql<number>`variant_summary."variantCount"`,
};

/** A select of products with their variants' summary. */
export const selectProductsWithStock = (db: DbOrTx) => db.select(productWithStockColumns).from(products);

/**
 * A product id's key in SQL: ids match case-insensitively (product.md §10.3), so every query that
 * compares product ids compares this (domain/catalogue's productIdKey is the same rule in JS).
 */
export const productIdKeySql: SQL<string> = sql<string>`lower(${products.id})`;

/** The condition "this row is the product `id`", in any letter case. */
export const productIdMatches = (id: string): SQL => sql`${productIdKeySql} = lower(${id})`;

/** The condition "this row is one of the products `ids`", in any letter case. */
export const productIdIn = (ids: readonly string[]): SQL => inArray(productIdKeySql, ids.map(productIdKey));

/** A linked image (an address typed by staff, or a seeded file) as a gallery picture: no copies. */
const linkedImage = (src: string): GalleryImage => ({ src, srcset: null, avifSrcset: null, width: null, height: null });

/** The pictures in order: the uploaded photos first (issue 17), then the image links. */
export const galleryOf = (row: Pick<ProductWithPhotos, 'images' | 'photos'>): GalleryImage[] => [
  ...row.photos.map(toGalleryImage),
  ...row.images.map(linkedImage),
];

/**
 * What every view of a product shows of its price and picture: euros, and the first picture (the
 * first uploaded photo, else the first image link, else the fallback image).
 */
export function priceAndImage(row: Pick<ProductWithPhotos, 'priceCents' | 'oldPriceCents' | 'images' | 'photos'>) {
  const first = row.photos[0];
  return {
    price: toEuros(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toEuros(row.oldPriceCents),
    image: first ? toGalleryImage(first).src : (row.images[0] ?? FALLBACK_IMAGE),
  };
}

/** The variants' lowest and highest price in euros (the product's own price when it has no variant row). */
const priceRange = (row: Pick<ProductRow, 'priceCents' | 'priceFromCents' | 'priceToCents'>) => ({
  priceFrom: toEuros(row.priceFromCents ?? row.priceCents),
  priceTo: toEuros(row.priceToCents ?? row.priceCents),
});

/**
 * The product page's answer; with `variants` (repositories/variants loadVariants) it carries the
 * options and every variant, each with its own photos (decision 039).
 */
export function toProduct(row: ProductWithPhotos, variants?: { options: OptionRow[]; variants: VariantRow[] }): Product {
  const gallery = galleryOf(row);
  const photoById = new Map(row.photos.map((p) => [p.id, p]));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    collection: row.collection,
    brand: row.brand,
    sku: row.sku,
    ...priceAndImage(row),
    images: gallery.map((g) => g.src),
    gallery,
    rating: row.reviewCount > 0 ? row.rating : 0,
    reviewCount: row.reviewCount,
    specs: row.specs,
    stock: stockState(row.stock),
    ...priceRange(row),
    ...(variants
      ? {
          options: variants.options.map((o) => ({ id: o.id, name: o.name, values: o.values })),
          variants: variants.variants.map((v) => ({
            id: v.id,
            values: v.values,
            title: variantTitle(v.values),
            sku: v.sku,
            price: toEuros(v.priceCents),
            oldPrice: v.oldPriceCents === null ? null : toEuros(v.oldPriceCents),
            stock: stockState(v.stock),
            isDefault: v.isDefault,
            gallery: v.imageIds.flatMap((id) => {
              const photo = photoById.get(id);
              return photo ? [toGalleryImage(photo)] : [];
            }),
          })),
        }
      : {}),
  };
}

export function toListItem(row: ProductWithPhotos): ProductListItem {
  const first = row.photos[0] ? toGalleryImage(row.photos[0]) : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    desc: row.description,
    ...priceAndImage(row),
    imageSrcset: first?.srcset ?? null,
    imageAvifSrcset: first?.avifSrcset ?? null,
    category: row.category,
    stock: stockState(row.stock),
    ...priceRange(row),
    // Added fields, only where they say something (list answers stay small).
    ...(row.colourNames && row.colourNames.length > 0 ? { colors: colourSwatches(row.colourNames) } : {}),
    ...(row.variantCount > 1 ? { hasOptions: true as const } : {}),
    rating: row.reviewCount > 0 ? row.rating : 0,
    reviewCount: row.reviewCount,
  };
}

const listOrder = [sql`${products.homePosition} asc nulls last`, asc(products.collection), asc(products.createdAt), asc(products.id)];

/** The products (of one collection), each with its first photo. */
export async function listProducts(db: DbOrTx, filter: { collection?: Collection } = {}): Promise<ProductWithPhotos[]> {
  // A whole list: every product's variants summed in one grouped pass and hash-joined, rather than
  // a look-up per product (the scalar subqueries suit pages).
  const vs = db
    .select({
      productId: productVariants.productId,
      stock: sql<
        number | null
      >`case when bool_or(${productVariants.stock} is null) then null else sum(${productVariants.stock})::int end`.as('vs_stock'),
      priceFromCents: sql<number | null>`min(${productVariants.priceCents})`.as('vs_price_from'),
      priceToCents: sql<number | null>`max(${productVariants.priceCents})`.as('vs_price_to'),
      variantCount: sql<number>`count(*)::int`.as('vs_count'),
    })
    .from(productVariants)
    .groupBy(productVariants.productId)
    .as('vs');
  // The colour options' values of the products that have one, grouped in one pass.
  const cs = db
    .select({
      productId: productOptions.productId,
      colourNames: sql<
        string[]
      >`array_agg(${productOptionValues.value} order by ${productOptions.position}, ${productOptionValues.position})`.as('cs_names'),
    })
    .from(productOptions)
    .innerJoin(productOptionValues, eq(productOptionValues.optionId, productOptions.id))
    .where(optionNamed(sql`${productOptions.name}`, colourOptionPrefixes))
    .groupBy(productOptions.productId)
    .as('cs');
  const q = db
    .select({
      ...getTableColumns(products),
      stock: vs.stock,
      priceFromCents: vs.priceFromCents,
      priceToCents: vs.priceToCents,
      variantCount: sql<number>`coalesce(${vs.variantCount}, 0)`,
      colourNames: sql<string[] | null>`${cs.colourNames}`,
    })
    .from(products)
    .leftJoin(vs, eq(vs.productId, products.id))
    .leftJoin(cs, eq(cs.productId, products.id));
  const [rows, firsts] = await Promise.all([
    filter.collection ? q.where(eq(products.collection, filter.collection)).orderBy(...listOrder) : q.orderBy(...listOrder),
    firstPhotos(db),
  ]);
  return rows.map((row) => {
    const first = firsts.get(row.id);
    return { ...row, photos: first ? [first] : [] };
  });
}

/** One product (id in any letter case) with all its photos. */
export async function findProduct(db: DbOrTx, id: string): Promise<ProductWithPhotos | undefined> {
  const [row] = await selectProductsWithStock(db).where(productIdMatches(id));
  return row ? withPhotos(db, row) : undefined;
}

/**
 * What an id a product had before the seed grouped it with others means (product_aliases, issue
 * 27): the product it went into and the variant it became (null: that variant is gone); undefined
 * for an id that never was one. Any letter case.
 */
export async function findAlias(db: DbOrTx, id: string): Promise<{ productId: string; variantId: number | null } | undefined> {
  const [row] = await db
    .select({ productId: productAliases.productId, variantId: productAliases.variantId })
    .from(productAliases)
    .where(eq(productAliases.id, productIdKey(id)));
  return row;
}

/** The rows, each with its photos, in one more query (a page of a list: cards show the first). */
export async function withPhotosAll<R extends { id: string }>(
  db: DbOrTx,
  rows: readonly R[],
): Promise<(R & Pick<ProductWithPhotos, 'photos'>)[]> {
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, photos: photos.get(r.id) ?? [] }));
}

/** The row with all its photos. */
export async function withPhotos(db: DbOrTx, row: ProductRow): Promise<ProductWithPhotos> {
  return { ...row, photos: (await photosOf(db, [row.id])).get(row.id) ?? [] };
}

/** How many candidates each row of the product page looks at (the rule in domain/related.ts picks). */
const RELATED_CANDIDATES = 60;

/**
 * The candidates for a product page's related products and matching accessories: the same
 * category (the same brand first), and the cases and accessories of the same brand or with a
 * compatibility text. Narrowed in SQL so a large catalogue is never read whole.
 */
export async function listRelatedCandidates(db: DbOrTx, product: Pick<ProductRow, 'id' | 'category' | 'brand'>): Promise<ProductRow[]> {
  const base = () => selectProductsWithStock(db);
  const notItself = sql`${products.id} <> ${product.id}`;
  const sameKind = await base()
    .where(and(eq(products.category, product.category), notItself))
    .orderBy(sql`(lower(${products.brand}) = lower(${product.brand})) desc`, asc(products.id))
    .limit(RELATED_CANDIDATES);
  if (product.category !== 'phone') return sameKind;
  const fitting = await base()
    .where(
      and(
        inArray(products.category, ['case', 'accessory']),
        or(sql`lower(${products.brand}) = lower(${product.brand})`, sql`(${products.specs} ->> ${COMPATIBILITY_SPEC}) is not null`),
      ),
    )
    .orderBy(asc(products.id))
    .limit(RELATED_CANDIDATES * 4);
  return [...sameKind, ...fitting];
}
