import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products, productStock } from '../db/schema';

/**
 * Takes `quantity` units of a product in one conditional UPDATE: it never goes below zero, and
 * of two orders racing for the last units only one gets them (the row lock makes the other
 * re-read the new quantity). A product without a stock row is unlimited. Answers the units left
 * when there were too few.
 */
export async function takeStock(tx: DbOrTx, productId: string, quantity: number): Promise<{ ok: true } | { ok: false; left: number }> {
  const taken = await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} - ${quantity}`, updatedAt: new Date() })
    .where(sql`${productStock.productId} = ${productId} and ${productStock.quantity} >= ${quantity}`)
    .returning({ quantity: productStock.quantity });
  if (taken.length > 0) return { ok: true };
  const [row] = await tx.select({ quantity: productStock.quantity }).from(productStock).where(eq(productStock.productId, productId));
  return row ? { ok: false, left: row.quantity } : { ok: true };
}

/** Puts units back on the shelf (a cancelled order); a product since deleted or made unlimited is left alone. */
export async function returnStock(tx: DbOrTx, productId: string, quantity: number): Promise<void> {
  await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(productStock.productId, productId));
}

/** Units on the shelf of the given products (by their stored id); a product missing from the map is unlimited. */
export async function stockOf(db: DbOrTx, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productStock)
    .where(inArray(productStock.productId, [...productIds]));
  return new Map(rows.map((r) => [r.productId, r.quantity]));
}

/** Sets a product's shelf; null makes it unlimited. */
export async function setStock(tx: DbOrTx, productId: string, quantity: number | null): Promise<void> {
  if (quantity === null) {
    await tx.delete(productStock).where(eq(productStock.productId, productId));
    return;
  }
  await tx
    .insert(productStock)
    .values({ productId, quantity })
    .onConflictDoUpdate({ target: productStock.productId, set: { quantity, updatedAt: new Date() } });
}

/** Products with at most `atMost` units left, fewest first. */
export function listLowStock(db: DbOrTx, atMost: number) {
  return db
    .select({ id: products.id, name: products.name, stock: productStock.quantity })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(lte(productStock.quantity, atMost))
    .orderBy(asc(productStock.quantity), asc(products.name));
}
