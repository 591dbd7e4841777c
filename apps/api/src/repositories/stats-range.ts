import { and, eq, inArray, sql } from 'drizzle-orm';
import { toEuros } from '@shop/shared/domain/money';
import { orderStatuses, saleOrderStatuses, type OrderStatus } from '@shop/shared/domain/orders';
import { SHOP_TIME_ZONE } from '@shop/shared/domain/time';
import type { Category } from '@shop/shared/domain/catalogue';
import type { StatsRange } from '@shop/shared/schemas/admin-lists';
import type { DbOrTx } from '../db/client';
import { counterReturns, counterSales, orderItems, orderReturns, orders, products } from '../db/schema';

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
const localDay = sql`(${orders.createdAt} at time zone ${zone})::date`;

/**
 * The statistics of the days `days` (oldest first, every day of the range in the shop's zone):
 * the sales per day, revenue by category, the top 10 products, orders by status and the average
 * order. Sales are the orders that are sales (domain/orders `saleOrderStatuses`), as in the
 * totals of GET /api/admin/stats.
 */
export async function loadStatsRange(db: DbOrTx, days: string[]): Promise<StatsRange> {
  const from = days[0]!;
  const to = days[days.length - 1]!;
  // Constant bounds, so orders_created_idx serves the range.
  const inRange = sql`${orders.createdAt} >= (${from}::date::timestamp at time zone ${zone}) and ${orders.createdAt} < ((${to}::date + 1)::timestamp at time zone ${zone})`;
  const sale = and(inRange, inArray(orders.status, saleOrderStatuses));
  const lineCents = sql`sum(${orderItems.unitPriceCents}::bigint * ${orderItems.quantity})`;
  // The counter's sales and returns of the same days (issue 28, 'Sipas kanalit').
  const counterRange = (createdAt: typeof counterSales.createdAt | typeof counterReturns.createdAt | typeof orderReturns.createdAt) =>
    sql`${createdAt} >= (${from}::date::timestamp at time zone ${zone}) and ${createdAt} < ((${to}::date + 1)::timestamp at time zone ${zone})`;
  const [daily, perStatus, perCategory, top, topVariants, [counter], [refunds], [onlineRefunds]] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(${localDay}, 'YYYY-MM-DD')`,
        cents: sql<string>`sum(${orders.totalCents})::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(sale)
      .groupBy(localDay),
    db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inRange)
      .groupBy(orders.status),
    db
      .select({
        category: products.category,
        cents: sql<string>`${lineCents}::text`,
        units: sql<string>`sum(${orderItems.quantity})::text`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(sale)
      .groupBy(products.category),
    db
      .select({
        id: orderItems.productId,
        // The name of its latest line: a product renamed since shows its newest name.
        name: sql<string>`(array_agg(${orderItems.name} order by ${orderItems.id} desc))[1]`,
        cents: sql<string>`${lineCents}::text`,
        units: sql<string>`sum(${orderItems.quantity})::text`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(sale)
      .groupBy(orderItems.productId)
      .orderBy(sql`${lineCents} desc`, sql`sum(${orderItems.quantity}) desc`, orderItems.productId)
      .limit(10),
    // The same by variant (issue 27): a line's variant id, or its product's default for lines from before variants.
    db
      .select({
        productId: orderItems.productId,
        name: sql<string>`(array_agg(${orderItems.name} order by ${orderItems.id} desc))[1]`,
        variant: sql<string>`coalesce((array_agg(${orderItems.variantTitle} order by ${orderItems.id} desc))[1], '')`,
        sku: sql<string | null>`(array_agg(${orderItems.sku} order by ${orderItems.id} desc))[1]`,
        cents: sql<string>`${lineCents}::text`,
        units: sql<string>`sum(${orderItems.quantity})::text`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(sale)
      .groupBy(orderItems.productId, orderItems.variantId)
      .orderBy(sql`${lineCents} desc`, sql`sum(${orderItems.quantity}) desc`, orderItems.productId, orderItems.variantId)
      .limit(10),
    db
      .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${counterSales.totalCents}), 0)::text` })
      .from(counterSales)
      .where(counterRange(counterSales.createdAt)),
    db
      .select({ cents: sql<string>`coalesce(sum(${counterReturns.refundCents}), 0)::text` })
      .from(counterReturns)
      .where(counterRange(counterReturns.createdAt)),
    // Returns of delivered online orders (decision 051).
    db
      .select({ cents: sql<string>`coalesce(sum(${orderReturns.refundCents}), 0)::text` })
      .from(orderReturns)
      .where(counterRange(orderReturns.createdAt)),
  ]);
  const onlineRefundCents = Number(onlineRefunds?.cents ?? 0);
  const counterCents = Number(counter?.cents ?? 0);
  const refundCents = Number(refunds?.cents ?? 0);
  const byDay = new Map(daily.map((r) => [r.day, r]));
  const totalCents = daily.reduce((s, r) => s + Number(r.cents), 0);
  const orderCount = daily.reduce((s, r) => s + Number(r.n), 0);
  const byStatus = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of perStatus) byStatus[r.status] = Number(r.n);
  return {
    from,
    to,
    daily: days.map((date) => {
      const r = byDay.get(date);
      return { date, total: r ? toEuros(Number(r.cents)) : 0, orders: r ? Number(r.n) : 0 };
    }),
    orders: orderCount,
    total: toEuros(totalCents),
    averageOrderValue: orderCount === 0 ? 0 : toEuros(Math.round(totalCents / orderCount)),
    byCategory: perCategory
      .map((r) => ({ category: (r.category as Category | null) ?? null, total: toEuros(Number(r.cents)), units: Number(r.units) }))
      .sort((a, b) => b.total - a.total || b.units - a.units),
    topProducts: top.map((r) => ({ id: r.id, name: r.name, units: Number(r.units), total: toEuros(Number(r.cents)) })),
    topVariants: topVariants.map((r) => ({
      productId: r.productId,
      name: r.name,
      variant: r.variant,
      sku: r.sku,
      units: Number(r.units),
      total: toEuros(Number(r.cents)),
    })),
    byStatus,
    byChannel: [
      {
        channel: 'online',
        sales: orderCount,
        total: toEuros(totalCents),
        refunds: toEuros(onlineRefundCents),
        net: toEuros(totalCents - onlineRefundCents),
      },
      {
        channel: 'counter',
        sales: Number(counter?.n ?? 0),
        total: toEuros(counterCents),
        refunds: toEuros(refundCents),
        net: toEuros(counterCents - refundCents),
      },
    ],
  };
}
