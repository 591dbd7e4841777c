import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AdminProduct } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import {
  priceAndImage,
  productIdKeySql,
  productIdMatches,
  selectProductsWithStock,
  withPhotos,
  type ProductRow,
  type ProductWithPhotos,
} from './products';
import { photosOf, toAdminPhoto } from './product-images';

/** The columns a product is created with (ids and prices as stored: a slug, integer cents). */
type NewProductRow = typeof products.$inferInsert;

export function toAdminProduct(row: ProductWithPhotos): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...priceAndImage(row),
    images: row.images,
    category: row.category,
    collection: row.collection,
    stock: row.stock,
    brand: row.brand,
    sku: row.sku,
    specs: row.specs,
    photos: row.photos.map(toAdminPhoto),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The keys of the ids that are `base` or start with `base-` (in any letter case). */
export async function takenIdKeys(db: DbOrTx, base: string): Promise<Set<string>> {
  const taken = await db
    .select({ key: productIdKeySql })
    .from(products)
    .where(sql`${productIdKeySql} = ${base} or ${productIdKeySql} like ${`${base}-%`}`);
  return new Set(taken.map((r) => r.key));
}

/** Products with their variants' units on the shelf (null: not tracked). */
const withStock = (db: DbOrTx) => selectProductsWithStock(db);

/** One product with its stock, by its id as stored or in any letter case. */
async function findWithStock(db: DbOrTx, where: SQL): Promise<ProductRow | undefined> {
  const [row] = await withStock(db).where(where);
  return row;
}

export async function listAdminProducts(db: DbOrTx): Promise<ProductWithPhotos[]> {
  const [rows, photos] = await Promise.all([
    withStock(db).orderBy(desc(products.createdAt), sql`${products.homePosition} asc nulls last`, products.collection, products.id),
    photosOf(db),
  ]);
  return rows.map((row) => ({ ...row, photos: photos.get(row.id) ?? [] }));
}

/** Inserts a product (without stock: the caller sets it); undefined when its id is taken meanwhile. */
export async function insertProduct(db: DbOrTx, values: NewProductRow): Promise<string | undefined> {
  const [row] = await db.insert(products).values(values).onConflictDoNothing().returning({ id: products.id });
  return row?.id;
}

/** A product with its stock and photos by its id as stored; undefined when there is none. */
export async function findAdminProduct(db: DbOrTx, id: string): Promise<ProductWithPhotos | undefined> {
  const row = await findWithStock(db, eq(products.id, id));
  return row ? withPhotos(db, row) : undefined;
}

/** Updates the product `id` as stored; false when there is none. */
export async function updateProductRow(db: DbOrTx, id: string, change: Partial<NewProductRow>): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Locks the product `id` (any letter case) until the end of the transaction, with its stock;
 * undefined when there is none.
 */
export async function lockProduct(tx: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select(getTableColumns(products)).from(products).where(productIdMatches(id)).for('update');
  return row ? findWithStock(tx, eq(products.id, row.id)) : undefined;
}

/**
 * Deletes the product `id` as stored (its stock row goes with it); orders keep their lines
 * (order_items has no foreign key to products). False when there is none.
 */
export async function deleteProduct(db: DbOrTx, id: string): Promise<boolean> {
  const gone = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return gone.length > 0;
}
