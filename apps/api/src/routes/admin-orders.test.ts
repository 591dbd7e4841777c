import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminMsg } from '@shop/shared/messages-admin';
import { orderStatusLabels, type OrderStatus } from '@shop/shared/domain/orders';
import { orderMessages } from '@shop/shared/schemas/order';
import type { AdminOrderDetail, AdminOrderPage } from '@shop/shared/schemas/admin';
import { auditLog, mailOutbox, orderStatusHistory, orders } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, defaultVariantTitle, expectAdminOnly, placeOrder, storefrontProducts } from '../test/admin-helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let items: { id: string; name: string; price: number }[];
beforeAll(async () => {
  // Many orders from one customer and one address: the abuse limits are raised (decision 015).
  t = await createTestApp({ ORDER_MAX_OPEN: 10_000, RATE_LIMIT_ORDERS_MAX: 10_000, RATE_LIMIT_ORDERS_IP_MAX: 10_000 });
  actors = await adminActors(t);
  items = (await storefrontProducts(t)).slice(0, 3);
  // Plenty on the shelf: these tests place many orders of the same products.
  for (const item of items) {
    await setStock(t.db, item.id, 10_000);
  }
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: number) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const patch = (id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${id}`, headers: actors.admin.auth, payload: payload as object });
const newOrder = () => placeOrder(t, actors.customer, [{ id: items[0]!.id, price: items[0]!.price, quantity: 1 }]);
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: actors.admin.auth });
const detail = async (id: number) => (await get(`/api/admin/orders/${id}`)).json() as AdminOrderDetail;
const search = async (query: string) => {
  const res = await get(`/api/admin/orders/search${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOrderPage;
};

/** Makes a placed order a home delivery to the given person (the checkout's fields, written as the order service stores them). */
async function makeDelivery(id: number, to: { fullName: string; phone: string; city?: string; address?: string; note?: string }) {
  await t.db
    .update(orders)
    .set({
      fulfilment: 'delivery',
      customerName: to.fullName,
      phone: to.phone,
      city: to.city ?? 'Prishtinë',
      address: to.address ?? 'Rr. Agim Ramadani 12',
      note: to.note ?? null,
    })
    .where(eq(orders.id, id));
}

describe('admin guard on the order calls', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin, changing nothing', async () => {
    const order = await newOrder();
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/orders' });
    await expectAdminOnly(t, actors, { method: 'PATCH', url: `/api/admin/orders/${order.id}`, payload: { status: 'delivered' } });
    expect(await statusOf(order.id)).toBe('pending');
  });
});

describe('GET /api/admin/orders', () => {
  it('lists orders newest first with the customer, the products, the total, the status and the date', async () => {
    const first = await placeOrder(t, actors.customer, [
      { id: items[0]!.id, price: items[0]!.price, quantity: 2 },
      { id: items[1]!.id, price: items[1]!.price, quantity: 1 },
    ]);
    const second = await newOrder();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: actors.admin.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number }[];
    expect(list.findIndex((o) => o.id === second.id)).toBeLessThan(list.findIndex((o) => o.id === first.id));
    const total = Math.round((items[0]!.price * 2 + items[1]!.price) * 100) / 100;
    expect(list.find((o) => o.id === first.id)).toEqual({
      id: first.id,
      user: actors.customer.user.email,
      userId: actors.customer.user.id,
      userName: actors.customer.user.name,
      // The contract's lines, each with the default variant it meant (decision 039).
      products: [
        {
          id: items[0]!.id,
          name: items[0]!.name,
          quantity: 2,
          price: items[0]!.price,
          variantId: expect.any(Number),
          variant: await defaultVariantTitle(t, items[0]!.id),
          sku: expect.any(String),
        },
        {
          id: items[1]!.id,
          name: items[1]!.name,
          quantity: 1,
          price: items[1]!.price,
          variantId: expect.any(Number),
          variant: await defaultVariantTitle(t, items[1]!.id),
          sku: expect.any(String),
        },
      ],
      totalAmount: total,
      total,
      status: 'pending',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      fulfilment: 'pickup',
      paymentMethod: 'cash',
      deliveryFee: 0,
      customerName: expect.any(String),
      phone: null,
      city: null,
      customerVerified: false,
    });
  });
});

describe('GET /api/admin/orders/search', () => {
  it('filters by status, finds by number, name, phone or e-mail, pages newest first and counts per status', async () => {
    const buyer = await createUser(t, { name: 'Drita Kërkuese', email: 'Drita.Kerkuese@Example.com' });
    const line = [{ id: items[1]!.id, price: items[1]!.price, quantity: 1 }];
    const a = await placeOrder(t, buyer, line);
    const b = await placeOrder(t, buyer, line);
    const c = await placeOrder(t, buyer, line);
    await makeDelivery(b.id, { fullName: 'Besnik Marrësi', phone: '+383 44 987 654' });
    expect((await patch(c.id, { status: 'cancelled' })).statusCode).toBe(200);

    const byEmail = await search('?q=drita.kerkuese%40example');
    expect(byEmail.orders.map((o) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(byEmail).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(byEmail.counts).toEqual({ pending: 2, confirmed: 0, shipped: 0, delivered: 0, cancelled: 1 });

    const pendingOnly = await search('?q=DRITA&status=pending');
    expect(pendingOnly.orders.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(pendingOnly.total).toBe(2);
    expect(pendingOnly.counts.cancelled).toBe(1);

    for (const phone of ['044987654', '044 987 654', '+38344987654', '987654']) {
      const found = await search(`?q=${encodeURIComponent(phone)}`);
      expect(
        found.orders.map((o) => o.id),
        phone,
      ).toEqual([b.id]);
    }
    expect((await search('?q=besnik%20marr')).orders.map((o) => o.id)).toEqual([b.id]);
    expect((await search(`?q=${encodeURIComponent(`#${a.id}`)}`)).orders.map((o) => o.id)).toContain(a.id);
    expect((await search(`?q=${a.id}`)).orders[0]).toMatchObject({ id: a.id, customerName: 'Drita Kërkuese', fulfilment: 'pickup' });
    expect((await search('?q=%25%25')).total).toBe(0);

    const first = await search('?q=drita&pageSize=2');
    const second = await search('?q=drita&pageSize=2&page=2');
    expect(first.orders.map((o) => o.id)).toEqual([c.id, b.id]);
    expect(second.orders.map((o) => o.id)).toEqual([a.id]);
    expect([first.total, second.total]).toEqual([3, 3]);
    expect(await search('?q=drita&pageSize=2&page=9')).toMatchObject({ orders: [], total: 3 });

    const all = await search('');
    expect(all.total).toBe(Object.values(all.counts).reduce((x, y) => x + y, 0));
  });

  it('refuses a bad status, page or page size with 400 naming it', async () => {
    for (const [query, message] of [
      ['?status=lost', adminMsg.statusFilter],
      ['?page=0', adminMsg.page],
      ['?page=x', adminMsg.page],
      ['?pageSize=101', adminMsg.pageSize],
      [`?q=${'a'.repeat(201)}`, adminMsg.search],
    ] as const) {
      const res = await get(`/api/admin/orders/search${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toBe(message);
    }
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/orders/search' });
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/orders/1' });
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('shows the delivery, the note, the customer, the history, the next moves and the VAT it contains', async () => {
    const order = await placeOrder(t, actors.customer, [{ id: items[0]!.id, price: items[0]!.price, quantity: 2 }]);
    await makeDelivery(order.id, { fullName: 'Arta Krasniqi', phone: '+383 44 123 456', city: 'Pejë', note: 'Thirrni para se të vini.' });
    const pickup = await detail((await newOrder()).id);
    expect(pickup).toMatchObject({ fulfilment: 'pickup', delivery: null, nextStatuses: ['confirmed', 'delivered', 'cancelled'] });

    const found = await detail(order.id);
    expect(found).toMatchObject({
      id: order.id,
      fulfilment: 'delivery',
      paymentMethod: 'cash',
      customerEmail: actors.customer.user.email,
      customerName: 'Arta Krasniqi',
      phone: '+383 44 123 456',
      city: 'Pejë',
      delivery: { fullName: 'Arta Krasniqi', phone: '+383 44 123 456', city: 'Pejë', address: 'Rr. Agim Ramadani 12' },
      note: 'Thirrni para se të vini.',
      status: 'pending',
      nextStatuses: ['confirmed', 'shipped', 'delivered', 'cancelled'],
      vatPercent: 18,
      subtotal: order.total,
      total: order.total,
    });
    const cents = Math.round(order.total * 100);
    expect(Math.round(found.vatIncluded * 100)).toBe(Math.round((cents * 18) / 118));

    expect((await patch(order.id, { status: 'confirmed' })).statusCode).toBe(200);
    const moved = await detail(order.id);
    expect(moved.history.at(-1)).toEqual({
      status: 'confirmed',
      from: 'pending',
      at: expect.any(String),
      by: 'staff',
      actor: actors.admin.user.email,
    });
    expect(moved.nextStatuses).toEqual(['shipped', 'delivered', 'cancelled']);

    const unknown = await get('/api/admin/orders/987654');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: adminMsg.orderNotFound });
    expect((await get('/api/admin/orders/abc')).json()).toEqual({ msg: adminMsg.badId });
  });
});

describe('PATCH /api/admin/orders/{id}', () => {
  const historyOf = (id: number) =>
    t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), sql`${orderStatusHistory.fromStatus} is not null`))
      .orderBy(orderStatusHistory.id);
  const mailsTo = async (email: string) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
    )[0]!.n;
  const auditsOf = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order.status'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);

  it('moves a delivery order along confirmed -> shipped -> delivered, each move with history, a mail and an audit entry', async () => {
    const order = await newOrder();
    await makeDelivery(order.id, { fullName: 'Arta Krasniqi', phone: '+383 44 123 456' });
    const mailsBefore = await mailsTo(actors.customer.user.email);
    for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
      const res = await patch(order.id, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status });
    }
    expect(await statusOf(order.id)).toBe('delivered');
    expect((await historyOf(order.id)).map((h) => [h.fromStatus, h.toStatus, h.actorType, h.actorEmail])).toEqual([
      ['pending', 'confirmed', 'staff', actors.admin.user.email],
      ['confirmed', 'shipped', 'staff', actors.admin.user.email],
      ['shipped', 'delivered', 'staff', actors.admin.user.email],
    ]);
    expect(await mailsTo(actors.customer.user.email)).toBe(mailsBefore + 3);
    expect((await auditsOf(order.id)).map((a) => [a.before, a.after, a.actorEmail])).toEqual([
      [{ status: 'pending' }, { status: 'confirmed' }, actors.admin.user.email],
      [{ status: 'confirmed' }, { status: 'shipped' }, actors.admin.user.email],
      [{ status: 'shipped' }, { status: 'delivered' }, actors.admin.user.email],
    ]);
    expect((await detail(order.id)).nextStatuses).toEqual([]);
  });

  it('refuses a move not allowed with 409 naming both statuses, changing nothing', async () => {
    const delivered = await newOrder();
    expect((await patch(delivered.id, { status: 'delivered' })).statusCode).toBe(200);
    const pickup = await newOrder();
    const cases: [number, OrderStatus, OrderStatus][] = [
      [delivered.id, 'delivered', 'confirmed'],
      [delivered.id, 'delivered', 'cancelled'],
      [delivered.id, 'delivered', 'delivered'],
      [pickup.id, 'pending', 'shipped'],
    ];
    for (const [id, from, to] of cases) {
      const mails = await mailsTo(actors.customer.user.email);
      const res = await patch(id, { status: to });
      expect(res.statusCode, `${from} -> ${to}`).toBe(409);
      expect(res.json()).toEqual({ msg: orderMessages.badMove(orderStatusLabels[from], orderStatusLabels[to]) });
      expect(await statusOf(id)).toBe(from);
      expect(await mailsTo(actors.customer.user.email)).toBe(mails);
    }
    expect(await historyOf(pickup.id)).toEqual([]);
    expect(await auditsOf(pickup.id)).toEqual([]);
  });

  it('cancelling puts the units back on the shelf, after which the order cannot be delivered', async () => {
    const product = items[2]!;
    const order = await placeOrder(t, actors.customer, [{ id: product.id, price: product.price, quantity: 3 }]);
    const shelf = async () => (await stockOf(t.db, [product.id])).get(product.id)!;
    const before = await shelf();
    expect((await patch(order.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await shelf()).toBe(before + 3);
    expect(await statusOf(order.id)).toBe('cancelled');
    const deliver = await patch(order.id, { status: 'delivered' });
    expect(deliver.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await shelf()).toBe(before + 3);
  });

  it('refuses other statuses and malformed bodies with 400, changing nothing', async () => {
    const order = await newOrder();
    for (const payload of [{ status: 'pending' }, { status: 'lost' }, { status: '' }, {}, { status: 3 }]) {
      const res = await patch(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toBe(adminMsg.status);
    }
    const broken = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: { ...actors.admin.auth, 'content-type': 'application/json' },
      payload: '{"status"',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe('Trupi i kërkesës nuk është JSON i vlefshëm.');
    expect(await statusOf(order.id)).toBe('pending');
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const unknown = await patch(987654, { status: 'delivered' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: adminMsg.orderNotFound });
    const bad = await patch('abc', { status: 'delivered' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(adminMsg.badId);
  });

  it('takes only digits as an id: hex, exponent, spaced or decimal spellings change no order', async () => {
    const order = await newOrder();
    const hex = `0x${order.id.toString(16)}`;
    for (const id of [hex, `${order.id}e0`, `%20${order.id}`, `${order.id}.0`, `+${order.id}`, '0', '-1', '1'.repeat(11)]) {
      const res = await patch(id, { status: 'cancelled' });
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toEqual({ msg: adminMsg.badId });
    }
    expect(await statusOf(order.id)).toBe('pending');
  });

  it('two admins acting at the same moment: one wins, the other gets 409', async () => {
    const order = await newOrder();
    const [a, b] = await Promise.all([patch(order.id, { status: 'delivered' }), patch(order.id, { status: 'cancelled' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'delivered' : 'cancelled';
    expect(await statusOf(order.id)).toBe(winner);
  });
});
