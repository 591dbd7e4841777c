import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products, productVariants } from '../db/schema';
import { variantTitleSql } from './products';

/**
 * Units on the shelf are a variant's `stock` (decision 039): null is not tracked, always sellable.
 * A product without options has one variant, its default: the functions taking a product id work
 * on that one.
 */
const defaultOf = (productId: string) => and(eq(productVariants.productId, productId), eq(productVariants.isDefault, true));

/** The variant `variantId` when given, else the product's default variant. */
const variantOrDefault = (productId: string, variantId: number | null | undefined) =>
  variantId === null || variantId === undefined ? defaultOf(productId) : eq(productVariants.id, variantId);

/**
 * Takes `quantity` units of a product's default variant (or of `variantId`) in one conditional
 * UPDATE: it never goes below zero, and of two orders racing for the last units only one gets
 * them (the row lock makes the other re-read the new quantity). Stock not tracked is always
 * there. Answers the units left when there were too few.
 */
export async function takeStock(
  tx: DbOrTx,
  productId: string,
  quantity: number,
  variantId?: number | null,
): Promise<{ ok: true } | { ok: false; left: number }> {
  const where = variantOrDefault(productId, variantId);
  const taken = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}`, updatedAt: new Date() })
    .where(and(where, sql`${productVariants.stock} >= ${quantity}`))
    .returning({ stock: productVariants.stock });
  if (taken.length > 0) return { ok: true };
  const [row] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(where);
  return row && row.stock !== null ? { ok: false, left: row.stock } : { ok: true };
}

/**
 * Puts units back on the shelf (a cancelled order): the line's variant, or the product's default
 * for a line placed before variants; a variant since deleted or not tracked is left alone.
 */
export async function returnStock(tx: DbOrTx, productId: string, quantity: number, variantId?: number | null): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}`, updatedAt: new Date() })
    .where(and(variantOrDefault(productId, variantId), sql`${productVariants.stock} is not null`));
}

/** Units on the shelf of the given products' default variants; null: not tracked. */
export async function stockOf(db: DbOrTx, productIds: readonly string[]): Promise<Map<string, number | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productVariants.productId, stock: productVariants.stock })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...productIds]), eq(productVariants.isDefault, true)));
  return new Map(rows.map((r) => [r.productId, r.stock]));
}

/**
 * Sets the shelf of a product's default variant (or of `variantId`); null: not tracked. A variant
 * tracked by IMEI is left alone: its stock is the count of its units (decision 040).
 */
export async function setStock(tx: DbOrTx, productId: string, quantity: number | null, variantId?: number | null): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: quantity, updatedAt: new Date() })
    .where(and(variantOrDefault(productId, variantId), eq(productVariants.serialized, false)));
}

/** Variants with at most `atMost` units left, fewest first; a variant's name carries its option values. */
export function listLowStock(db: DbOrTx, atMost: number) {
  const title = variantTitleSql(productVariants.id);
  return db
    .select({
      id: products.id,
      name: sql<string>`case when ${title} = '' then ${products.name} else ${products.name} || ' (' || ${title} || ')' end`,
      stock: sql<number>`${productVariants.stock}`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lte(productVariants.stock, atMost))
    .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.position));
}
