import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOW_STOCK_AT } from '@shop/shared/domain/orders';
import { authMessages } from '@shop/shared/schemas/auth';
import { createOrderBodySchema, orderMessages } from '@shop/shared/schemas/order';
import { msg } from '@shop/shared/messages';
import { idempotencyKeys, mailOutbox, orderItems, orders, orderStatusHistory, products, productVariants, users } from '../db/schema';
import { pruneIdempotencyKeys } from '../repositories/orders';
import { setStock, stockOf, takeStock } from '../repositories/stock';
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
  await t.db.update(productVariants).set({ stock: null });
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
    // The contract's fields, and the default variant each line means (decision 039): the seeded
    // iPhone 16 Pro Max's is its desert titanium 256 GB (issue 27).
    expect(order.items).toEqual([
      {
        id: phone.id,
        name: phone.name,
        quantity: 2,
        price: phone.price,
        variantId: expect.any(Number),
        variant: 'Titanium i shkretëtirës / 256 GB',
        sku: expect.any(String),
      },
      {
        id: accessory.id,
        name: accessory.name,
        quantity: 1,
        price: accessory.price,
        variantId: expect.any(Number),
        variant: '',
        sku: expect.any(String),
      },
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
    const body = createOrderBodySchema.parse(bodyOf(line(phone)));
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

// --- Issue 14: delivery, stock, caps, the order's page and its cancel, the profile -----------

const delivery = { fullName: 'Arta Krasniqi', phone: '044 123 456', city: 'Prishtinë', address: 'Rr. Agim Ramadani 12, hyrja 2' };

/** Rows of every table placing or cancelling an order writes to, and the units on the shelf. */
const fullSnapshot = async () => ({
  orders: await countRows(t, 'orders'),
  items: await countRows(t, 'order_items'),
  keys: await countRows(t, 'idempotency_keys'),
  history: await countRows(t, 'order_status_history'),
  mails: await countRows(t, 'mail_outbox'),
  stock: (await t.db.select().from(productVariants)).map((r) => [r.productId, r.id, r.stock]).sort(),
});

const stockLeft = async (id: string) => (await stockOf(t.db, [id])).get(id) ?? undefined;
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
const detail = (id: number | string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers });
const cancel = (id: number | string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers });

describe('delivery or pickup, with the server’s fee', () => {
  // Every seeded product costs more than the free-delivery threshold (50 €): one case becomes cheap.
  let cheapCase: ListedProduct;
  const cheap = () => cheapCase;
  beforeAll(async () => {
    const c = list.filter((p) => p.category === 'case').at(-1)!;
    await t.db.update(products).set({ priceCents: 1250 }).where(eq(products.id, c.id));
    cheapCase = { ...c, price: 12.5 };
  });

  it('a home delivery under the threshold pays the configured fee; details, history, saved delivery and the mail are stored', async () => {
    const customer = await createUser(t, { name: 'Arta K.' });
    const lines = bodyOf(line(cheap(), 2));
    const total = (cents(lines.total) + 250) / 100;
    const before = await fullSnapshot();
    const res = await post(
      { ...lines, total, fulfilment: 'delivery', paymentMethod: 'cash', delivery, note: '  Telefononi para se të vini.  ' },
      { headers: customer.auth, key: 'key-delivery-0001' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      status: 'pending',
      fulfilment: 'delivery',
      paymentMethod: 'cash',
      subtotal: lines.total,
      deliveryFee: 2.5,
      total,
      delivery: { ...delivery, phone: '+383 44 123 456' },
      note: 'Telefononi para se të vini.',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      totalCents: cents(total),
      deliveryFeeCents: 250,
      vatPercent: 18,
      customerName: 'Arta Krasniqi',
      phone: '+383 44 123 456',
      city: 'Prishtinë',
      address: delivery.address,
    });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorType, h.actorId, h.actorEmail])).toEqual([
      [null, 'pending', 'customer', customer.user.id, customer.user.email],
    ]);
    const [saved] = await t.db.select({ delivery: users.delivery }).from(users).where(eq(users.id, customer.user.id));
    expect(saved!.delivery).toEqual({ ...delivery, phone: '+383 44 123 456' });
    const mails = await mailsTo(customer.user.email);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([['order-placed', `Porosia #${order.id} u pranua`]]);
    expect(mails[0]!.textBody).toContain(`/porosia/${order.id}`);
    expect(mails[0]!.textBody).toContain(cheap().name);
    expect((await fullSnapshot()).mails).toBe(before.mails + 1);

    // The profile offers the details again at checkout.
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: customer.auth });
    expect(profile.json().delivery).toEqual({ ...delivery, phone: '+383 44 123 456' });
  });

  it('a total without the fee is refused with the current prices and the fee, nothing stored', async () => {
    const lines = bodyOf(line(cheap()));
    const before = await fullSnapshot();
    const res = await post({ ...lines, fulfilment: 'delivery', delivery });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: orderMessages.pricesChanged, total: (cents(lines.total) + 250) / 100, deliveryFee: 2.5 });
    expect(await fullSnapshot()).toEqual(before);
  });

  it('delivery is free from the configured subtotal; a pickup order carries the account’s name and phone', async () => {
    const pricey = list.find((p) => p.price >= 50)!;
    const free = await post({ ...bodyOf(line(pricey)), fulfilment: 'delivery', delivery });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().order).toMatchObject({ deliveryFee: 0, total: pricey.price });

    const customer = await createUser(t, { name: 'Blerim Gashi' });
    await t.db.update(users).set({ phone: '+383 49 555 666' }).where(eq(users.id, customer.user.id));
    const pickup = await post({ ...bodyOf(line(cheap())), delivery }, { headers: customer.auth });
    expect(pickup.statusCode).toBe(201);
    expect(pickup.json().order).toMatchObject({ fulfilment: 'pickup', deliveryFee: 0, delivery: null });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, pickup.json().order.id));
    expect(row).toMatchObject({ customerName: 'Blerim Gashi', phone: '+383 49 555 666', city: null, address: null });
    // A pickup order does not overwrite the delivery details kept for next time.
    const [saved] = await t.db.select({ delivery: users.delivery }).from(users).where(eq(users.id, customer.user.id));
    expect(saved!.delivery).toBeNull();
  });

  it('a recipient with a number from abroad (issue 30): delivered in Kosovo, the number kept in its international writing', async () => {
    const pricey = list.find((p) => p.price >= 50)!;
    const abroad = { ...delivery, phone: '+41791234567' };
    const res = await post({ ...bodyOf(line(pricey)), fulfilment: 'delivery', delivery: abroad });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.delivery).toMatchObject({ phone: '+41 79 123 45 67', city: 'Prishtinë' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row).toMatchObject({ phone: '+41 79 123 45 67', city: 'Prishtinë' });
  });

  const d = (patch: Record<string, unknown>) => ({ ...delivery, ...patch });
  const badDelivery: [string, Record<string, unknown>, string, string][] = [
    ['delivery without details', { delivery: undefined }, orderMessages.deliveryMissing, 'delivery'],
    ['no name', { delivery: d({ fullName: ' ' }) }, orderMessages.fullName, 'delivery.fullName'],
    ['a name too long', { delivery: d({ fullName: 'A'.repeat(121) }) }, orderMessages.fullNameLong, 'delivery.fullName'],
    ['a name with hidden characters', { delivery: d({ fullName: 'Arta\u200bK' }) }, orderMessages.fullNameChars, 'delivery.fullName'],
    ['no phone', { delivery: d({ phone: undefined }) }, orderMessages.phone, 'delivery.phone'],
    ['a phone too short to be one', { delivery: d({ phone: '+41 79 12' }) }, orderMessages.phone, 'delivery.phone'],
    ['a Kosovo number with a wrong prefix', { delivery: d({ phone: '+383 12 345 678' }) }, orderMessages.phone, 'delivery.phone'],
    ['a phone of letters', { delivery: d({ phone: 'telefoni im' }) }, orderMessages.phone, 'delivery.phone'],
    ['a city not in the list', { delivery: d({ city: 'Tiranë' }) }, orderMessages.city, 'delivery.city'],
    ['no address', { delivery: d({ address: '' }) }, orderMessages.address, 'delivery.address'],
    ['an address too long', { delivery: d({ address: 'x'.repeat(301) }) }, orderMessages.addressLong, 'delivery.address'],
    ['a note too long', { note: 'x'.repeat(501) }, orderMessages.note, 'note'],
    ['an unknown way to receive', { fulfilment: 'drone' }, orderMessages.fulfilment, 'fulfilment'],
    ['card payment', { paymentMethod: 'card' }, orderMessages.paymentMethod, 'paymentMethod'],
  ];
  it.each(badDelivery)('%s: 400 naming the field, nothing stored', async (_name, patch, expected, field) => {
    const before = await fullSnapshot();
    const res = await post({ ...bodyOf(line(cheap())), fulfilment: 'delivery', delivery, ...patch }, { key: 'key-bad-delivery-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: expected, field });
    expect(await fullSnapshot()).toEqual(before);
  });

  it('the Idempotency-Key covers how the order is received: the same key with another note or address is 422', async () => {
    const body = { ...bodyOf(line(cheap())), fulfilment: 'delivery', delivery, note: 'A' };
    body.total = (cents(body.total) + 250) / 100;
    expect((await post(body, { key: 'key-delivery-hash-1' })).statusCode).toBe(201);
    const before = await fullSnapshot();
    expect((await post({ ...body, note: 'B' }, { key: 'key-delivery-hash-1' })).statusCode).toBe(422);
    expect((await post({ ...body, delivery: d({ address: 'Rr. Tjetër 1' }) }, { key: 'key-delivery-hash-1' })).statusCode).toBe(422);
    const replay = await post(body, { key: 'key-delivery-hash-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await fullSnapshot()).toEqual(before);
  });

  it('GET /api/orders/settings gives the checkout the fee, the threshold, the VAT and the caps in euros, without a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deliveryFee: 2.5, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 10, maxOpenOrders: 10_000 });
  });
});

describe('stock', () => {
  it('takes the units in the order’s transaction; too few: 409 naming the product and what is left, nothing stored or taken', async () => {
    const [a, b] = list.filter((p) => p.category === 'accessory' || p.category === 'case').slice(2, 4);
    await setStock(t.db, a!.id, 5);
    await setStock(t.db, b!.id, 1);
    const ok = await post(bodyOf(line(a!, 2), line(b!, 1)));
    expect(ok.statusCode, ok.body).toBe(201);
    expect([await stockLeft(a!.id), await stockLeft(b!.id)]).toEqual([3, 0]);

    const before = await fullSnapshot();
    const tooMany = await post(bodyOf(line(a!, 4)), { key: 'key-out-of-stock-1' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ msg: orderMessages.outOfStock(a!.name, 3), productId: a!.id, left: 3 });
    expect(tooMany.json().msg).toContain(a!.name);
    // The first line had units: they are not taken when the second has none.
    const gone = await post(bodyOf(line(a!, 1), line(b!, 1)));
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ msg: `“${b!.name}” nuk është më në stok.`, productId: b!.id, left: 0 });
    expect(await fullSnapshot()).toEqual(before);

    // Shoppers see it: low, then out of stock.
    const shown = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().stock;
    expect(await shown(a!.id)).toEqual({ status: 'low', left: 3 });
    expect(await shown(b!.id)).toEqual({ status: 'out-of-stock', left: 0 });
  });

  it('LOW_STOCK_AT is the 5 of the variants’ trigger in migration 0012', () => {
    const sqlText = fs.readFileSync(path.join(__dirname, '../../drizzle/0012_product_variants.sql'), 'utf8');
    const m = /OLD\.stock <= (\d+) OR NEW\.stock <= (\d+)/.exec(sqlText);
    expect(m, 'the trigger’s condition').not.toBeNull();
    expect([Number(m![1]), Number(m![2])]).toEqual([LOW_STOCK_AT, LOW_STOCK_AT]);
  });

  it('a stock change above LOW_STOCK_AT keeps the product cache; one at or below it empties it', async () => {
    const p = list.filter((x) => x.category === 'accessory')[4]!;
    // Count what the app itself hears: each products_changed notification empties its cache
    // (plugins/product-cache.ts). A listener of the test's own would run on another connection on
    // PostgreSQL, and could hear a notification before or after the app does.
    const heard = vi.spyOn(t.app.productCache, 'invalidate');
    // A start above LOW_STOCK_AT; the move there is heard only when it came from at or below it.
    const from = (await stockLeft(p.id)) ?? 0;
    await setStock(t.db, p.id, 30);
    const base = from <= LOW_STOCK_AT ? 1 : 0;
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(base), { timeout: 5_000 });
    try {
      await setStock(t.db, p.id, 29); // flush: an UPDATE above 5 must not notify...
      await setStock(t.db, p.id, 3); // ...this one must
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(base + 1), { timeout: 5_000 });

      await t.app.inject({ method: 'GET', url: '/api/products' });
      await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` });
      // Notifications arrive in commit order: had the UPDATE to 29 notified, it would have come first.
      expect(heard).toHaveBeenCalledTimes(base + 1);
      expect(t.app.productCache.size).toBeGreaterThanOrEqual(2);

      await setStock(t.db, p.id, 30); // from 3: shoppers see the change
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(base + 2), { timeout: 5_000 });
      expect(t.app.productCache.size).toBe(0);
      await t.app.inject({ method: 'GET', url: '/api/products' });
      await takeStock(t.db, p.id, 2); // 30 -> 28: nobody sees it
      await setStock(t.db, p.id, 4); // 28 -> 4: seen
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(base + 3), { timeout: 5_000 });
      expect(t.app.productCache.size).toBe(0);
    } finally {
      heard.mockRestore();
    }
  });
});

describe('caps on one order and on open orders, and the rate limit', () => {
  it('a line above the per-line cap: 400 naming the product and the field, nothing stored', async () => {
    const before = await fullSnapshot();
    const res = await post(bodyOf(line(accessory), line(phone, 11)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: orderMessages.perLine(10, phone.name), field: 'items.1.quantity' });
    expect(await fullSnapshot()).toEqual(before);
    expect((await post(bodyOf(line(accessory, 10)))).statusCode).toBe(201);
  });

  it('the open-order cap counts pending, confirmed and shipped orders; parallel orders cannot both pass it', async () => {
    const customer = await createUser(t);
    const config = { ...t.config, ORDER_MAX_OPEN: 3 };
    // A different product for each order, so only the customer's lock makes them take turns.
    const place = (p: ListedProduct, key?: string) =>
      asHttp(createOrder(t.db, config, customer.user.id, createOrderBodySchema.parse(bodyOf(line(p))), key));
    const first = await place(accessory);
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, first.order.id)); // no longer open
    const fresh = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as ListedProduct[];
    const results = await Promise.allSettled(fresh.slice(0, 5).map((p, i) => place(p, `key-open-cap-${i}-abc`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => [r.reason.statusCode, r.reason.message])).toEqual(Array(2).fill([409, orderMessages.openOrders(3)]));
    const open = await t.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(open.filter((o) => o.status === 'pending')).toHaveLength(3);
  });

  it('POST /api/orders is limited per customer and per address: 429 with an Albanian msg; a retry of a placed order is not counted', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ORDERS_MAX: 2, RATE_LIMIT_ORDERS_IP_MAX: 3 });
    try {
      const [one, two] = [await createUser(limited), await createUser(limited)];
      const body = { items: [{ id: accessory.id, quantity: 1, price: accessory.price }], total: accessory.price };
      const send = (auth: Record<string, string>, key: string) =>
        limited.app.inject({ method: 'POST', url: '/api/orders', headers: { ...auth, 'idempotency-key': key }, payload: body });
      expect((await send(one.auth, 'rate-key-0001')).statusCode).toBe(201);
      expect((await send(one.auth, 'rate-key-0002')).statusCode).toBe(201);
      const replay = await send(one.auth, 'rate-key-0002');
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const third = await send(one.auth, 'rate-key-0003');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ msg: orderMessages.rateLimited });
      expect(third.headers['retry-after']).toBeDefined();
      // Another customer from the same address: the address's limit (3, the replay counted) is reached.
      const other = await send(two.auth, 'rate-key-0004');
      expect(other.statusCode).toBe(429);
      expect(other.json()).toEqual({ msg: orderMessages.rateLimited });
      expect(await countRows(limited, 'orders')).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('the customer’s order page and cancel', () => {
  it('GET /api/orders/:id answers the caller’s own order with its history and VAT; anyone else’s or unknown is 404', async () => {
    const owner = await createUser(t);
    const body = bodyOf(line(phone));
    const placed = (await post(body, { headers: owner.auth })).json().order;
    const res = await detail(placed.id, owner.auth);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      ...placed,
      canCancel: true,
      vatPercent: 18,
      vatIncluded: Math.round((cents(body.total) * 18) / 118) / 100,
    });
    expect(order.history).toEqual([{ status: 'pending', from: null, at: expect.any(String), by: 'customer' }]);

    const stranger = await createUser(t);
    for (const [id, headers] of [
      [placed.id, stranger.auth],
      [2_000_000_000, owner.auth],
    ] as const) {
      const r = await detail(id, headers);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ msg: orderMessages.notFound });
    }
    expect((await detail('abc', owner.auth)).statusCode).toBe(400);
    expect((await detail(placed.id, {})).statusCode).toBe(401);
  });

  it('the customer cancels a pending order: stock returns, history and mail; again or once confirmed: 409; someone else’s: 404', async () => {
    const owner = await createUser(t);
    const p = list.filter((x) => x.category === 'accessory')[5]!;
    await setStock(t.db, p.id, 7);
    const placed = (await post(bodyOf(line(p, 3)), { headers: owner.auth })).json().order;
    expect(await stockLeft(p.id)).toBe(4);

    const stranger = await createUser(t);
    const before = await fullSnapshot();
    const theirs = await cancel(placed.id, stranger.auth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ msg: orderMessages.notFound });
    expect((await cancel(2_000_000_000, owner.auth)).statusCode).toBe(404);
    expect(await fullSnapshot()).toEqual(before);

    const res = await cancel(placed.id, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: placed.id, status: 'cancelled', canCancel: false });
    expect(res.json().history.map((h: { from: string | null; status: string; by: string }) => [h.from, h.status, h.by])).toEqual([
      [null, 'pending', 'customer'],
      ['pending', 'cancelled', 'customer'],
    ]);
    expect(await stockLeft(p.id)).toBe(7);
    expect((await mailsTo(owner.user.email)).map((m) => m.kind)).toEqual(['order-placed', 'order-status']);

    const again = await cancel(placed.id, owner.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: orderMessages.cannotCancel });
    expect(await stockLeft(p.id)).toBe(7);

    const confirmed = (await post(bodyOf(line(p, 1)), { headers: owner.auth })).json().order;
    await t.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, confirmed.id));
    const late = await cancel(confirmed.id, owner.auth);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ msg: orderMessages.cannotCancel });
    expect(await stockLeft(p.id)).toBe(6);
    expect((await mine(owner.auth)).json().map((o: { status: string }) => o.status)).toEqual(['confirmed', 'cancelled']);
  });
});

describe('PATCH /api/auth/profile', () => {
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers, payload: payload as object });

  it('edits the name, the phone (normalised) and the delivery details; what is left out stays; null and "" clear', async () => {
    const u = await createUser(t, { name: 'Emri i vjetër' });
    const res = await patch(u.auth, { name: '  Drita Berisha ', phone: '049123456', delivery });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.user.id,
      name: 'Drita Berisha',
      email: u.user.email,
      phone: '+383 49 123 456',
      delivery: { ...delivery, phone: '+383 44 123 456' },
    });
    const kept = await patch(u.auth, { name: 'Drita B.' });
    expect(kept.json()).toMatchObject({ name: 'Drita B.', phone: '+383 49 123 456', delivery: { city: 'Prishtinë' } });
    const cleared = await patch(u.auth, { name: 'Drita B.', phone: '', delivery: null });
    expect(cleared.json()).toMatchObject({ phone: null, delivery: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: u.auth })).json()).toEqual(cleared.json());
  });

  it('bad input: 400 with an Albanian msg naming the field, nothing changed; a login is needed', async () => {
    const u = await createUser(t, { name: 'Pa ndryshim' });
    const cases: [unknown, string | undefined, string][] = [
      [{}, 'name', authMessages.nameRequired],
      [{ name: ' ' }, 'name', authMessages.nameRequired],
      [{ name: 'Ok', phone: '12' }, 'phone', orderMessages.phone],
      [{ name: 'Ok', phone: 44 }, 'phone', orderMessages.phone],
      [{ name: 'Ok', delivery: { ...delivery, city: 'Atlantis' } }, 'delivery.city', orderMessages.city],
      [{ name: 'Ok', delivery: { ...delivery, phone: 'x' } }, 'delivery.phone', orderMessages.phone],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(u.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ msg: message, ...(field ? { field } : {}) });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect([row!.name, row!.phone, row!.delivery]).toEqual(['Pa ndryshim', null, null]);
    expect((await patch({}, { name: 'X' })).statusCode).toBe(401);
  });
});
