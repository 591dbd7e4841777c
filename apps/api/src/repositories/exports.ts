import { and, asc, eq, gt, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@shop/shared/domain/time';
import { saleOrderStatuses } from '@shop/shared/domain/orders';
import type { DbOrTx } from '../db/client';
import { newsletterSubscriptions, orderItems, orders, users, warrantySheets } from '../db/schema';

/**
 * The rows of the CSV exports (decision 021), read a batch at a time in the order of a key
 * (keyset paging: each batch starts after the last key of the one before), so an export of a
 * whole year never holds more than one batch in memory and never skips or repeats a row.
 */

export interface DayRange {
  /** Days in the shop's zone, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
/** The moments [start of `from`, start of the day after `to`) in the shop's zone, as SQL constants (so an index on the column serves them). */
function inDays(column: typeof orders.createdAt | typeof users.createdAt | typeof newsletterSubscriptions.createdAt, r: DayRange): SQL {
  return sql`${column} >= (${r.from}::date::timestamp at time zone ${zone}) and ${column} < ((${r.to}::date + 1)::timestamp at time zone ${zone})`;
}

export type OrderLineRow = {
  order: typeof orders.$inferSelect;
  item: typeof orderItems.$inferSelect;
  userName: string | null;
  userEmail: string | null;
  userPhone: string | null;
};

/** Order lines of orders placed in the range, by order number and line, after the key `after` ([order id, line id]). */
export function orderLinesBatch(db: DbOrTx, r: DayRange, after: [number, number] | null, limit: number): Promise<OrderLineRow[]> {
  return db
    .select({ order: orders, item: orderItems, userName: users.name, userEmail: users.email, userPhone: users.phone })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(users, eq(orders.userId, users.id))
    .where(
      and(
        inDays(orders.createdAt, r),
        after === null ? undefined : or(gt(orders.id, after[0]), and(eq(orders.id, after[0]), gt(orderItems.id, after[1]))),
      ),
    )
    .orderBy(asc(orders.id), asc(orderItems.id))
    .limit(limit);
}

/** Warranty sheets whose date (`data`, the day in the shop's zone) is in the range, by id after `after`. */
export function warrantyBatch(db: DbOrTx, r: DayRange, after: number | null, limit: number) {
  return db
    .select()
    .from(warrantySheets)
    .where(and(gte(warrantySheets.data, r.from), lte(warrantySheets.data, r.to), after === null ? undefined : gt(warrantySheets.id, after)))
    .orderBy(asc(warrantySheets.id))
    .limit(limit);
}

/** Customer accounts (role user) registered in the range, with their orders that count as sales (all time), by id after `after`. */
export function customersBatch(db: DbOrTx, r: DayRange, after: number | null, limit: number) {
  // Written out in full: in a select list Drizzle leaves a lone table's columns unqualified, and
  // inside the subquery "id" would be the order's.
  const statuses = sql.join(
    saleOrderStatuses.map((st) => sql`${st}`),
    sql`, `,
  );
  const ofCustomer = sql`from orders o where o.user_id = ${users}.id and o.status in (${statuses})`;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      emailVerified: users.emailVerified,
      blocked: users.blocked,
      createdAt: users.createdAt,
      orders: sql<number>`(select count(*) ${ofCustomer})`.mapWith(Number),
      spentCents: sql<number>`(select coalesce(sum(o.total_cents), 0) ${ofCustomer})`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.role, 'user'), inDays(users.createdAt, r), after === null ? undefined : gt(users.id, after)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Newsletter addresses stored in the range, by id after `after`. */
export function newsletterBatch(db: DbOrTx, r: DayRange, after: number | null, limit: number) {
  const n = newsletterSubscriptions;
  return db
    .select()
    .from(n)
    .where(and(inDays(n.createdAt, r), after === null ? undefined : gt(n.id, after)))
    .orderBy(asc(n.id))
    .limit(limit);
}
