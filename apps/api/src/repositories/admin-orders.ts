import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/domain/orders';
import { toEuros } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { orderItems, orders, users } from '../db/schema';
import { loadItemsByOrder } from './orders';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

function toAdminOrder(order: OrderRow, user: { name: string; email: string } | null, items: ItemRow[]): AdminOrder {
  const total = toEuros(order.totalCents);
  return {
    id: order.id,
    user: user?.email || user?.name || adminMsg.anonymous,
    userId: order.userId,
    userName: user?.name ?? null,
    products: items.map((i) => ({ id: i.productId, name: i.name, quantity: i.quantity, price: toEuros(i.unitPriceCents) })),
    totalAmount: total,
    total,
    status: order.status,
    date: order.createdAt.toISOString(),
    fulfilment: order.fulfilment,
    paymentMethod: order.paymentMethod,
    deliveryFee: toEuros(order.deliveryFeeCents),
    customerName: order.customerName,
    phone: order.phone,
    city: order.city,
  };
}

async function loadOrders(db: DbOrTx, onlyId?: number): Promise<AdminOrder[]> {
  const base = db
    .select({ order: orders, userName: users.name, userEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(orders.userId, users.id));
  const rows = await (onlyId === undefined ? base : base.where(eq(orders.id, onlyId))).orderBy(desc(orders.createdAt), desc(orders.id));
  const byOrder = await loadItemsByOrder(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) =>
    toAdminOrder(r.order, r.userEmail === null ? null : { name: r.userName ?? '', email: r.userEmail }, byOrder.get(r.order.id) ?? []),
  );
}

/** Every order, newest first, with its customer and lines. */
export const listAdminOrders = (db: DbOrTx) => loadOrders(db);

/** One order as admins see it; undefined when there is none. */
export async function findAdminOrder(db: DbOrTx, id: number): Promise<AdminOrder | undefined> {
  const [order] = await loadOrders(db, id);
  return order;
}

export async function orderExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  return row !== undefined;
}

/**
 * Moves an order to `to` only if it is in one of the statuses `from`, in one conditional UPDATE
 * (two admins clicking at once cannot both succeed). False when nothing moved.
 */
export async function moveOrderStatus(db: DbOrTx, id: number, from: readonly OrderStatus[], to: OrderStatus): Promise<boolean> {
  if (from.length === 0) return false;
  const updated = await db
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Locks an order's row until the end of the transaction and answers its status; undefined when there is none. */
export async function lockOrderStatus(tx: DbOrTx, id: number): Promise<OrderStatus | undefined> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update');
  return row?.status;
}
