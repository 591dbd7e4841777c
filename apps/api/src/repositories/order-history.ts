import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/domain/orders';
import type { DbOrTx } from '../db/client';
import { orderStatusHistory } from '../db/schema';

export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;

export interface OrderHistoryEntryInput {
  orderId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  actorType: 'customer' | 'staff';
  actorId: number | null;
  actorEmail: string | null;
}

/** Records one status an order entered (its first one when `from` is null). */
export async function insertOrderHistory(db: DbOrTx, entry: OrderHistoryEntryInput): Promise<void> {
  await db.insert(orderStatusHistory).values({
    orderId: entry.orderId,
    fromStatus: entry.from,
    toStatus: entry.to,
    actorType: entry.actorType,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
  });
}

/** The history of the given orders, oldest first, grouped by order id. */
export async function loadOrderHistory(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, OrderHistoryRow[]>> {
  const byOrder = new Map<number, OrderHistoryRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderStatusHistory)
    .where(orderIds.length === 1 ? eq(orderStatusHistory.orderId, orderIds[0]!) : inArray(orderStatusHistory.orderId, [...orderIds]))
    .orderBy(asc(orderStatusHistory.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}
