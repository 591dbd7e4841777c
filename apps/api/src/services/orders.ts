import crypto from 'node:crypto';
import { linesTotalCents, MAX_STORED_CENTS, toCents, toEuros } from '@shop/shared/domain/money';
import { productIdKey } from '@shop/shared/domain/catalogue';
import {
  canCustomerCancel,
  deliveryFeeCents,
  unverifiedOrderRefusal,
  vatIncludedCents,
  type UnverifiedOrderRefusal,
} from '@shop/shared/domain/orders';
import type { ChatChannel } from '@shop/shared/domain/order-channels';
import { canReviewProduct } from '@shop/shared/domain/reviews';
import { msg } from '@shop/shared/messages';
import { orderMessages, type CheckoutSettings, type CreateOrderBody, type Order, type OrderDetail } from '@shop/shared/schemas/order';
import { orderSettings, type Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { orderPlacedMail } from '../mail/orders';
import { getShopSettings, withBank, withBankOf } from './shop-settings';
import { loadOrderHistory } from '../repositories/order-history';
import {
  claimIdempotencyKey,
  completeOrder,
  countOpenOrders,
  findIdempotencyKey,
  findOrderWithCustomer,
  guestOpenOrderLoad,
  hasIdempotencyKey,
  insertOrder,
  listOrdersOfUser,
  lockCustomer,
  lockProductsForOrder,
  openOrderLoad,
} from '../repositories/orders';
import { unratedProductsOfOrder } from '../repositories/reviews';
import { setUserDelivery } from '../repositories/users';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated, Unprocessable } from './errors';
import { applyDiscountCode } from './discount-codes';
import { moveOrder, orderUrl } from './order-status';
import { holdGiftCard, spendHold } from './gift-cards';

/**
 * A stable hash of what the order asks for, to tell a retry from a different order under the
 * same key: the lines, the total, how it is received and paid, the delivery details and the note.
 * A spec order (pickup, cash, no note) hashes as before these fields existed, so a retry under a
 * key stored by the previous version is still recognised.
 */
function requestHash(body: CreateOrderBody): string {
  const plain = body.fulfilment === 'pickup' && body.paymentMethod === 'cash' && !body.delivery && body.note === undefined;
  const canonical = JSON.stringify({
    // A line naming its variant (decision 039) hashes with it; the contract's lines as before.
    items: body.items.map((i) =>
      i.variantId === undefined
        ? [productIdKey(i.id), i.quantity, toCents(i.price)]
        : [productIdKey(i.id), i.quantity, toCents(i.price), i.variantId],
    ),
    total: toCents(body.total),
    ...(plain
      ? {}
      : {
          fulfilment: body.fulfilment,
          paymentMethod: body.paymentMethod,
          delivery: body.delivery ? [body.delivery.fullName, body.delivery.phone, body.delivery.city, body.delivery.address] : null,
          note: body.note ?? null,
        }),
    // Issue 29: an order naming a discount code hashes with it; without one as before.
    ...(body.discountCode?.trim() ? { discountCode: body.discountCode.trim().toUpperCase() } : {}),
    // Decision 048: only an order paying with a gift card hashes it (every other hashes as before).
    ...(body.giftCard ? { giftCard: [body.giftCard.code, body.giftCard.amount ?? null] } : {}),
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

export interface Customer {
  /** Null: a guest (decision 042). */
  id: number | null;
  name: string;
  email: string;
  phone: string | null;
  emailVerified: boolean;
  /**
   * A guest order's contact (E.164 phone), the SHA-256 of its link's secret and the link. The e-mail
   * is null only for an order staff placed from a chat without one (decision 047): no mail then.
   */
  guest?: { email: string | null; phone: string; tokenHash: string; link: string };
}

/** An order staff place from a chat or call (decision 047): the channel and who placed it. */
export interface StaffPlacement {
  channel: ChatChannel;
  by: { id: number; email: string };
}

/** The Albanian text of an unverified account's refusal (403 with needsVerification). */
const unverifiedRefusalText = (refusal: UnverifiedOrderRefusal): string =>
  refusal.reason === 'delivery'
    ? orderMessages.unverifiedDelivery
    : refusal.reason === 'open-orders'
      ? orderMessages.unverifiedOpenOrders(refusal.max)
      : orderMessages.unverifiedUnits(refusal.max, refusal.held);

/**
 * Recomputes every line, the delivery fee and the total from current prices and configuration,
 * creates the order and takes its stock (last), inside the caller's transaction (which holds the
 * customer's lock). Unknown ids and lines over the per-line cap are Invalid; a client price or
 * total that differs, a customer at the open-order cap and too few units left are a Conflict; an
 * account whose e-mail is not verified past its limits is Forbidden with `needsVerification`.
 * Nothing is written unless everything checks out (the caller's transaction rolls back).
 */
export async function placeOrder(
  tx: DbOrTx,
  config: Config,
  customer: Customer,
  body: CreateOrderBody,
  idempotency?: string,
  staff?: StaffPlacement,
): Promise<Order> {
  const settings = orderSettings(config);
  const keys = body.items.map((i) => productIdKey(i.id));
  // A line is a variant: the one named, else the product's default (the contract's body).
  const lineKeys = body.items.map((i) => `${productIdKey(i.id)}\u0000${i.variantId ?? 'default'}`);
  if (new Set(lineKeys).size !== lineKeys.length) throw new Invalid(orderMessages.duplicateLine);
  const variantIds = body.items.flatMap((i) => (i.variantId === undefined ? [] : [i.variantId]));
  const rows = await lockProductsForOrder(tx, [...new Set(keys)], variantIds);
  const byKey = new Map(rows.filter((r) => r.isDefault).map((r) => [productIdKey(r.id), r]));
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  // An id a product had before the seed grouped phones (a cart saved in a browser before, issue
  // 27) means the product it went into, and the variant it became unless the item names one.
  const byOldId = new Map(rows.flatMap((r) => (r.oldIds ?? []).map((old) => [old, r] as const)));
  const oldItems = new Set<number>();
  const items = body.items.map((i, n) => {
    const old = byKey.has(productIdKey(i.id)) ? undefined : byOldId.get(productIdKey(i.id));
    if (!old) return i;
    oldItems.add(n);
    return { ...i, id: old.id, variantId: i.variantId ?? (old.isDefault ? undefined : old.variantId) };
  });
  const unknownIds = items.filter((i) => !byKey.has(productIdKey(i.id))).map((i) => i.id);
  if (unknownIds.length > 0) throw new Invalid(orderMessages.unknownProducts + unknownIds.join(', '), { unknownIds });
  const unknownVariant = items.findIndex(
    (i) => i.variantId !== undefined && productIdKey(byVariant.get(i.variantId)?.id ?? '') !== productIdKey(i.id),
  );
  if (unknownVariant >= 0) {
    const item = items[unknownVariant]!;
    throw new Invalid(orderMessages.unknownVariant(byKey.get(productIdKey(item.id))!.name), { field: `items.${unknownVariant}.variantId` });
  }
  // A line with the same variant twice (once by its id, once as the default) is still one line.
  const variantsUsed = items.map((i) => (i.variantId === undefined ? byKey.get(productIdKey(i.id))!.variantId : i.variantId));
  if (new Set(variantsUsed).size !== variantsUsed.length) throw new Invalid(orderMessages.duplicateLine);

  const lines = items.map((i, n) => ({ product: byVariant.get(variantsUsed[n]!)!, quantity: i.quantity, clientPrice: i.price }));
  const overCap = lines.findIndex((l) => l.quantity > settings.maxPerLine);
  if (overCap >= 0) {
    throw new Invalid(orderMessages.perLine(settings.maxPerLine, lines[overCap]!.product.name), { field: `items.${overCap}.quantity` });
  }
  const current = lines.map((l) => ({ price: toEuros(l.product.priceCents), quantity: l.quantity }));
  const subtotalCents = linesTotalCents(current);
  const feeCents = deliveryFeeCents(body.fulfilment, subtotalCents, settings);
  // Issue 29 (decision 049): the code's discount, its row locked until the commit (its limits hold).
  const discount = body.discountCode?.trim()
    ? await applyDiscountCode(tx, body.discountCode, {
        lines: lines.map((l) => ({ productId: l.product.id, amountCents: l.product.priceCents * l.quantity })),
        feeCents,
        fulfilment: body.fulfilment,
        customer: customer.guest
          ? { userId: null, email: customer.guest.email, phone: customer.guest.phone }
          : { userId: customer.id, email: customer.email, phone: null },
      })
    : null;
  const totalCents = subtotalCents + feeCents - (discount?.cents ?? 0);
  // The total column is a 32-bit integer of cents; refuse rather than fail inside the database.
  if (totalCents > MAX_STORED_CENTS) throw new Invalid(orderMessages.totalTooLarge);
  // Staff send no prices (decision 047): the order is priced here, so there is nothing to compare.
  const mismatch = !staff && (lines.some((l) => toCents(l.clientPrice) !== l.product.priceCents) || toCents(body.total) !== totalCents);
  if (mismatch) {
    throw new Conflict(orderMessages.pricesChanged, {
      // A line asked by an old id is named as asked, so the cart that holds it reprices it.
      prices: lines.map((l, n) =>
        oldItems.has(n)
          ? { id: body.items[n]!.id, name: l.product.name, price: toEuros(l.product.priceCents) }
          : {
              id: l.product.id,
              name: l.product.name,
              price: toEuros(l.product.priceCents),
              ...(l.product.isDefault ? {} : { variantId: l.product.variantId }),
            },
      ),
      total: toEuros(totalCents),
      deliveryFee: toEuros(feeCents),
      ...(discount ? { discount: toEuros(discount.cents) } : {}),
    });
  }

  // The customer's row is locked: a second order of theirs waits here until this one is done, so
  // neither cap can be passed by orders sent at once. One statement reads what both caps need.
  let openOrders: number;
  if (!customer.emailVerified) {
    // Throwaway accounts cannot hoard stock (issue 24 finding 7, decision 028).
    // A guest is held to the same limits, counted over the orders of their e-mail or phone.
    const load = customer.guest
      ? await guestOpenOrderLoad(tx, customer.guest.email, customer.guest.phone)
      : await openOrderLoad(tx, customer.id!);
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    const refusal = unverifiedOrderRefusal(
      { emailVerified: false, openOrders: load.orders, openUnits: load.units },
      { fulfilment: body.fulfilment, units },
      settings.unverified,
    );
    if (refusal) throw new Forbidden(unverifiedRefusalText(refusal), { needsVerification: true });
    openOrders = load.orders;
  } else {
    openOrders = await countOpenOrders(tx, customer.id!);
  }
  if (openOrders >= settings.maxOpenOrders) {
    throw new Conflict(orderMessages.openOrders(settings.maxOpenOrders));
  }

  // A gift card pays part of the total (decision 048): its row locked, its balance checked here.
  const card = body.giftCard ? await holdGiftCard(tx, body.giftCard, totalCents) : null;
  const delivery = body.fulfilment === 'delivery' ? (body.delivery ?? null) : null;
  const note = body.note?.trim() ? body.note.trim() : null;
  const orderLines = lines.map((l) => ({
    productId: l.product.id,
    name: l.product.name,
    variantId: l.product.variantId,
    variantTitle: l.product.variantTitle,
    sku: l.product.sku,
    unitPriceCents: l.product.priceCents,
    quantity: l.quantity,
  }));
  const inserted = await insertOrder(
    tx,
    {
      userId: customer.id,
      guestEmail: customer.guest ? customer.guest.email : null,
      guestName: customer.guest ? customer.name : null,
      guestPhone: customer.guest?.phone ?? null,
      guestTokenHash: customer.guest?.tokenHash ?? null,
      totalCents,
      deliveryFeeCents: feeCents,
      vatPercent: settings.vatPercent,
      fulfilment: body.fulfilment,
      // A card that pays it all leaves nothing to transfer (no transfer to wait for, decision 048).
      paymentMethod: card && card.cents === totalCents ? 'cash' : body.paymentMethod,
      giftCardCents: card?.cents ?? 0,
      customerName: delivery ? delivery.fullName : customer.name,
      phone: delivery ? delivery.phone : customer.phone,
      city: delivery?.city ?? null,
      address: delivery?.address ?? null,
      note,
      channel: staff?.channel ?? 'web',
      ...(discount ? { discountCents: discount.cents, discountCodeId: discount.codeId, discountCode: discount.code } : {}),
    },
    orderLines,
  );
  // A transfer order's answer and mail carry the shop's bank and IBAN (decision 043).
  const order = await withBankOf(tx, inserted);
  if (card) await spendHold(tx, card, { orderId: order.id }, { id: customer.id, email: customer.email });
  if (delivery && customer.id !== null) await setUserDelivery(tx, customer.id, delivery);
  // Everything else the order writes goes in one statement (decision 030): its lines, its first
  // history entry, the customer's mail in the outbox, the answer kept for a retry under its
  // Idempotency-Key, and its stock, taken last so the stock rows stay locked only from there to
  // the commit (orders for the same product queue for that moment alone). The stock rows are
  // locked in key order, like every lock; a line never takes a shelf below zero, and too few
  // units roll the whole order back.
  const { short } = await completeOrder(tx, {
    order,
    lines: orderLines,
    history: staff
      ? { orderId: order.id, from: null, to: order.status, actorType: 'staff', actorId: staff.by.id, actorEmail: staff.by.email }
      : { orderId: order.id, from: null, to: order.status, actorType: 'customer', actorId: customer.id, actorEmail: customer.email },
    // A guest order staff placed without an e-mail has nowhere to mail (decision 047).
    mail: customer.email ? orderPlacedMail(customer, order, customer.guest ? customer.guest.link : orderUrl(config, order.id)) : undefined,
    idempotency: idempotency && customer.id !== null ? { userId: customer.id, key: idempotency } : undefined,
    stock: lines.map((l) => ({ variantId: l.product.variantId, quantity: l.quantity })),
  });
  const first = [...lines]
    .sort((a, b) => (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : a.product.variantId - b.product.variantId))
    .find((l) => short.has(l.product.variantId));
  if (first) {
    const left = short.get(first.product.variantId)!;
    const p = first.product;
    const name = p.variantTitle ? `${p.name} (${p.variantTitle})` : p.name;
    throw new Conflict(orderMessages.outOfStock(name, left), { productId: p.id, left, ...(p.isDefault ? {} : { variantId: p.variantId }) });
  }
  return order;
}

/**
 * Locks the customer's row for the order's transaction, so an admin's delete or block waits for
 * the order instead of breaking its foreign keys halfway, and the customer's orders take turns
 * (the open-order cap). The token was checked a moment earlier; an account deleted or blocked
 * since then gets the same answer as the auth check gives.
 */
async function holdCustomer(tx: DbOrTx, userId: number): Promise<Customer> {
  const customer = await lockCustomer(tx, userId);
  if (!customer) throw new Unauthenticated(msg.invalidToken);
  if (customer.blocked) throw new Unauthenticated(msg.blocked);
  return { id: userId, name: customer.name, email: customer.email, phone: customer.phone, emailVerified: customer.emailVerified };
}

/**
 * Creates the order in one transaction, once per (user, Idempotency-Key). The key row is inserted
 * in the same transaction as the order: a concurrent request with the same key waits on the
 * primary key, then finds the stored answer. A key whose body differs is Unprocessable.
 */
export async function createOrder(
  db: Db,
  config: Config,
  userId: number,
  body: CreateOrderBody,
  key?: string,
): Promise<{ order: Order; replay: boolean }> {
  if (!key) {
    const order = await db.transaction(async (tx) => {
      const customer = await holdCustomer(tx, userId);
      return placeOrder(tx, config, customer, body);
    });
    return { order, replay: false };
  }
  const hash = requestHash(body);
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      const customer = await holdCustomer(tx, userId);
      if (!(await claimIdempotencyKey(tx, userId, key, hash))) {
        const existing = await findIdempotencyKey(tx, userId, key);
        if (!existing) return undefined; // the other request rolled back: try again
        if (existing.requestHash !== hash) throw new Unprocessable(orderMessages.idempotencyReuse);
        return { order: existing.response as Order, replay: true };
      }
      // The answer is kept under the key in the order's own last statement.
      const order = await placeOrder(tx, config, customer, body, key);
      return { order, replay: false };
    });
    if (result) return result;
  }
  // Only reachable if the same key keeps being inserted and rolled back by other requests.
  throw new Conflict(orderMessages.inProgress);
}

/** The customer's own orders, newest first. */
export async function listMyOrders(db: DbOrTx, userId: number): Promise<Order[]> {
  const list = await listOrdersOfUser(db, userId);
  if (!list.some((o) => o.transfer)) return list;
  const settings = await getShopSettings(db);
  return list.map((o) => withBank(o, settings));
}

/** Whether the customer already used this Idempotency-Key: a retry, not a new order (the per-user rate limit lets it through). */
export const isRetryOfOrder = (db: DbOrTx, userId: number, key: string): Promise<boolean> => hasIdempotencyKey(db, userId, key);

/** What the checkout shows before confirming, in euros (the server recomputes it all). */
export function checkoutSettings(config: Config): CheckoutSettings {
  const s = orderSettings(config);
  return {
    deliveryFee: toEuros(s.deliveryFeeCents),
    freeDeliveryFrom: s.freeDeliveryFromCents === null ? null : toEuros(s.freeDeliveryFromCents),
    vatPercent: s.vatPercent,
    maxPerLine: s.maxPerLine,
    maxOpenOrders: s.maxOpenOrders,
  };
}

/**
 * One of the customer's own orders with its history. Another customer's order is NotFound like
 * an unknown id, so its existence is not revealed.
 */
export async function orderDetailOf(db: DbOrTx, userId: number | null, orderId: number): Promise<OrderDetail> {
  const found = await findOrderWithCustomer(db, orderId);
  // userId null: the guest's link already proved the order is theirs (services/guest-orders.ts).
  if (!found || (userId !== null && found.row.userId !== userId)) throw new NotFound(orderMessages.notFound);
  const history = (await loadOrderHistory(db, [orderId])).get(orderId) ?? [];
  // Who may rate: a customer who received the product (domain/reviews.ts, decision 023).
  const toReview = userId !== null && canReviewProduct([found.order.status]) ? await unratedProductsOfOrder(db, userId, orderId) : [];
  return {
    ...(await withBankOf(db, found.order)),
    history: history.map((h) => ({ status: h.toStatus, from: h.fromStatus, at: h.createdAt.toISOString(), by: h.actorType })),
    canCancel: canCustomerCancel(found.order.status),
    vatPercent: found.row.vatPercent,
    vatIncluded: toEuros(vatIncludedCents(found.row.totalCents, found.row.vatPercent)),
    toReview,
  };
}

/** GET /api/orders/{id}: the caller's own order. */
export const findMyOrder = (db: DbOrTx, userId: number, orderId: number): Promise<OrderDetail> => orderDetailOf(db, userId, orderId);

/**
 * The customer cancels their own order while it is pending (moveOrder: history, stock back, mail).
 * Another customer's order is NotFound; an order the shop already moved on is a Conflict.
 */
export async function cancelMyOrder(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  customer: { id: number; email: string },
  orderId: number,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    await moveOrder(tx, config, {
      orderId,
      to: 'cancelled',
      by: { type: 'customer', id: customer.id, email: customer.email },
      allowed: (from) => canCustomerCancel(from),
      mayMove: (row) => {
        if (row.userId !== customer.id) throw new NotFound(orderMessages.notFound);
      },
      conflictMessage: orderMessages.cannotCancel,
    });
    return orderDetailOf(tx, customer.id, orderId);
  });
}
