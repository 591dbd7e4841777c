import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shop/shared/schemas/order';
import { msg } from '@shop/shared/messages';
import { idempotencyKeys, orderItems, orders, products, productStock, users } from '../db/schema';
import { pruneIdempotencyKeys } from '../repositories/orders';
import { createOrder } from '../services/orders';
import { asHttp } from '../test/as-http';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';

interface ListedProduct {
  id: string;
  name: string;
  price: number;
  category: string;
}

let t: TestApp;
let auth: Record<string, string>;
let list: ListedProduct[];
let phone: ListedProduct;
let accessory: ListedProduct;

beforeAll(async () => {
  t = await createTestApp();
  auth = (await createUser(t)).auth;
  // Most tests here are about prices and keys, not stock: every product is unlimited unless a test sets its stock.
  await t.db.delete(productStock);
  list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as ListedProduct[];
  phone = list.find((p) => p.category === 'phone')!;
  accessory = list.find((p) => p.category === 'accessory')!;
});
afterAll(async () => {
  await t?.close();
});

const cents = (euros: number) => Math.round(euros * 100);
const line = (p: ListedProduct, quantity = 1) => ({ id: p.id, quantity, price: p.price });
const bodyOf = (...lines: { id: string; quantity: number; price: number }[]) => ({
  items: lines,
  total: lines.reduce((s, l) => s + cents(l.price) * l.quantity, 0) / 100,
});

function post(body: unknown, opts: { key?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...(opts.headers ?? auth), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    payload: body as object,
  });
}

const mine = (headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url: '/api/orders/mine', headers });

/** Rows of every table an order writes to, to prove that a refused request wrote nothing. */
const snapshot = async () => ({
  orders: await countRows(t, 'orders'),
  items: await countRows(t, 'order_items'),
  keys: await countRows(t, 'idempotency_keys'),
});

describe('POST /api/orders', () => {
  it('creates a pending order from the database prices and stores copies of name and unit price', async () => {
    const body = bodyOf(line(phone, 2), line(accessory, 1));
    const res = await post(body, { key: 'key-basic-0001' });
    expect(res.statusCode).toBe(201);
    const { message, order } = res.json();
    expect(message).toBe('Porosia u krye me sukses!');
    expect(order).toMatchObject({ status: 'pending', total: body.total });
    expect(order).toMatchObject({
      fulfilment: 'pickup',
      paymentMethod: 'cash',
      deliveryFee: 0,
      subtotal: body.total,
      delivery: null,
      note: null,
    });
    expect(new Date(order.createdAt).toString()).not.toBe('Invalid Date');
    expect(order.items).toEqual([
      { id: phone.id, name: phone.name, quantity: 2, price: phone.price },
      { id: accessory.id, name: accessory.name, quantity: 1, price: accessory.price },
    ]);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.totalCents).toBe(cents(body.total));
    const storedItems = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(storedItems.map((i) => [i.productId, i.name, i.unitPriceCents, i.quantity])).toEqual([
      [phone.id, phone.name, cents(phone.price), 2],
      [accessory.id, accessory.name, cents(accessory.price), 1],
    ]);
  });

  it('accepts ids in any letter case and stores the catalogue id', async () => {
    const res = await post({ items: [{ ...line(accessory), id: accessory.id.toUpperCase() }], total: accessory.price });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.items[0].id).toBe(accessory.id);
  });

  it('still works without an Idempotency-Key (the spec client sends none)', async () => {
    const before = await snapshot();
    const a = await post(bodyOf(line(accessory)));
    const b = await post(bodyOf(line(accessory)));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().order.id).not.toBe(b.json().order.id);
    expect(await snapshot()).toEqual({ ...before, orders: before.orders + 2, items: before.items + 2 });
  });
});

describe('price tampering', () => {
  it('refuses a cheaper line price with 409, the current prices and total, and creates nothing', async () => {
    const before = await snapshot();
    const res = await post({ items: [{ id: phone.id, quantity: 1, price: 1 }], total: 1 }, { key: 'key-cheap-0001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      msg: orderMessages.pricesChanged,
      prices: [{ id: phone.id, name: phone.name, price: phone.price }],
      total: phone.price,
      deliveryFee: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses right line prices with a wrong total (lower and higher) and creates nothing', async () => {
    const before = await snapshot();
    for (const total of [0.01, phone.price - 0.01, phone.price + 0.01, 0]) {
      const res = await post({ items: [line(phone)], total });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(orderMessages.pricesChanged);
      expect(res.json().total).toBe(phone.price);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a higher line price too: the client never sets a price', async () => {
    const before = await snapshot();
    const res = await post({ items: [{ ...line(accessory), price: accessory.price + 10 }], total: accessory.price + 10 });
    expect(res.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 with the new price when the price changed after the item was added to the cart', async () => {
    const product = list.find((p) => p.category === 'case')!;
    const oldBody = bodyOf(line(product, 3));
    await t.db
      .update(products)
      .set({ priceCents: cents(product.price) + 500 })
      .where(eq(products.id, product.id));
    const before = await snapshot();
    const res = await post(oldBody, { key: 'key-price-changed-1' });
    expect(res.statusCode).toBe(409);
    const newPrice = (cents(product.price) + 500) / 100;
    expect(res.json().prices).toEqual([{ id: product.id, name: product.name, price: newPrice }]);
    expect(res.json().total).toBe((cents(newPrice) * 3) / 100);
    expect(await snapshot()).toEqual(before);
    // The refused attempt kept no key: the client may confirm again with the current prices.
    const retry = await post(bodyOf({ id: product.id, quantity: 3, price: newPrice }), { key: 'key-price-changed-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.total).toBe((cents(newPrice) * 3) / 100);
  });

  it("keeps the order's copies of name and price when the product changes later", async () => {
    const product = list.find((p) => p.category === 'giftcard')!;
    const created = (await post(bodyOf(line(product)))).json().order;
    await t.db.update(products).set({ name: 'Emër i ri', priceCents: 1 }).where(eq(products.id, product.id));
    const listed = (await mine()).json() as { id: number; items: { name: string; price: number }[]; total: number }[];
    const again = listed.find((o) => o.id === created.id)!;
    expect(again.items[0]).toMatchObject({ name: product.name, price: product.price });
    expect(again.total).toBe(product.price);
  });
});

describe('bad input: 400 with an Albanian msg, nothing created', () => {
  const p = () => line(phone);
  const manyLines = () => Array.from({ length: 51 }, (_, i) => ({ id: `p-${i}`, quantity: 1, price: 1 }));
  const cases: [string, () => unknown, string][] = [
    ['no items field', () => ({ total: 10 }), orderMessages.emptyItems],
    ['empty items', () => ({ items: [], total: 0 }), orderMessages.emptyItems],
    ['items not a list', () => ({ items: 'iphone', total: 10 }), orderMessages.emptyItems],
    ['more than 50 lines', () => ({ items: manyLines(), total: 51 }), orderMessages.tooManyLines],
    ['quantity 0', () => ({ items: [{ ...p(), quantity: 0 }], total: 0 }), orderMessages.quantity],
    ['negative quantity', () => ({ items: [{ ...p(), quantity: -1 }], total: 0 }), orderMessages.quantity],
    ['quantity 100', () => ({ items: [{ ...p(), quantity: 100 }], total: phone.price * 100 }), orderMessages.quantity],
    ['fractional quantity', () => ({ items: [{ ...p(), quantity: 1.5 }], total: phone.price * 1.5 }), orderMessages.quantity],
    ['quantity as text', () => ({ items: [{ ...p(), quantity: '2' }], total: phone.price * 2 }), orderMessages.quantity],
    ['missing quantity', () => ({ items: [{ id: phone.id, price: phone.price }], total: phone.price }), orderMessages.quantity],
    ['negative price', () => ({ items: [{ ...p(), price: -5 }], total: -5 }), orderMessages.price],
    ['price as text', () => ({ items: [{ ...p(), price: 'abc' }], total: phone.price }), orderMessages.price],
    ['missing price', () => ({ items: [{ id: phone.id, quantity: 1 }], total: phone.price }), orderMessages.price],
    ['missing total', () => ({ items: [p()] }), orderMessages.total],
    ['negative total', () => ({ items: [p()], total: -1 }), orderMessages.total],
    ['total as text', () => ({ items: [p()], total: '999' }), orderMessages.total],
    ['missing id', () => ({ items: [{ quantity: 1, price: 1 }], total: 1 }), 'Fusha "id" e produktit mungon.'],
    ['empty id', () => ({ items: [{ id: '  ', quantity: 1, price: 1 }], total: 1 }), 'Fusha "id" e produktit mungon.'],
    ['the same product twice', () => ({ items: [p(), p()], total: phone.price * 2 }), orderMessages.duplicateLine],
    ['a price below a cent', () => ({ items: [{ ...p(), price: phone.price + 0.004 }], total: phone.price }), orderMessages.cents],
    ['a total below a cent', () => ({ items: [p()], total: phone.price + 0.004 }), orderMessages.cents],
    ['body that is not an object', () => [1, 2, 3], 'Fusha "kërkesa" duhet të jetë objekt.'],
  ];

  it.each(cases)('%s', async (_name, body, expected) => {
    const before = await snapshot();
    const res = await post(body(), { key: 'key-bad-input-0001' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('names the failing field of a validation error', async () => {
    const res = await post({ items: [line(phone), { ...line(accessory), quantity: 0 }], total: 1 });
    expect(res.json()).toEqual({ msg: orderMessages.quantity, field: 'items.1.quantity' });
  });

  it('unknown product ids: 400 naming them, nothing created', async () => {
    const before = await snapshot();
    const res = await post({ items: [line(phone), { id: 'nuk-ekziston', quantity: 1, price: 10 }], total: phone.price + 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: `${orderMessages.unknownProducts}nuk-ekziston`, unknownIds: ['nuk-ekziston'] });
    expect(await snapshot()).toEqual(before);
  });

  it('a product deleted between adding it to the cart and the checkout: 400 naming it, nothing created', async () => {
    const gone = list.filter((p) => p.category === 'accessory')[1]!;
    const body = bodyOf(line(phone), line(gone, 2));
    await t.db.delete(products).where(eq(products.id, gone.id));
    const before = await snapshot();
    const res = await post(body, { key: 'key-deleted-product-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().unknownIds).toEqual([gone.id]);
    expect(res.json().msg).toContain(gone.id);
    expect(await snapshot()).toEqual(before);
  });

  it('a malformed Idempotency-Key: 400, nothing created', async () => {
    const before = await snapshot();
    for (const key of ['short', 'has spaces in it', 'ë'.repeat(10), 'x'.repeat(201)]) {
      const res = await post(bodyOf(line(phone)), { key });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(orderMessages.idempotencyKey);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a body that is not JSON: 400, nothing created', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"items": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg.badJson);
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may order', () => {
  it('needs a logged-in user: 401 without or with a bad token, nothing created', async () => {
    const before = await snapshot();
    const body = bodyOf(line(phone));
    const none = await post(body, { headers: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json().msg).toBe(msg.unauthorized);
    const bad = await post(body, { headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().msg).toBe(msg.invalidToken);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a blocked user, nothing created', async () => {
    const blocked = await createUser(t, { blocked: true });
    const before = await snapshot();
    const res = await post(bodyOf(line(phone)), { headers: blocked.auth, key: 'key-blocked-user-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(msg.blocked);
    expect(await snapshot()).toEqual(before);
    const list = await mine(blocked.auth);
    expect(list.statusCode).toBe(401);
  });

  it('an account deleted or blocked after the token check (an admin acting mid-checkout): 401, not a 500, nothing created', async () => {
    // The route checked the token a moment earlier; call the order's transaction as it runs then.
    const gone = await createUser(t);
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    const blocked = await createUser(t);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, blocked.user.id));
    const before = await snapshot();
    const body = bodyOf(line(phone));
    for (const key of [undefined, 'key-gone-mid-checkout']) {
      await expect(asHttp(createOrder(t.db, t.config, gone.user.id, body, key))).rejects.toMatchObject({
        statusCode: 401,
        message: msg.invalidToken,
      });
      await expect(asHttp(createOrder(t.db, t.config, blocked.user.id, body, key))).rejects.toMatchObject({
        statusCode: 401,
        message: msg.blocked,
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('idempotent retries', () => {
  it('returns the first answer for a repeated key, creates no second order, and 422 for the same key with another body', async () => {
    const body = bodyOf(line(phone, 2));
    const first = await post(body, { key: 'key-repeat-0001' });
    expect(first.statusCode).toBe(201);
    const before = await snapshot();
    const again = await post(body, { key: 'key-repeat-0001' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await snapshot()).toEqual(before);

    const other = await post(bodyOf(line(accessory)), { key: 'key-repeat-0001' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ msg: orderMessages.idempotencyReuse });
    const otherQuantity = await post(bodyOf(line(phone, 3)), { key: 'key-repeat-0001' });
    expect(otherQuantity.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps keys per user: the same key from another user is their own order, never the first user’s', async () => {
    const body = bodyOf(line(accessory));
    const a = await post(body, { key: 'key-shared-by-two-1' });
    const other = await createUser(t);
    const b = await post(body, { key: 'key-shared-by-two-1', headers: other.auth });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().order.id).not.toBe(a.json().order.id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('creates exactly one order for 20 simultaneous requests with one key', async () => {
    const before = await snapshot();
    const body = bodyOf(line(phone), line(accessory, 4));
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body, { key: 'key-concurrent-0001' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await snapshot()).toEqual({ orders: before.orders + 1, items: before.items + 2, keys: before.keys + 1 });
  });

  it('simultaneous requests with one key and different bodies: one order, the others 422', async () => {
    const before = await snapshot();
    const results = await Promise.all([1, 2, 3, 4, 5].map((q) => post(bodyOf(line(accessory, q)), { key: 'key-concurrent-mixed-1' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422]);
    expect(await snapshot()).toEqual({ orders: before.orders + 1, items: before.items + 1, keys: before.keys + 1 });
  });

  it('simultaneous requests with different keys each create their order', async () => {
    const before = await snapshot();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(bodyOf(line(accessory)), { key: `key-parallel-${i}-abcdef` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(8);
    expect(await snapshot()).toEqual({ orders: before.orders + 8, items: before.items + 8, keys: before.keys + 8 });
  });
});

describe('GET /api/orders/mine', () => {
  it("lists only the caller's orders, newest first, with the order's fields", async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const first = (await post(bodyOf(line(phone)), { headers: alice.auth })).json().order;
    const bobs = (await post(bodyOf(line(accessory, 2)), { headers: bob.auth })).json().order;
    const second = (await post(bodyOf(line(accessory)), { headers: alice.auth })).json().order;

    const res = await mine(alice.auth);
    expect(res.statusCode).toBe(200);
    const listed = res.json() as { id: number }[];
    expect(listed.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual(second);

    const bobList = (await mine(bob.auth)).json() as { id: number }[];
    expect(bobList.map((o) => o.id)).toEqual([bobs.id]);
  });

  it('is empty for a user without orders and needs a login', async () => {
    const fresh = await createUser(t);
    expect((await mine(fresh.auth)).json()).toEqual([]);
    const anon = await t.app.inject({ method: 'GET', url: '/api/orders/mine' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().msg).toBe(msg.unauthorized);
  });

  it("offers no way to read another user's order", async () => {
    const owner = await createUser(t);
    const theirs = (await post(bodyOf(line(phone)), { headers: owner.auth })).json().order;
    const stranger = await createUser(t);
    const byId = await t.app.inject({ method: 'GET', url: `/api/orders/${theirs.id}`, headers: stranger.auth });
    expect(byId.statusCode).toBe(404);
    const all = await t.app.inject({ method: 'GET', url: '/api/orders', headers: stranger.auth });
    expect(all.statusCode).toBe(405);
    expect(all.json()).toEqual({ msg: 'Kjo metodë nuk lejohet për këtë adresë.' });
    const forged = await t.app.inject({ method: 'GET', url: `/api/orders/mine?userId=${owner.user.id}`, headers: stranger.auth });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual([]);
    // Replaying the owner's key as someone else never returns the owner's order either (see above).
  });
});

describe('idempotency key retention', () => {
  it('prunes keys older than a week and keeps recent ones', async () => {
    const { user, auth: a } = await createUser(t);
    const body = { items: [{ id: phone.id, quantity: 1, price: phone.price }], total: phone.price };
    for (const key of ['retention-old-01', 'retention-new-01']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...a, 'idempotency-key': key }, payload: body });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'retention-old-01')));
    const ordersBefore = await countRows(t, 'orders');
    expect(await pruneIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((k) => k.key)).toEqual(['retention-new-01']);
    // The orders themselves stay.
    expect(await countRows(t, 'orders')).toBe(ordersBefore);
  });
});
