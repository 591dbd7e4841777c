/** Closing the day 'Mbyllja e ditës' and returns of online orders (issue 28, decision 051): data access only. */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@shop/shared/domain/time';
import type { DayCloseMethod, MethodAmounts } from '@shop/shared/domain/day-close';
import type { DbOrTx } from '../db/client';
import {
  counterReturns,
  counterSales,
  dayCloses,
  discountCodes,
  orderItems,
  orderReturns,
  orders,
  orderStatusHistory,
  productVariants,
  stockUnits,
  warrantySheets,
} from '../db/schema';

/** A moment's shop day (Europe/Belgrade) as SQL. */
const shopDay = (column: unknown) => sql`(${column} at time zone ${SHOP_TIME_ZONE})::date`;

/**
 * Where a sale keeps each method's amount: a method added to `counterPaymentMethods` fails to
 * compile here until its column is named (so the close never forgets one).
 */
const saleColumns: Record<DayCloseMethod, SQL<number>> = {
  cash: sql<number>`${counterSales.cashCents}`,
  pos: sql<number>`${counterSales.posCents}`,
  transfer: sql<number>`${counterSales.transferCents}`,
  giftcard: sql<number>`${counterSales.giftCardCents}`,
};

/**
 * Serialises a till's sales and refunds with its close: a sale or a return takes the lock shared,
 * the close alone; whoever comes after a close sees it (released at the transaction's end).
 */
export async function lockTill(tx: DbOrTx, till: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = `day-close:${till}`;
  await tx.execute(
    mode === 'shared' ? sql`select pg_advisory_xact_lock_shared(hashtext(${key}))` : sql`select pg_advisory_xact_lock(hashtext(${key}))`,
  );
}

export async function closeOf(db: DbOrTx, till: string, day: string) {
  const [row] = await db
    .select()
    .from(dayCloses)
    .where(and(eq(dayCloses.till, till), eq(dayCloses.day, day)));
  return row;
}

export async function closeById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(dayCloses).where(eq(dayCloses.id, id));
  return row;
}

export async function listCloses(db: DbOrTx) {
  return db.select().from(dayCloses).orderBy(desc(dayCloses.day), asc(dayCloses.till)).limit(100);
}

export async function insertClose(tx: DbOrTx, row: typeof dayCloses.$inferInsert) {
  const [r] = await tx.insert(dayCloses).values(row).onConflictDoNothing().returning();
  return r;
}

/** Each sale of a till's day: its amount per method. */
export async function tillDaySales(db: DbOrTx, till: string, day: string): Promise<MethodAmounts[]> {
  const rows = await db
    .select(saleColumns)
    .from(counterSales)
    .where(and(eq(counterSales.till, till), sql`${shopDay(counterSales.createdAt)} = ${day}::date`));
  return rows;
}

/** Each refund paid from a till that day: the counter's returns and the online orders'. */
export async function tillDayRefunds(db: DbOrTx, till: string, day: string) {
  // A counter return's gift card part went back to the card (decision 048): its own row, not the till's.
  const returns = await db
    .select({ method: counterReturns.refundMethod, cents: counterReturns.refundCents, card: counterReturns.giftCardCents })
    .from(counterReturns)
    .where(and(eq(counterReturns.till, till), sql`${shopDay(counterReturns.createdAt)} = ${day}::date`));
  const counter = returns.map((r) => ({ method: r.method, cents: r.cents, cardCents: r.card }));
  const online = await db
    .select({ method: orderReturns.refundMethod, cents: orderReturns.refundCents, cardCents: orderReturns.giftCardCents })
    .from(orderReturns)
    .where(and(eq(orderReturns.till, till), sql`${shopDay(orderReturns.createdAt)} = ${day}::date`));
  return [...counter, ...online] as { method: DayCloseMethod; cents: number; cardCents?: number }[];
}

/** The couriers' cash of cash orders received that day ('Para të pranuara', decision 043). */
export async function codCashOfDay(db: DbOrTx, day: string) {
  const [row] = await db
    .select({ orders: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'cash'),
        sql`${orders.cashReceivedAt} is not null`,
        sql`${shopDay(orders.cashReceivedAt)} = ${day}::date`,
      ),
    );
  return row ?? { orders: 0, cents: 0 };
}

// --- Returns of online orders ---------------------------------------------------------------

export async function lockOrderForReturn(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** When the order last became delivered (null: never). */
export async function deliveredAt(db: DbOrTx, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'delivered')))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return row?.at ?? null;
}

export async function orderLines(db: DbOrTx, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function markItemReturned(tx: DbOrTx, itemId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(orderItems)
    .set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${quantity}::int` })
    .where(and(eq(orderItems.id, itemId), sql`${orderItems.returnedQuantity} + ${quantity}::int <= ${orderItems.quantity}`))
    .returning({ id: orderItems.id });
  return rows.length > 0;
}

/** A sold unit of an order line comes back: in stock again (restock, free of the line) or 'returned' (defective). */
export async function returnOrderUnit(tx: DbOrTx, itemId: number, imei: string, restock: boolean): Promise<boolean> {
  const rows = await tx
    .update(stockUnits)
    .set(restock ? { status: 'in_stock', orderItemId: null, updatedAt: new Date() } : { status: 'returned', updatedAt: new Date() })
    .where(and(eq(stockUnits.orderItemId, itemId), eq(stockUnits.imei, imei), eq(stockUnits.status, 'sold')))
    .returning({ id: stockUnits.id });
  return rows.length > 0;
}

export async function restoreVariantStock(tx: DbOrTx, variantId: number, quantity: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}::int`, updatedAt: new Date() })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} is not null`));
}

export async function voidOrderSheet(tx: DbOrTx, itemId: number, imei: string, note: string): Promise<void> {
  await tx
    .update(warrantySheets)
    .set({ voidedAt: new Date(), komente: sql`${warrantySheets.komente} || ${` · ${note}`}`, updatedAt: sql`now()` })
    .where(and(eq(warrantySheets.orderItemId, itemId), eq(warrantySheets.imei, imei), sql`${warrantySheets.voidedAt} is null`));
}

export async function insertOrderReturn(tx: DbOrTx, row: typeof orderReturns.$inferInsert): Promise<number> {
  const [r] = await tx.insert(orderReturns).values(row).returning({ id: orderReturns.id });
  return r!.id;
}

export async function returnsOfOrder(db: DbOrTx, orderId: number) {
  return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.id));
}

/** The units of an order's lines (sold, or back) by line. */
export async function unitsOfItems(db: DbOrTx, itemIds: readonly number[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ itemId: stockUnits.orderItemId, imei: stockUnits.imei, status: stockUnits.status })
    .from(stockUnits)
    .where(inArray(stockUnits.orderItemId, [...itemIds]));
}

/** The warranty sheets made on delivery for an order's lines. */
export async function sheetsOfItems(db: DbOrTx, itemIds: readonly number[]) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(warrantySheets)
    .where(inArray(warrantySheets.orderItemId, [...itemIds]))
    .orderBy(asc(warrantySheets.id));
}

/** What an order's returns refunded so far (their whole refunds, the gift card's parts included). */
export async function orderRefundedCents(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderReturns.refundCents}), 0)::int` })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId));
  return Number(row?.cents ?? 0);
}

/** Whether the discount code an order used takes off its delivery fee (the code's kind; decision 049). */
export async function codeIsFreeDelivery(db: DbOrTx, codeId: number): Promise<boolean> {
  const [row] = await db.select({ kind: discountCodes.kind }).from(discountCodes).where(eq(discountCodes.id, codeId));
  return row?.kind === 'free-delivery';
}
