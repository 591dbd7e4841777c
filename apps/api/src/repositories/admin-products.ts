import { desc, sql } from 'drizzle-orm';
import type { AdminProduct } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { priceAndImage, productIdKeySql, productIdMatches, type ProductRow } from './products';

/** The columns a product is created with (ids and prices as stored: a slug, integer cents). */
type NewProductRow = typeof products.$inferInsert;

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...priceAndImage(row),
    images: row.images,
    category: row.category,
    collection: row.collection,
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

export async function listAdminProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .orderBy(desc(products.createdAt), sql`${products.homePosition} asc nulls last`, products.collection, products.id);
}

/** Inserts a product; undefined when its id is taken meanwhile. */
export async function insertProduct(db: DbOrTx, values: NewProductRow): Promise<ProductRow | undefined> {
  const [row] = await db.insert(products).values(values).onConflictDoNothing().returning();
  return row;
}

/** Updates the product `id` (any letter case); undefined when there is none. */
export async function updateProductRow(db: DbOrTx, id: string, change: Partial<NewProductRow>): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...change, updatedAt: new Date() })
    .where(productIdMatches(id))
    .returning();
  return row;
}

/** Locks the product `id` (any letter case) until the end of the transaction; undefined when there is none. */
export async function lockProduct(tx: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(productIdMatches(id)).for('update');
  return row;
}

/** Deletes a product; orders keep their lines (order_items has no foreign key to products). Its row as it was, or undefined. */
export async function deleteProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.delete(products).where(productIdMatches(id)).returning();
  return row;
}
