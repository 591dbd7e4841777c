import { and, desc, eq } from 'drizzle-orm';
import { toEuros } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { orderItems, orders, users } from '../db/schema';
import { HttpError } from '../lib/http-error';
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

/**
 * pending -> delivered | cancelled, in one conditional UPDATE so two admins clicking at once
 * cannot both succeed. Any other move is 409; an unknown id is 404.
 */
export async function setOrderStatus(db: DbOrTx, id: number, status: 'delivered' | 'cancelled'): Promise<AdminOrder> {
  const [updated] = await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (!updated) {
    const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
    throw exists ? new HttpError(409, adminMsg.orderNotPending) : new HttpError(404, adminMsg.orderNotFound);
  }
  const [order] = await loadOrders(db, id);
  return order!;
}
