import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { UnitStatus } from '@shop/shared/domain/units';
import type { DbOrTx } from '../db/client';
import { orderItems, products, productVariants, stockUnits, users } from '../db/schema';
import { variantTitleSql } from './products';

/** A variant locked for a receipt (FOR UPDATE: receipts and orders of it take turns), with its product. */
export async function lockVariant(tx: DbOrTx, variantId: number) {
  const [row] = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      productName: products.name,
      category: products.category,
      stock: productVariants.stock,
      serialized: productVariants.serialized,
      title: variantTitleSql(productVariants.id),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .for('update', { of: productVariants });
  return row;
}

/** Inserts the units in stock; answers the IMEIs inserted (an IMEI already known is skipped: the caller refuses). */
export async function insertUnits(
  tx: DbOrTx,
  input: { variantId: number; imeis: readonly string[]; supplier: string | null; purchasePriceCents: number | null; receivedBy: number },
) {
  return tx
    .insert(stockUnits)
    .values(
      input.imeis.map((imei) => ({
        imei,
        variantId: input.variantId,
        supplier: input.supplier,
        purchasePriceCents: input.purchasePriceCents,
        receivedBy: input.receivedBy,
      })),
    )
    .onConflictDoNothing({ target: stockUnits.imei })
    .returning({ id: stockUnits.id, imei: stockUnits.imei });
}

/**
 * Raises a serialized variant's stock by `added` units received (decision 040); a variant not yet
 * serialized becomes so, its stock then the units counted (a number typed before had no IMEIs).
 * Answers the stock after.
 */
export async function addReceivedStock(tx: DbOrTx, variantId: number, added: number, wasSerialized: boolean): Promise<number> {
  const [row] = await tx
    .update(productVariants)
    .set({
      serialized: true,
      stock: wasSerialized ? sql`coalesce(${productVariants.stock}, 0) + ${added}` : sql`${added}::int`,
      updatedAt: new Date(),
    })
    .where(eq(productVariants.id, variantId))
    .returning({ stock: productVariants.stock });
  return row?.stock ?? 0;
}

const unitColumns = {
  id: stockUnits.id,
  imei: stockUnits.imei,
  variantId: stockUnits.variantId,
  status: stockUnits.status,
  supplier: stockUnits.supplier,
  purchasePriceCents: stockUnits.purchasePriceCents,
  receivedAt: stockUnits.receivedAt,
  receivedBy: users.email,
  orderId: orderItems.orderId,
};
export interface UnitRow {
  id: number;
  imei: string;
  variantId: number;
  status: UnitStatus;
  supplier: string | null;
  purchasePriceCents: number | null;
  receivedAt: Date;
  receivedBy: string | null;
  orderId: number | null;
}

/** A variant's units, newest first, by status and IMEI digits (at most 500). */
export async function listUnits(db: DbOrTx, query: { variantId: number; status?: UnitStatus; q?: string }): Promise<UnitRow[]> {
  const rows = await db
    .select(unitColumns)
    .from(stockUnits)
    .leftJoin(users, eq(users.id, stockUnits.receivedBy))
    .leftJoin(orderItems, eq(orderItems.id, stockUnits.orderItemId))
    .where(
      and(
        eq(stockUnits.variantId, query.variantId),
        query.status ? eq(stockUnits.status, query.status) : undefined,
        query.q ? like(stockUnits.imei, `%${query.q}%`) : undefined,
      ),
    )
    .orderBy(desc(stockUnits.id))
    .limit(500);
  return rows as UnitRow[];
}

export async function unitsByIds(db: DbOrTx, ids: readonly number[]): Promise<UnitRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(unitColumns)
    .from(stockUnits)
    .leftJoin(users, eq(users.id, stockUnits.receivedBy))
    .leftJoin(orderItems, eq(orderItems.id, stockUnits.orderItemId))
    .where(inArray(stockUnits.id, [...ids]))
    .orderBy(asc(stockUnits.id));
  return rows as UnitRow[];
}

/** A variant's units per status. */
export async function unitCounts(db: DbOrTx, variantId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: stockUnits.status, n: sql<number>`count(*)::int` })
    .from(stockUnits)
    .where(eq(stockUnits.variantId, variantId))
    .groupBy(stockUnits.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function variantState(db: DbOrTx, variantId: number) {
  const [row] = await db
    .select({ serialized: productVariants.serialized, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row;
}

/** The IMEIs among these that some unit already has. */
export async function knownImeis(db: DbOrTx, imeis: readonly string[]): Promise<string[]> {
  if (imeis.length === 0) return [];
  const rows = await db
    .select({ imei: stockUnits.imei })
    .from(stockUnits)
    .where(inArray(stockUnits.imei, [...imeis]));
  return rows.map((r) => r.imei);
}

/** An order's lines with the variant each takes (the product's default for a line without one) and whether it is serialized. */
export async function orderLinesWithVariants(db: DbOrTx, orderId: number) {
  return db
    .select({
      line: orderItems.id,
      name: orderItems.name,
      variantTitle: orderItems.variantTitle,
      quantity: orderItems.quantity,
      imeis: orderItems.imeis,
      variantId: productVariants.id,
      serialized: productVariants.serialized,
    })
    .from(orderItems)
    .leftJoin(
      productVariants,
      sql`${productVariants.id} = coalesce(${orderItems.variantId}, (select d.id from product_variants d where d.product_id = ${orderItems.productId} and d.is_default))`,
    )
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/**
 * Takes the unit of `imei` of `variantId` for an order line, only while it is in stock: of two
 * staff (or a counter sale) taking the same unit at once, the row lock makes the second re-read
 * the new status and take nothing. Answers whether it was taken.
 */
export async function takeUnitForLine(
  tx: DbOrTx,
  input: { imei: string; variantId: number; line: number; status: 'reserved' | 'sold' },
): Promise<boolean> {
  const taken = await tx
    .update(stockUnits)
    .set({ status: input.status, orderItemId: input.line, updatedAt: new Date() })
    .where(and(eq(stockUnits.imei, input.imei), eq(stockUnits.variantId, input.variantId), eq(stockUnits.status, 'in_stock')))
    .returning({ id: stockUnits.id });
  return taken.length > 0;
}

export async function appendLineImeis(tx: DbOrTx, line: number, imeis: readonly string[]): Promise<void> {
  await tx
    .update(orderItems)
    .set({ imeis: sql`${orderItems.imeis} || ${sql.param([...imeis])}::text[]` })
    .where(eq(orderItems.id, line));
}

/** The reserved units of these lines are sold (the order is handed over). */
export async function sellReservedUnits(tx: DbOrTx, lines: readonly number[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .update(stockUnits)
    .set({ status: 'sold', updatedAt: new Date() })
    .where(and(inArray(stockUnits.orderItemId, [...lines]), eq(stockUnits.status, 'reserved')));
}

/** The reserved units of these lines go back in stock and the lines forget them (the order is cancelled). */
export async function releaseUnits(tx: DbOrTx, lines: readonly number[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .update(stockUnits)
    .set({ status: 'in_stock', orderItemId: null, updatedAt: new Date() })
    .where(and(inArray(stockUnits.orderItemId, [...lines]), eq(stockUnits.status, 'reserved')));
  await tx
    .update(orderItems)
    .set({ imeis: sql`'{}'::text[]` })
    .where(inArray(orderItems.id, [...lines]));
}

/**
 * The IMEIs in stock of these variants (for staff to pick from: an order's hand-over, the counter's
 * till), oldest first, at most `perVariant` per variant.
 */
export async function inStockImeis(db: DbOrTx, variantIds: readonly number[], perVariant = 200): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (variantIds.length === 0) return out;
  const rows = await db
    .select({ variantId: stockUnits.variantId, imei: stockUnits.imei })
    .from(stockUnits)
    .where(and(inArray(stockUnits.variantId, [...variantIds]), eq(stockUnits.status, 'in_stock')))
    .orderBy(asc(stockUnits.id))
    .limit(perVariant * variantIds.length);
  for (const r of rows) {
    const list = out.get(r.variantId) ?? [];
    if (list.length < perVariant) list.push(r.imei);
    out.set(r.variantId, list);
  }
  return out;
}
