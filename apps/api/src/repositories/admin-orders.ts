import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { defaultSortDirection, type SortDirection } from '@shop/shared/domain/admin-lists';
import { orderStatuses, type OrderStatus } from '@shop/shared/domain/orders';
import { toEuros } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { orderItems, orders, users } from '../db/schema';
import { loadItemsByOrder } from './orders';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type Customer = { name: string; email: string; phone: string | null; emailVerified: boolean };

/** An order as the admin's list shows it; a pickup order without its own name or phone shows the account's. */
export function toAdminOrder(order: OrderRow, user: Customer | null, items: ItemRow[]): AdminOrder {
  const total = toEuros(order.totalCents);
  return {
    id: order.id,
    user: user?.email || user?.name || adminMsg.anonymous,
    userId: order.userId,
    userName: user?.name ?? null,
    products: items.map((i) => ({
      id: i.productId,
      name: i.name,
      quantity: i.quantity,
      price: toEuros(i.unitPriceCents),
      variantId: i.variantId,
      variant: i.variantTitle,
      sku: i.sku,
      ...(i.imeis.length > 0 ? { imeis: i.imeis } : {}),
    })),
    totalAmount: total,
    total,
    status: order.status,
    date: order.createdAt.toISOString(),
    fulfilment: order.fulfilment,
    paymentMethod: order.paymentMethod,
    deliveryFee: toEuros(order.deliveryFeeCents),
    customerName: order.customerName ?? user?.name ?? null,
    phone: order.phone ?? user?.phone ?? null,
    city: order.city,
    customerVerified: user ? user.emailVerified : null,
    // Decision 043: only when set, so an order without them answers exactly as before.
    ...(order.paidAt ? { paidAt: order.paidAt.toISOString() } : {}),
    ...(order.cashReceivedAt ? { cashReceivedAt: order.cashReceivedAt.toISOString() } : {}),
    ...(order.courier ? { courier: order.courier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl } : {}),
    ...(order.discountCode ? { discount: { code: order.discountCode, amount: toEuros(order.discountCents) } } : {}),
  };
}

const customerColumns = { userName: users.name, userEmail: users.email, userPhone: users.phone, userVerified: users.emailVerified };
type CustomerColumns = { userName: string | null; userEmail: string | null; userPhone: string | null; userVerified: boolean | null };
const customerOf = (r: CustomerColumns): Customer | null =>
  r.userEmail === null ? null : { name: r.userName ?? '', email: r.userEmail, phone: r.userPhone, emailVerified: r.userVerified === true };

/** The orders of the given rows with their lines, in the rows' order. */
async function withLines(db: DbOrTx, rows: readonly ({ order: OrderRow } & CustomerColumns)[]): Promise<AdminOrder[]> {
  const byOrder = await loadItemsByOrder(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => toAdminOrder(r.order, customerOf(r), byOrder.get(r.order.id) ?? []));
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

async function loadOrders(db: DbOrTx, onlyId?: number): Promise<AdminOrder[]> {
  const base = db
    .select({ order: orders, ...customerColumns })
    .from(orders)
    .leftJoin(users, eq(orders.userId, users.id));
  const rows = await (onlyId === undefined ? base : base.where(eq(orders.id, onlyId))).orderBy(...newestFirst);
  return withLines(db, rows);
}

/** `%text%` for LIKE, with the wildcards of the text itself taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A phone's digits without the country code or the leading 0: '+383 44 123 456' and '044 123 456' are both '44123456'. */
const phoneDigitsSql = (column: typeof orders.phone | typeof users.phone) =>
  sql`regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '^(00383|383|0+)', '')`;

/** At least this many digits make a search look in phone numbers too (fewer match almost every phone). */
const MIN_PHONE_DIGITS = 4;

/**
 * The condition of the admin's search: the order number (digits, with or without '#'), the
 * customer's name (the order's or the account's), the e-mail (case-insensitive) or the phone
 * (digits compared without spaces, country code or leading 0). Undefined: no search.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const pattern = containsPattern(text);
  const conditions: SQL[] = [
    sql`${orders.customerName} ilike ${pattern}`,
    sql`${users.name} ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
  ];
  const number = /^#?\s*(\d{1,10})$/.exec(text);
  if (number && Number(number[1]) <= 2_147_483_647) conditions.push(eq(orders.id, Number(number[1])));
  if (/^[\d\s+()./-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '').replace(/^(00383|383|0+)/, '');
    if (digits.length >= MIN_PHONE_DIGITS) {
      const like = `%${digits}%`;
      conditions.push(sql`${phoneDigitsSql(orders.phone)} like ${like}`, sql`${phoneDigitsSql(users.phone)} like ${like}`);
    }
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export type OrderSort = 'date' | 'total';

export interface AdminOrderSearch {
  status?: OrderStatus;
  q?: string;
  /** Newest first by default (domain/admin-lists defaultSortDirection). */
  sort?: OrderSort;
  dir?: SortDirection;
  limit: number;
  offset: number;
}

/** Each sort's columns, in the order of an index (orders_created_idx, orders_total_idx). */
const orderSorts: Record<OrderSort, (typeof orders.createdAt | typeof orders.id | typeof orders.totalCents)[]> = {
  date: [orders.createdAt, orders.id],
  total: [orders.totalCents, orders.id],
};

/**
 * The query of one page of the search (exported so a test can read its plan): the rows in an
 * index's order up to the LIMIT, with their customer; no count (the counts per status hold it).
 */
export function orderPageQuery(db: DbOrTx, f: AdminOrderSearch) {
  const dir = f.dir ?? defaultSortDirection(f.sort);
  return db
    .select({ order: orders, ...customerColumns })
    .from(orders)
    .leftJoin(users, eq(orders.userId, users.id))
    .where(and(searchCondition(f.q), f.status === undefined ? undefined : eq(orders.status, f.status)))
    .orderBy(...orderSorts[f.sort ?? 'date'].map((c) => (dir === 'asc' ? asc(c) : desc(c))))
    .limit(f.limit)
    .offset(f.offset);
}

/**
 * One page of the orders that match the search and the status, in the asked order (newest first
 * by default), with how many match the search in each status (for the filter's counts), which
 * also give the number of all that match: the page reads only its rows (decision 021).
 */
export async function searchAdminOrders(
  db: DbOrTx,
  f: AdminOrderSearch,
): Promise<{ orders: AdminOrder[]; total: number; counts: Record<OrderStatus, number> }> {
  const search = searchCondition(f.q);
  const [found, perStatus] = await Promise.all([
    orderPageQuery(db, f),
    // Without a search the counts need no customer: one pass over orders_status_idx.
    search === undefined
      ? db
          .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .groupBy(orders.status)
      : db
          .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .leftJoin(users, eq(orders.userId, users.id))
          .where(search)
          .groupBy(orders.status),
  ]);
  const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of perStatus) counts[row.status] = row.n;
  const total = f.status === undefined ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[f.status];
  return { orders: await withLines(db, found), total, counts };
}

/** One order with the raw row (delivery, note, VAT) and its customer's e-mail; undefined when there is none. */
export async function findAdminOrderWithRow(
  db: DbOrTx,
  id: number,
): Promise<{ order: AdminOrder; row: OrderRow; customerEmail: string | null } | undefined> {
  const [found] = await db
    .select({ order: orders, ...customerColumns })
    .from(orders)
    .leftJoin(users, eq(orders.userId, users.id))
    .where(eq(orders.id, id));
  if (!found) return undefined;
  const [order] = await withLines(db, [found]);
  return { order: order!, row: found.order, customerEmail: found.userEmail };
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
