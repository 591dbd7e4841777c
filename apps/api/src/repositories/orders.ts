import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { toCents, toEuros } from '@shop/shared/domain/money';
import { msg } from '@shop/shared/messages';
import { orderMessages, type CreateOrderBody, type Order } from '@shop/shared/schemas/order';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys, orderItems, orders, products, users } from '../db/schema';
import { HttpError } from '../lib/http-error';

type OrderRow = typeof orders.$inferSelect;
const MAX_TOTAL_CENTS = 2_147_483_647;
type ItemRow = typeof orderItems.$inferSelect;

export function toOrder(order: OrderRow, items: ItemRow[]): Order {
  return {
    id: order.id,
    items: items.map((i) => ({ id: i.productId, name: i.name, price: toEuros(i.unitPriceCents), quantity: i.quantity })),
    total: toEuros(order.totalCents),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
  };
}

/** A stable hash of what the order asks for, to tell a retry from a different order under the same key. */
export function requestHash(body: CreateOrderBody): string {
  const canonical = JSON.stringify({
    items: body.items.map((i) => [i.id.toLowerCase(), i.quantity, toCents(i.price)]),
    total: toCents(body.total),
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

/**
 * Recomputes every line and the total from current prices and creates the order, all in one
 * transaction. Unknown ids give 400; a client price or total that differs gives 409 with the
 * current prices. Nothing is written unless everything checks out.
 */
async function createOrderInTx(tx: DbOrTx, userId: number, body: CreateOrderBody): Promise<Order> {
  const ids = body.items.map((i) => i.id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw new HttpError(400, orderMessages.duplicateLine);
  const rows = await tx
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(inArray(sql`lower(${products.id})`, ids))
    // An admin's price change or delete waits until this order is committed, so the stored prices
    // are the prices at the moment of the order.
    .for('share');
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const unknownIds = body.items.filter((i) => !byId.has(i.id.toLowerCase())).map((i) => i.id);
  if (unknownIds.length > 0) throw new HttpError(400, orderMessages.unknownProducts + unknownIds.join(', '), { unknownIds });

  const lines = body.items.map((i) => {
    const p = byId.get(i.id.toLowerCase())!;
    return { product: p, quantity: i.quantity, clientCents: toCents(i.price) };
  });
  const totalCents = lines.reduce((s, l) => s + l.product.priceCents * l.quantity, 0);
  // The total column is a 32-bit integer of cents; refuse rather than fail inside the database.
  if (totalCents > MAX_TOTAL_CENTS) throw new HttpError(400, orderMessages.totalTooLarge);
  const mismatch = lines.some((l) => l.clientCents !== l.product.priceCents) || toCents(body.total) !== totalCents;
  if (mismatch) {
    throw new HttpError(409, orderMessages.pricesChanged, {
      prices: lines.map((l) => ({ id: l.product.id, name: l.product.name, price: toEuros(l.product.priceCents) })),
      total: toEuros(totalCents),
    });
  }

  const [order] = await tx.insert(orders).values({ userId, totalCents, status: 'pending' }).returning();
  if (!order) throw new Error('order not created');
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.product.id,
        name: l.product.name,
        unitPriceCents: l.product.priceCents,
        quantity: l.quantity,
      })),
    )
    .returning();
  return toOrder(order, items);
}

/**
 * Locks the customer's row for the order's transaction, so an admin's delete or block waits for
 * the order instead of breaking its foreign keys halfway. The token was checked a moment earlier;
 * an account deleted or blocked since then gets the same 401 as the auth check gives.
 */
async function lockCustomer(tx: DbOrTx, userId: number): Promise<void> {
  const [row] = await tx.select({ blocked: users.blocked }).from(users).where(eq(users.id, userId)).for('share');
  if (!row) throw new HttpError(401, msg.invalidToken);
  if (row.blocked) throw new HttpError(401, msg.blocked);
}

/**
 * Creates the order once per (user, Idempotency-Key). The key row is inserted in the same
 * transaction as the order: a concurrent request with the same key waits on the primary key,
 * then finds the stored answer. A key whose body differs gets 422.
 */
export async function createOrder(db: Db, userId: number, body: CreateOrderBody, key?: string): Promise<{ order: Order; replay: boolean }> {
  if (!key) {
    const order = await db.transaction(async (tx) => {
      await lockCustomer(tx, userId);
      return createOrderInTx(tx, userId, body);
    });
    return { order, replay: false };
  }
  const hash = requestHash(body);
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      await lockCustomer(tx, userId);
      const inserted = await tx.insert(idempotencyKeys).values({ userId, key, requestHash: hash }).onConflictDoNothing().returning();
      if (inserted.length === 0) {
        const [existing] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        if (!existing) return undefined; // the other request rolled back: try again
        if (existing.requestHash !== hash) throw new HttpError(422, orderMessages.idempotencyReuse);
        return { order: existing.response as Order, replay: true };
      }
      const order = await createOrderInTx(tx, userId, body);
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order.id, statusCode: 201, response: order })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return { order, replay: false };
    });
    if (result) return result;
  }
  // Only reachable if the same key keeps being inserted and rolled back by other requests.
  throw new HttpError(409, orderMessages.inProgress);
}

/** The lines of the given orders, grouped by order id, in the order they were added. */
export async function loadItemsByOrder(db: DbOrTx, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
  const byOrder = new Map<number, ItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return byOrder;
}

export async function listOrdersOfUser(db: DbOrTx, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`);
  const byOrder = await loadItemsByOrder(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toOrder(r, byOrder.get(r.id) ?? []));
}

/** Idempotency keys only matter while a client may retry; a week is far beyond any retry. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 7;

/** Deletes idempotency keys older than the retention period; returns how many went. */
export async function pruneIdempotencyKeys(db: DbOrTx, olderThanDays = IDEMPOTENCY_KEY_TTL_DAYS): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(days => ${olderThanDays})`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
