import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminMsg } from '@shop/shared/messages-admin';
import { orders } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly, placeOrder, storefrontProducts } from '../test/admin-helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let items: { id: string; name: string; price: number }[];
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
  items = (await storefrontProducts(t)).slice(0, 3);
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: number) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const patch = (id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${id}`, headers: actors.admin.auth, payload: payload as object });
const newOrder = () => placeOrder(t, actors.customer, [{ id: items[0]!.id, price: items[0]!.price, quantity: 1 }]);

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
      products: [
        { id: items[0]!.id, name: items[0]!.name, quantity: 2, price: items[0]!.price },
        { id: items[1]!.id, name: items[1]!.name, quantity: 1, price: items[1]!.price },
      ],
      totalAmount: total,
      total,
      status: 'pending',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});

describe('PATCH /api/admin/orders/{id}', () => {
  it('marks a pending order delivered, after which no move is allowed (409)', async () => {
    const order = await newOrder();
    const res = await patch(order.id, { status: 'delivered' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'delivered' });
    expect(await statusOf(order.id)).toBe('delivered');
    for (const status of ['delivered', 'cancelled']) {
      const again = await patch(order.id, { status });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: adminMsg.orderNotPending });
    }
    expect(await statusOf(order.id)).toBe('delivered');
  });

  it('cancels a pending order, after which it cannot be delivered (409)', async () => {
    const order = await newOrder();
    expect((await patch(order.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelled');
    const deliver = await patch(order.id, { status: 'delivered' });
    expect(deliver.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe('cancelled');
  });

  it('refuses other statuses and malformed bodies with 400, changing nothing', async () => {
    const order = await newOrder();
    for (const payload of [{ status: 'pending' }, { status: 'shipped' }, { status: '' }, {}, { status: 3 }]) {
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
