import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../db/schema';
import { setStock } from '../repositories/stock';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors, defaultVariantName, expectAdminOnly, placeOrder, storefrontProducts } from '../test/admin-helpers';
import { lastDays, SHOP_TIME_ZONE, todayInShop } from '@shop/shared/domain/time';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let item: { id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp({ ORDER_MAX_OPEN: 1000, RATE_LIMIT_ORDERS_MAX: 1000, RATE_LIMIT_ORDERS_IP_MAX: 1000 });
  actors = await adminActors(t);
  item = (await storefrontProducts(t))[0]!;
  await setShelf(item.id, 1000);
});
afterAll(async () => {
  await t?.close();
});

interface Stats {
  totalProducts: number;
  totalOrders: number;
  totalSales: number;
  totalUsers: number;
  sales_today: number;
  ordersToday: number;
  pendingOrders: number;
  lowStock: { id: string; name: string; stock: number }[];
  daily: { date: string; total: number; orders: number }[];
}
const stats = async (): Promise<Stats> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: actors.admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const order = (quantity: number) => placeOrder(t, actors.customer, [{ id: item.id, price: item.price, quantity }]);
/** Moves an order to a local time in the shop's zone ("2024-05-01 23:50"). */
const moveTo = (id: number, localTime: string) =>
  t.db
    .update(orders)
    .set({ createdAt: sql`(${localTime}::timestamp at time zone ${SHOP_TIME_ZONE})` })
    .where(eq(orders.id, id));
const setStatus = (id: number, status: 'confirmed' | 'delivered' | 'cancelled') =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${id}`, headers: actors.admin.auth, payload: { status } });
const cents = (n: number) => Math.round(n * 100);
async function setShelf(productId: string, quantity: number) {
  await setStock(t.db, productId, quantity);
}

describe('admin guard on /api/admin/stats', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin', async () => {
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/stats' });
  });
});

describe('GET /api/admin/stats', () => {
  it('counts products, orders and users as the database holds them, with 30 empty days at first', async () => {
    const s = await stats();
    expect(s).toMatchObject({
      totalProducts: await countRows(t, 'products'),
      totalOrders: 0,
      totalSales: 0,
      totalUsers: await countRows(t, 'users'),
      sales_today: 0,
      pendingOrders: 0,
    });
    expect(s.daily).toHaveLength(30);
    expect(s.daily.at(-1)).toEqual({ date: todayInShop(), total: 0, orders: 0 });
  });

  it('sums as sales only orders confirmed, shipped or delivered (a pending one is an order, not a sale), with "today" taken in the shop\'s zone', async () => {
    const today = todayInShop();
    const days = lastDays(today, 30);
    const yesterday = days[28]!;
    const confirm = async (id: number) => expect((await setStatus(id, 'confirmed')).statusCode).toBe(200);

    const early = await order(1); // today 00:10 in Kosovo: still the previous day in UTC
    await moveTo(early.id, `${today} 00:10`);
    await confirm(early.id);
    const late = await order(2); // yesterday 23:50 in Kosovo
    await moveTo(late.id, `${yesterday} 23:50`);
    await confirm(late.id);
    const cancelled = await order(3);
    expect((await setStatus(cancelled.id, 'cancelled')).statusCode).toBe(200);
    const delivered = await order(1);
    expect((await setStatus(delivered.id, 'delivered')).statusCode).toBe(200);
    await order(4); // pending: asked for today, not yet a sale
    const old = await order(1); // outside the 30 days of the chart, still in the totals
    await moveTo(old.id, `${lastDays(today, 40)[0]} 12:00`);
    await confirm(old.id);

    const s = await stats();
    const p = cents(item.price);
    // Orders that stand (all but the cancelled one), the pending one among them.
    expect(s.totalOrders).toBe(5);
    expect(s.ordersToday).toBe(3);
    expect(s.pendingOrders).toBe(1);
    // Sales: the confirmed, delivered ones; the pending 4 units are not in 'Shitjet'.
    expect(cents(s.totalSales)).toBe(p * (1 + 2 + 1 + 1));
    expect(cents(s.sales_today)).toBe(p * (1 + 1));
    expect(s.daily.find((d) => d.date === today)).toEqual({ date: today, total: (p * 2) / 100, orders: 2 });
    expect(s.daily.find((d) => d.date === yesterday)).toEqual({ date: yesterday, total: (p * 2) / 100, orders: 1 });
    expect(s.daily.reduce((sum, d) => sum + cents(d.total), 0)).toBe(p * 4);
    expect(s.totalUsers).toBe(await countRows(t, 'users'));
  });

  it('follows a confirmation and a cancellation at once', async () => {
    const before = await stats();
    const o = await order(1);
    const placed = await stats();
    expect(placed.sales_today).toBe(before.sales_today);
    expect(placed.totalOrders).toBe(before.totalOrders + 1);
    await setStatus(o.id, 'confirmed');
    const mid = await stats();
    expect(cents(mid.sales_today) - cents(before.sales_today)).toBe(cents(item.price));
    await setStatus(o.id, 'cancelled');
    const after = await stats();
    expect(after.sales_today).toBe(before.sales_today);
    expect(after.totalSales).toBe(before.totalSales);
    expect(after.totalOrders).toBe(before.totalOrders);
  });
});

describe('low stock on the stats', () => {
  it('lists the products with at most 5 units, fewest first, and leaves out plenty and unlimited ones', async () => {
    const [, a, b, c] = await storefrontProducts(t);
    await setShelf(a!.id, 2);
    await setShelf(b!.id, 0);
    await setShelf(c!.id, 6);
    const low = (await stats()).lowStock;
    // Per variant (decision 039): a seeded phone's other colours and sizes may be low too.
    const [aName, bName, cName] = await Promise.all([a!, b!, c!].map((p) => defaultVariantName(t, p)));
    expect(low.find((p) => p.name === bName)).toEqual({ id: b!.id, name: bName, stock: 0 });
    expect(low.find((p) => p.name === aName)).toEqual({ id: a!.id, name: aName, stock: 2 });
    expect(low.map((p) => p.name)).not.toContain(cName);
    expect(low.map((p) => p.name)).not.toContain(await defaultVariantName(t, item));
    expect(low.map((p) => p.stock)).toEqual([...low.map((p) => p.stock)].sort((x, y) => x - y));
    expect(low.every((p) => p.stock <= 5)).toBe(true);
  });
});

describe('lastDays', () => {
  it('lists the days ending today, oldest first, across months and leap days', () => {
    expect(lastDays('2024-03-02', 3)).toEqual(['2024-02-29', '2024-03-01', '2024-03-02']);
    expect(lastDays('2025-01-01', 2)).toEqual(['2024-12-31', '2025-01-01']);
    expect(lastDays('2025-06-15', 30)).toHaveLength(30);
  });
});
