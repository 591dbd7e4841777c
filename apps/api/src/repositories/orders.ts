import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { toEuros } from '@shop/shared/domain/money';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { initialOrderStatus, openOrderStatuses, type Fulfilment, type OrderStatus, type PaymentMethod } from '@shop/shared/domain/orders';
import { type OrderChannel } from '@shop/shared/domain/order-channels';
import { awaitingTransferStatuses, transferReference } from '@shop/shared/domain/payments';
import type { Order } from '@shop/shared/schemas/order';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys, orderItems, orders, products, productVariants, users } from '../db/schema';
import { productIdKeySql, variantTitleSql } from './products';
import type { OrderHistoryEntryInput } from './order-history';
import type { OutgoingMail } from './mail-outbox';

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

export function toOrder(order: OrderRow, items: ItemRow[]): Order {
  return {
    id: order.id,
    items: items.map((i) => ({
      id: i.productId,
      name: i.name,
      price: toEuros(i.unitPriceCents),
      quantity: i.quantity,
      variantId: i.variantId,
      variant: i.variantTitle,
      sku: i.sku,
      ...(i.imeis.length > 0 ? { imeis: i.imeis } : {}),
    })),
    total: toEuros(order.totalCents),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    subtotal: toEuros(order.totalCents - order.deliveryFeeCents + order.discountCents),
    deliveryFee: toEuros(order.deliveryFeeCents),
    fulfilment: order.fulfilment,
    paymentMethod: order.paymentMethod,
    delivery:
      order.fulfilment === 'delivery'
        ? { fullName: order.customerName ?? '', phone: order.phone ?? '', city: order.city ?? '', address: order.address ?? '' }
        : null,
    note: order.note,
    // Decision 043, only when they apply, so a cash order answers exactly as before: a transfer's
    // details (the bank's name and IBAN are the settings', services/shop-settings.ts withBank), the
    // courier's cash received, the courier and tracking number of a sent order.
    ...(order.paymentMethod === 'transfer'
      ? {
          transfer: {
            bankName: '',
            iban: '',
            amount: toEuros(order.totalCents - order.giftCardCents),
            reference: transferReference(order.id),
            payBy: '',
            paidAt: order.paidAt?.toISOString() ?? null,
          },
        }
      : {}),
    ...(order.cashReceivedAt ? { cashReceivedAt: order.cashReceivedAt.toISOString() } : {}),
    // Decision 048: a gift card paid part of the total (only then, so other orders answer as before).
    ...(order.giftCardCents > 0
      ? { giftCard: { paid: toEuros(order.giftCardCents), due: toEuros(order.totalCents - order.giftCardCents) } }
      : {}),
    ...(order.courier && order.trackingNumber
      ? { shipment: { courier: order.courier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl } }
      : {}),
    // Issue 29 (decision 049): only on an order with a discount code.
    ...(order.discountCode ? { discount: { code: order.discountCode, amount: toEuros(order.discountCents) } } : {}),
  };
}

/** Locks an order's row until the end of the transaction (a status move); undefined when there is none. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** One order with its lines and its customer's id and e-mail (null once the account is deleted). */
export async function findOrderWithCustomer(
  db: DbOrTx,
  id: number,
): Promise<{ order: Order; row: OrderRow; customer: { id: number; name: string; email: string } | null } | undefined> {
  const [found] = await db
    .select({ order: orders, customerId: users.id, customerName: users.name, customerEmail: users.email })
    .from(orders)
    .leftJoin(users, eq(orders.userId, users.id))
    .where(eq(orders.id, id));
  if (!found) return undefined;
  const items = (await loadItemsByOrder(db, [id])).get(id) ?? [];
  const customer =
    found.customerId === null ? null : { id: found.customerId, name: found.customerName ?? '', email: found.customerEmail ?? '' };
  return { order: toOrder(found.order, items), row: found.order, customer };
}

/** Sets an order's status (the caller holds its lock and checked the move). */
export async function setOrderStatus(tx: DbOrTx, id: number, status: OrderStatus): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
}

/**
 * Locks the customer's row until the end of the transaction (FOR NO KEY UPDATE): an admin's
 * delete or block waits for the order, and two orders of the same customer take turns, so a
 * count of their open orders made after the lock is still true when the order is inserted.
 * Inserts referencing the user (a login's session) are not held up. Undefined when there is no
 * such user.
 */
export async function lockCustomer(
  tx: DbOrTx,
  userId: number,
): Promise<{ blocked: boolean; name: string; email: string; phone: string | null; emailVerified: boolean } | undefined> {
  const [row] = await tx
    .select({ blocked: users.blocked, name: users.name, email: users.email, phone: users.phone, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

/** The ids of the customer's open orders (pending, confirmed or shipped), oldest first. */
export async function openOrderIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...openOrderStatuses])))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** How many of the customer's orders are still open (pending, confirmed or shipped). */
export async function countOpenOrders(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...openOrderStatuses])));
  return Number(row?.n ?? 0);
}

/**
 * The customer's open orders (pending, confirmed or shipped) and the units they hold in all, in
 * one statement (the limits on unverified accounts, issue 24 finding 7).
 */
export async function openOrderLoad(db: DbOrTx, userId: number): Promise<{ orders: number; units: number }> {
  return openLoadOf(db, eq(orders.userId, userId));
}

/** The open orders whose owner `who` selects, and the units they hold in all, in one statement. */
async function openLoadOf(db: DbOrTx, who: SQL): Promise<{ orders: number; units: number }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(who, inArray(orders.status, [...openOrderStatuses])));
  return { orders: Number(row?.orders ?? 0), units: Number(row?.units ?? 0) };
}

/**
 * The current id and name of the products asked for (ids in any letter case), each with its
 * default variant and the variants named by `variantIds` (decision 039): id, option values
 * ('Titanium i zi / 512 GB', '' without options), SKU and price. One statement; the products rows
 * are share-locked until the end of the transaction: an admin's price change, variant edit or
 * delete waits for the order, while orders for the same products go on side by side. The units
 * are the variants' `stock`, taken at the end of the order's transaction (services/orders.ts), so
 * orders queue only for that short moment; the locks are taken in key order (products here, then
 * the variants), as an admin's edit does.
 *
 * An id the product had before the seed grouped phones (product_aliases, issue 27: a cart saved
 * in a browser before) finds, in the same statement, the product it went into and the variant it
 * became: that row's `oldIds` lists the old ids asked for that mean it. The old ids are resolved
 * once (an InitPlan) into the array the products' id index is searched with.
 */
export async function lockProductsForOrder(tx: DbOrTx, ids: readonly string[], variantIds: readonly number[] = []) {
  const v = productVariants;
  const title = variantTitleSql(v.id);
  const keys = sql`array[${sql.join(
    ids.map((id) => sql`${productIdKey(id)}`),
    sql`, `,
  )}]::text[]`;
  const asked = sql`array[${sql.join(
    variantIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  return tx
    .select({
      id: products.id,
      name: products.name,
      variantId: v.id,
      isDefault: v.isDefault,
      variantTitle: title,
      sku: v.sku,
      priceCents: v.priceCents,
      oldIds: sql<string[] | null>`(select json_agg(a.id order by a.id) from product_aliases a
        where a.id = any(${keys}) and a.product_id = ${products.id} and (a.variant_id = ${v.id} or (a.variant_id is null and ${v.isDefault})))`,
    })
    .from(products)
    .innerJoin(v, eq(v.productId, products.id))
    .where(
      and(
        sql`${productIdKeySql} = any(${keys} || array(select lower(a.product_id) from product_aliases a where a.id = any(${keys})))`,
        sql`(${v.isDefault} or ${v.id} = any(${asked} || array(select a.variant_id from product_aliases a where a.id = any(${keys}) and a.variant_id is not null)))`,
      ),
    )
    .orderBy(asc(products.id), asc(v.id))
    .for('share', { of: products });
}

/** What an order row holds besides its lines (the service computed every figure). */
export interface NewOrder {
  /** Null for a guest order (decision 042). */
  userId: number | null;
  /** A guest order's e-mail, phone (E.164) and the SHA-256 of its link's secret. */
  guestEmail?: string | null;
  guestName?: string | null;
  guestPhone?: string | null;
  guestTokenHash?: string | null;
  totalCents: number;
  deliveryFeeCents: number;
  vatPercent: number;
  fulfilment: Fulfilment;
  paymentMethod: PaymentMethod;
  customerName: string | null;
  phone: string | null;
  city: string | null;
  address: string | null;
  note: string | null;
  /** Where it came from (decision 047); the column's default is 'web'. */
  channel?: OrderChannel;
  /** Issue 29 (decision 049): the discount code's discount, id and text. */
  discountCents?: number;
  discountCodeId?: number | null;
  discountCode?: string | null;
  /** Paid with a gift card (decision 048); the column's default is 0. */
  giftCardCents?: number;
}

export interface OrderLineInput {
  productId: string;
  name: string;
  variantId: number | null;
  variantTitle: string | null;
  sku: string | null;
  unitPriceCents: number;
  quantity: number;
}

/**
 * Inserts an order's row in its first status; the answer holds the lines given, which
 * `completeOrder` writes (in the same transaction).
 */
export async function insertOrder(tx: DbOrTx, data: NewOrder, lines: readonly OrderLineInput[]): Promise<Order> {
  const [order] = await tx
    .insert(orders)
    .values({ ...data, status: initialOrderStatus })
    .returning();
  if (!order) throw new Error('order not created');
  return toOrder(
    order,
    lines.map((l, i) => ({ id: i, orderId: order.id, imeis: [], returnedQuantity: 0, ...l })),
  );
}

/** What a new order writes besides its row (services/orders.ts). */
export interface OrderCompletion {
  order: Order;
  lines: readonly OrderLineInput[];
  history: OrderHistoryEntryInput;
  /** Undefined: no mail (a guest order staff placed from a chat without an e-mail, decision 047). */
  mail: OutgoingMail | undefined;
  /** The customer's Idempotency-Key, claimed earlier in the transaction, to keep the answer under. */
  idempotency?: { userId: number; key: string };
  /** Units to take, one entry per variant. */
  stock: readonly { variantId: number; quantity: number }[];
}

/**
 * Writes the rest of a new order in one statement (one round trip, decision 030): its lines (in
 * the order given), its first history entry, its mail in the outbox, the answer under its
 * Idempotency-Key, and its stock. The variants' rows are locked in key order first, then each taken
 * with a conditional UPDATE that never goes below zero (of two orders racing for the last units
 * only one gets them: the row lock makes the other re-read the new quantity); a variant whose
 * stock is not tracked (null) is always sellable. Answers, for the variants whose units were not
 * all there, the units left: then the caller must roll the transaction back, since the rest was written.
 */
export async function completeOrder(tx: DbOrTx, c: OrderCompletion): Promise<{ short: Map<number, number> }> {
  const orderId = c.order.id;
  const items = sql.join(
    c.lines.map(
      (l, i) =>
        sql`(${i}::int, ${l.productId}::text, ${l.name}::text, ${l.variantId}::int, ${l.variantTitle}::text, ${l.sku}::text, ${l.unitPriceCents}::int, ${l.quantity}::int)`,
    ),
    sql`, `,
  );
  const stock = sql.join(
    c.stock.map((l) => sql`(${l.variantId}::int, ${l.quantity}::int)`),
    sql`, `,
  );
  const h = c.history;
  const m = c.mail;
  const res = await tx.execute(sql`
    with lines as (
      insert into order_items (order_id, product_id, name, variant_id, variant_title, sku, unit_price_cents, quantity)
      select ${orderId}::int, v.product_id, v.name, v.variant_id, v.variant_title, v.sku, v.unit_price_cents, v.quantity
      from (values ${items}) as v(pos, product_id, name, variant_id, variant_title, sku, unit_price_cents, quantity)
      order by v.pos
      returning 1
    ), history as (
      insert into order_status_history (order_id, from_status, to_status, actor_type, actor_id, actor_email)
      values (${orderId}::int, ${h.from}::text, ${h.to}::text, ${h.actorType}::text, ${h.actorId}::int, ${h.actorEmail}::text)
      returning 1
    ), mail as (${
      m
        ? sql`
      insert into mail_outbox (kind, to_address, subject, text_body, html_body, staff_text, staff_html)
      values (${m.kind}, ${m.to}, ${m.subject}, ${m.text}, ${m.html}, ${m.staffText ?? null}::text, ${m.staffHtml ?? null}::text)
      returning 1`
        : sql`select 1`
    }
    ), answer as (
      update idempotency_keys set order_id = ${orderId}::int, status_code = 201, response = ${JSON.stringify(c.order)}::jsonb
      where ${c.idempotency ? sql`user_id = ${c.idempotency.userId}::int and key = ${c.idempotency.key}::text` : sql`false`}
      returning 1
    ), wanted as (
      select * from (values ${stock}) as w(variant_id, quantity)
    ), locked as (
      select s.id from product_variants s
      where s.id in (select variant_id from wanted) and s.stock is not null
      order by s.id
      for no key update
    ), taken as (
      update product_variants s set stock = s.stock - w.quantity, updated_at = now()
      from wanted w, locked l
      where s.id = w.variant_id and l.id = w.variant_id and s.stock >= w.quantity
      returning s.id
    )
    select
      coalesce((select json_agg(l.id) from locked l where l.id not in (select id from taken)), '[]'::json) as short
  `);
  const row = (res as unknown as { rows: { short: number[] | string }[] }).rows[0];
  const shortIds = typeof row?.short === 'string' ? (JSON.parse(row.short) as number[]) : (row?.short ?? []);
  const short = new Map<number, number>();
  if (shortIds.length > 0) {
    // Only on the way to a refusal: how many units are left of each.
    const left = await tx
      .select({ variantId: productVariants.id, quantity: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.id, shortIds));
    for (const r of left) short.set(r.variantId, r.quantity ?? 0);
  }
  return { short };
}

/** Whether the customer already used this Idempotency-Key (a retry of an order placed or in progress). */
export async function hasIdempotencyKey(db: DbOrTx, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row !== undefined;
}

/** Claims (user, key) for a new order; false when the key is already there. */
export async function claimIdempotencyKey(tx: DbOrTx, userId: number, key: string, requestHash: string): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findIdempotencyKey(tx: DbOrTx, userId: number, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
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

/** A customer's orders with their lines, newest first. */
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
const IDEMPOTENCY_KEY_TTL_DAYS = 7;

/** Deletes idempotency keys older than the retention period; returns how many went. */
export async function pruneIdempotencyKeys(db: DbOrTx, olderThanDays = IDEMPOTENCY_KEY_TTL_DAYS): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(days => ${olderThanDays})`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * Holds a guest's turn (decision 042): two orders with the same e-mail or phone wait for each
 * other until the end of the transaction, so the open-order limits counted next stay true. The
 * keys are locked in sorted order (one order's e-mail and another's phone never deadlock).
 */
export async function lockGuest(tx: DbOrTx, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 42))`);
}

/**
 * The open orders (pending, confirmed or shipped) of a guest, found by the e-mail or the phone
 * they gave (whether or not an account took them over since), and the units they hold in all.
 */
export async function guestOpenOrderLoad(db: DbOrTx, email: string | null, phone: string): Promise<{ orders: number; units: number }> {
  if (email === null) return openLoadOf(db, sql`${orders.guestPhone} = ${phone}`);
  return openLoadOf(db, sql`(lower(${orders.guestEmail}) = ${email.toLowerCase()} or ${orders.guestPhone} = ${phone})`);
}

/** The id of the guest order whose link's secret hashes to `tokenHash`; undefined when none. */
export async function findGuestOrderId(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.guestTokenHash, tokenHash));
  return row?.id;
}

/**
 * An account whose e-mail is now proved takes over the guest orders placed with that e-mail
 * (decision 042): they show in its 'Porositë e mia'. Answers how many it took.
 */
export async function attachGuestOrders(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(
      and(
        isNull(orders.userId),
        isNotNull(orders.guestEmail),
        sql`lower(${orders.guestEmail}) = (select lower(${users.email}) from ${users} where ${users.id} = ${userId} and ${users.emailVerified})`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

/** Decision 043: the courier and tracking number of a sent order (the caller holds its lock). */
export async function setOrderShipment(
  tx: DbOrTx,
  id: number,
  s: { courier: string; trackingNumber: string; trackingUrl: string | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...s, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** A transfer order's money arrived (the caller holds its lock and checked it may be marked). */
export async function setOrderPaid(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(orders).set({ paidAt: at, updatedAt: new Date() }).where(eq(orders.id, id));
}

/** The courier's cash of an order on delivery arrived. */
export async function setOrderCashReceived(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(orders).set({ cashReceivedAt: at, updatedAt: new Date() }).where(eq(orders.id, id));
}

/**
 * Claims up to `limit` unpaid transfer orders placed more than `days` days ago that still wait
 * for their money (decision 043), locking them FOR UPDATE SKIP LOCKED like the mail outbox's
 * claim: an instance running the same job at the same moment skips them and sees them cancelled
 * once this transaction commits, so each is cancelled once.
 */
export async function claimOverdueTransfers(tx: DbOrTx, days: number, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'transfer'),
        isNull(orders.paidAt),
        inArray(orders.status, [...awaitingTransferStatuses]),
        sql`${orders.createdAt} <= now() - make_interval(days => ${days})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}
