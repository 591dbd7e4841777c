import { eq, inArray, sql } from 'drizzle-orm';
import { toEuros } from '@shop/shared/domain/money';
import { lastDays, SHOP_TIME_ZONE } from '@shop/shared/domain/time';
import { LOW_STOCK_AT, saleOrderStatuses, standingOrderStatuses, type OrderStatus } from '@shop/shared/domain/orders';
import type { AdminStats, DailySales } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { orders, products, users } from '../db/schema';
import { listLowStock } from './stock';

const CHART_DAYS = 30;

const pending: OrderStatus = 'pending';

/** The calendar day of an order in the shop's zone, as SQL. */
const localDay = sql`(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date`;

/**
 * Totals for the admin. Sales (the totals and the chart) are the orders that are sales
 * (domain/orders `saleOrderStatuses`: confirmed, shipped, delivered), so a pending order is not
 * yet a sale; the counts of orders (all, today's) are the orders that stand (all but cancelled),
 * beside the pending ones. "Today" is the given date in the shop's zone.
 */
export async function loadStats(db: DbOrTx, today: string): Promise<Omit<AdminStats, 'repairs'>> {
  const days = lastDays(today, CHART_DAYS);
  const isSale = inArray(orders.status, saleOrderStatuses);
  const standing = inArray(orders.status, standingOrderStatuses);
  const isToday = sql`${localDay} = ${today}::date`;
  const [[productCount], [userCount], [orderTotals], daily, lowStock] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(products),
    db.select({ n: sql<number>`count(*)::int` }).from(users),
    db
      .select({
        orders: sql<number>`(count(*) filter (where ${standing}))::int`,
        salesCents: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${isSale}), 0)::text`,
        todayCents: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${isSale} and ${isToday}), 0)::text`,
        ordersToday: sql<number>`(count(*) filter (where ${standing} and ${isToday}))::int`,
        pending: sql<number>`(count(*) filter (where ${eq(orders.status, pending)}))::int`,
      })
      .from(orders),
    db
      .select({
        day: sql<string>`to_char(${localDay}, 'YYYY-MM-DD')`,
        cents: sql<string>`sum(${orders.totalCents})::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(sql`${isSale} and ${localDay} >= ${days[0]}::date`)
      .groupBy(localDay),
    listLowStock(db, LOW_STOCK_AT),
  ]);
  const byDay = new Map(daily.map((r) => [r.day, r]));
  const series: DailySales[] = days.map((date) => {
    const r = byDay.get(date);
    return { date, total: r ? toEuros(Number(r.cents)) : 0, orders: r ? Number(r.n) : 0 };
  });
  return {
    totalProducts: Number(productCount?.n ?? 0),
    totalOrders: Number(orderTotals?.orders ?? 0),
    totalSales: toEuros(Number(orderTotals?.salesCents ?? 0)),
    totalUsers: Number(userCount?.n ?? 0),
    sales_today: toEuros(Number(orderTotals?.todayCents ?? 0)),
    ordersToday: Number(orderTotals?.ordersToday ?? 0),
    pendingOrders: Number(orderTotals?.pending ?? 0),
    lowStock,
    daily: series,
  };
}
