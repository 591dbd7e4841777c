import crypto from 'node:crypto';
import { linesTotalCents, MAX_STORED_CENTS, toCents, toEuros } from '@shop/shared/domain/money';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { msg } from '@shop/shared/messages';
import { orderMessages, type CreateOrderBody, type Order } from '@shop/shared/schemas/order';
import type { Db, DbOrTx } from '../db/client';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  insertOrder,
  listOrdersOfUser,
  lockCustomer,
  lockProductsForOrder,
  storeIdempotentAnswer,
} from '../repositories/orders';
import { Conflict, Invalid, Unauthenticated, Unprocessable } from './errors';

/** A stable hash of what the order asks for, to tell a retry from a different order under the same key. */
function requestHash(body: CreateOrderBody): string {
  const canonical = JSON.stringify({
    items: body.items.map((i) => [productIdKey(i.id), i.quantity, toCents(i.price)]),
    total: toCents(body.total),
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

/**
 * Recomputes every line and the total from current prices and creates the order, inside the
 * caller's transaction. Unknown ids are Invalid; a client price or total that differs is a
 * Conflict with the current prices. Nothing is written unless everything checks out.
 */
async function placeOrder(tx: DbOrTx, userId: number, body: CreateOrderBody): Promise<Order> {
  const keys = body.items.map((i) => productIdKey(i.id));
  if (new Set(keys).size !== keys.length) throw new Invalid(orderMessages.duplicateLine);
  const rows = await lockProductsForOrder(tx, keys);
  const byKey = new Map(rows.map((r) => [productIdKey(r.id), r]));
  const unknownIds = body.items.filter((i) => !byKey.has(productIdKey(i.id))).map((i) => i.id);
  if (unknownIds.length > 0) throw new Invalid(orderMessages.unknownProducts + unknownIds.join(', '), { unknownIds });

  const lines = body.items.map((i) => ({ product: byKey.get(productIdKey(i.id))!, quantity: i.quantity, clientPrice: i.price }));
  const current = lines.map((l) => ({ price: toEuros(l.product.priceCents), quantity: l.quantity }));
  const totalCents = linesTotalCents(current);
  // The total column is a 32-bit integer of cents; refuse rather than fail inside the database.
  if (totalCents > MAX_STORED_CENTS) throw new Invalid(orderMessages.totalTooLarge);
  const mismatch = lines.some((l) => toCents(l.clientPrice) !== l.product.priceCents) || toCents(body.total) !== totalCents;
  if (mismatch) {
    throw new Conflict(orderMessages.pricesChanged, {
      prices: lines.map((l) => ({ id: l.product.id, name: l.product.name, price: toEuros(l.product.priceCents) })),
      total: toEuros(totalCents),
    });
  }
  return insertOrder(
    tx,
    userId,
    totalCents,
    lines.map((l) => ({ productId: l.product.id, name: l.product.name, unitPriceCents: l.product.priceCents, quantity: l.quantity })),
  );
}

/**
 * Locks the customer's row for the order's transaction, so an admin's delete or block waits for
 * the order instead of breaking its foreign keys halfway. The token was checked a moment earlier;
 * an account deleted or blocked since then gets the same answer as the auth check gives.
 */
async function holdCustomer(tx: DbOrTx, userId: number): Promise<void> {
  const customer = await lockCustomer(tx, userId);
  if (!customer) throw new Unauthenticated(msg.invalidToken);
  if (customer.blocked) throw new Unauthenticated(msg.blocked);
}

/**
 * Creates the order in one transaction, once per (user, Idempotency-Key). The key row is inserted
 * in the same transaction as the order: a concurrent request with the same key waits on the
 * primary key, then finds the stored answer. A key whose body differs is Unprocessable.
 */
export async function createOrder(db: Db, userId: number, body: CreateOrderBody, key?: string): Promise<{ order: Order; replay: boolean }> {
  if (!key) {
    const order = await db.transaction(async (tx) => {
      await holdCustomer(tx, userId);
      return placeOrder(tx, userId, body);
    });
    return { order, replay: false };
  }
  const hash = requestHash(body);
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      await holdCustomer(tx, userId);
      if (!(await claimIdempotencyKey(tx, userId, key, hash))) {
        const existing = await findIdempotencyKey(tx, userId, key);
        if (!existing) return undefined; // the other request rolled back: try again
        if (existing.requestHash !== hash) throw new Unprocessable(orderMessages.idempotencyReuse);
        return { order: existing.response as Order, replay: true };
      }
      const order = await placeOrder(tx, userId, body);
      await storeIdempotentAnswer(tx, userId, key, order);
      return { order, replay: false };
    });
    if (result) return result;
  }
  // Only reachable if the same key keeps being inserted and rolled back by other requests.
  throw new Conflict(orderMessages.inProgress);
}

/** The customer's own orders, newest first. */
export const listMyOrders = (db: DbOrTx, userId: number): Promise<Order[]> => listOrdersOfUser(db, userId);
