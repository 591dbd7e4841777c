import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  productImages,
  products,
  productOptions,
  productOptionValues,
  productVariantImages,
  productVariants,
  productVariantValues,
} from '../db/schema';

/** A product's option with its values, in order. */
export interface OptionRow {
  id: number;
  name: string;
  values: { id: number; value: string }[];
}

/** A variant with its values (in the options' order) and its own photos' ids (in order). */
export interface VariantRow {
  id: number;
  position: number;
  isDefault: boolean;
  sku: string;
  barcode: string | null;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number | null;
  values: string[];
  imageIds: number[];
}

/**
 * "The option name `name` starts with one of `prefixes`" (domain/variants colourOptionPrefixes,
 * storageOptionPrefixes: lower case, no LIKE wildcards), in any letter case, spaces around ignored.
 */
export const optionNamed = (name: SQL, prefixes: readonly string[]): SQL =>
  sql`lower(btrim(${name})) like any (array[${sql.join(
    prefixes.map((p) => sql`${`${p}%`}`),
    sql`, `,
  )}]::text[])`;

/** node-postgres and PGlite hand json over parsed; a text is read too. */
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The options and variants of the product `productId` (as stored), the default variant first, in
 * one statement (the product page reads it after the product: two round trips in all).
 */
export async function loadVariants(db: DbOrTx, productId: string): Promise<{ options: OptionRow[]; variants: VariantRow[] }> {
  const res = await db.execute(sql`
    select
      coalesce((
        select json_agg(json_build_object('id', o.id, 'name', o.name, 'values', coalesce((
            select json_agg(json_build_object('id', ov.id, 'value', ov.value) order by ov.position)
            from product_option_values ov where ov.option_id = o.id), '[]'::json)) order by o.position)
        from product_options o where o.product_id = ${productId}
      ), '[]'::json) as options,
      coalesce((
        select json_agg(json_build_object(
            'id', v.id, 'position', v.position, 'isDefault', v.is_default, 'sku', v.sku, 'barcode', v.barcode,
            'priceCents', v.price_cents, 'oldPriceCents', v.old_price_cents, 'stock', v.stock,
            'values', coalesce((
              select json_agg(ov.value order by o.position)
              from product_variant_values vv
              join product_option_values ov on ov.id = vv.value_id
              join product_options o on o.id = vv.option_id
              where vv.variant_id = v.id), '[]'::json),
            'imageIds', coalesce((
              select json_agg(vi.image_id order by vi.position) from product_variant_images vi where vi.variant_id = v.id), '[]'::json)
          ) order by v.is_default desc, v.position, v.id)
        from product_variants v where v.product_id = ${productId}
      ), '[]'::json) as variants`);
  const row = (res as unknown as { rows: { options: OptionRow[] | string; variants: VariantRow[] | string }[] }).rows[0]!;
  return { options: parsed(row.options), variants: parsed(row.variants) };
}

/** SKUs (in any letter case) and barcodes that variants of other products hold. */
export async function takenElsewhere(
  db: DbOrTx,
  productId: string,
  skus: readonly string[],
  barcodes: readonly string[],
): Promise<{ skus: string[]; barcodes: string[] }> {
  const skuRows =
    skus.length === 0
      ? []
      : await db
          .select({ sku: productVariants.sku })
          .from(productVariants)
          .where(
            and(
              ne(productVariants.productId, productId),
              inArray(
                sql`lower(${productVariants.sku})`,
                skus.map((s) => s.toLowerCase()),
              ),
            ),
          );
  const barcodeRows =
    barcodes.length === 0
      ? []
      : await db
          .select({ barcode: productVariants.barcode })
          .from(productVariants)
          .where(and(ne(productVariants.productId, productId), inArray(productVariants.barcode, [...barcodes])));
  return { skus: skuRows.map((r) => r.sku), barcodes: barcodeRows.flatMap((r) => (r.barcode ? [r.barcode] : [])) };
}

/** Which of `ids` are uploaded photos of the product. */
export async function photoIdsOf(db: DbOrTx, productId: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), inArray(productImages.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** What a variant is written with (the service resolved values and chose the default). */
export interface VariantWrite {
  /** The existing variant kept (same SKU), or null for a new one. */
  id: number | null;
  isDefault: boolean;
  sku: string;
  barcode: string | null;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number | null;
  /** The index of its value in each option's values, in the options' order. */
  valueIndexes: number[];
  imageIds: number[];
}

/**
 * Replaces the product's options and variants (the caller holds the product's lock and checked
 * everything): the options and their values are written anew; variants kept by SKU keep their id
 * (carts and order lines name it), the others are deleted or inserted. The products row's price
 * follows the default variant (the triggers of migration 0012).
 */
export async function replaceVariants(
  tx: DbOrTx,
  productId: string,
  options: readonly { name: string; values: readonly string[] }[],
  variants: readonly VariantWrite[],
): Promise<void> {
  const kept = variants.flatMap((v) => (v.id === null ? [] : [v.id]));
  // Out of the way first: the variants dropped, and the unique values the kept ones may swap.
  await tx
    .delete(productVariants)
    .where(and(eq(productVariants.productId, productId), kept.length > 0 ? sql`not ${inArray(productVariants.id, kept)}` : undefined));
  await tx
    .update(productVariants)
    .set({ isDefault: false, barcode: null, combination: sql`'old-' || ${productVariants.id}` })
    .where(eq(productVariants.productId, productId));
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));

  const valueIds: number[][] = [];
  const optionIds: number[] = [];
  for (const [i, o] of options.entries()) {
    const [option] = await tx.insert(productOptions).values({ productId, position: i, name: o.name }).returning({ id: productOptions.id });
    optionIds.push(option!.id);
    const rows = await tx
      .insert(productOptionValues)
      .values(o.values.map((value, j) => ({ optionId: option!.id, position: j, value })))
      .returning({ id: productOptionValues.id, position: productOptionValues.position });
    valueIds.push(rows.sort((a, b) => a.position - b.position).map((r) => r.id));
  }

  // The default last, so the products row mirrors it once every other variant is in place. The
  // kept variants are updated one by one, the new ones inserted in one statement, and their values
  // and photos in one statement each (an import writes thousands).
  const ordered = variants.map((v, position) => ({ v, position })).sort((a, b) => Number(a.v.isDefault) - Number(b.v.isDefault));
  const columns = (v: VariantWrite, position: number) => ({
    position,
    isDefault: v.isDefault,
    combination: v.valueIndexes.map((j, i) => valueIds[i]![j]!).join('-'),
    sku: v.sku,
    barcode: v.barcode,
    priceCents: v.priceCents,
    oldPriceCents: v.oldPriceCents,
    stock: v.stock,
    updatedAt: new Date(),
  });
  const idOf = new Map<number, number>();
  for (const { v, position } of ordered) {
    if (v.id === null) continue;
    // A variant tracked by IMEI keeps its stock: it is the count of its units (decision 040).
    await tx
      .update(productVariants)
      .set({
        ...columns(v, position),
        stock: sql`case when ${productVariants.serialized} then ${productVariants.stock} else ${v.stock}::int end`,
      })
      .where(eq(productVariants.id, v.id));
    idOf.set(position, v.id);
  }
  if (kept.length > 0) await tx.delete(productVariantImages).where(inArray(productVariantImages.variantId, kept));
  const fresh = ordered.filter(({ v }) => v.id === null);
  if (fresh.length > 0) {
    const rows = await tx
      .insert(productVariants)
      .values(fresh.map(({ v, position }) => ({ productId, ...columns(v, position) })))
      .returning({ id: productVariants.id, position: productVariants.position });
    for (const r of rows) idOf.set(r.position, r.id);
  }
  const values = ordered.flatMap(({ v, position }) =>
    v.valueIndexes.map((j, i) => ({ variantId: idOf.get(position)!, optionId: optionIds[i]!, valueId: valueIds[i]![j]! })),
  );
  if (values.length > 0) await tx.insert(productVariantValues).values(values);
  const images = ordered.flatMap(({ v, position }) =>
    v.imageIds.map((imageId, i) => ({ variantId: idOf.get(position)!, imageId, position: i })),
  );
  if (images.length > 0) await tx.insert(productVariantImages).values(images);
}

/** Who holds each of these SKUs (in any letter case) and barcodes: the product's id and name. */
export async function variantHolders(
  db: DbOrTx,
  skus: readonly string[],
  barcodes: readonly string[],
): Promise<{ sku: string; barcode: string | null; productId: string; productName: string }[]> {
  if (skus.length === 0 && barcodes.length === 0) return [];
  const v = productVariants;
  return db
    .select({ sku: v.sku, barcode: v.barcode, productId: products.id, productName: products.name })
    .from(v)
    .innerJoin(products, eq(products.id, v.productId))
    .where(
      or(
        skus.length > 0 ? inArray(sql`lower(${v.sku})`, [...new Set(skus.map((s) => s.toLowerCase()))]) : undefined,
        barcodes.length > 0 ? inArray(v.barcode, [...new Set(barcodes)]) : undefined,
      ),
    );
}

/** A product of the catalogue's export: its own columns, its options' names and its variants in their grid's order. */
export interface CatalogueRow {
  id: string;
  name: string;
  category: string;
  brand: string;
  description: string;
  options: string[];
  variants: Omit<VariantRow, 'imageIds' | 'id' | 'position'>[];
}

/** Products by id after `after` (keyset paging), each with its options' names and its variants, in one statement. */
export async function catalogueBatch(db: DbOrTx, after: string | null, limit: number): Promise<CatalogueRow[]> {
  const res = await db.execute(sql`
    select p.id, p.name, p.category, p.brand, p.description,
      coalesce((select json_agg(o.name order by o.position) from product_options o where o.product_id = p.id), '[]'::json) as options,
      coalesce((
        select json_agg(json_build_object(
            'isDefault', v.is_default, 'sku', v.sku, 'barcode', v.barcode,
            'priceCents', v.price_cents, 'oldPriceCents', v.old_price_cents, 'stock', v.stock,
            'values', coalesce((
              select json_agg(ov.value order by o.position)
              from product_variant_values vv
              join product_option_values ov on ov.id = vv.value_id
              join product_options o on o.id = vv.option_id
              where vv.variant_id = v.id), '[]'::json)
          ) order by v.position, v.id)
        from product_variants v where v.product_id = p.id
      ), '[]'::json) as variants
    from products p
    ${after === null ? sql`` : sql`where p.id > ${after}`}
    order by p.id
    limit ${limit}`);
  const rows = (res as unknown as { rows: (Omit<CatalogueRow, 'options' | 'variants'> & { options: unknown; variants: unknown })[] }).rows;
  return rows.map((r) => ({
    ...r,
    options: parsed(r.options as string[] | string),
    variants: parsed(r.variants as CatalogueRow['variants'] | string),
  }));
}
