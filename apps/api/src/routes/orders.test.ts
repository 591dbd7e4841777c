import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';

let t: TestApp;
let auth: Record<string, string>;
let phone: { id: string; price: number };
let accessory: { id: string; price: number };

beforeAll(async () => {
  t = await createTestApp();
  auth = (await createUser(t)).auth;
  const list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number; category: string }[];
  phone = list.find((p) => p.category === 'phone')!;
  accessory = list.find((p) => p.category === 'accessory')!;
});
afterAll(async () => {
  await t?.close();
});

const order = (key?: string, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body ?? { items: [{ id: phone.id, quantity: 2, price: phone.price }], total: Math.round(phone.price * 200) / 100 },
  });

describe('POST /api/orders', () => {
  it('creates an order with the database prices', async () => {
    const res = await order('key-basic-0001');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Porosia u krye me sukses!');
    expect(body.order).toMatchObject({ status: 'pending', total: Math.round(phone.price * 200) / 100 });
    expect(body.order.items).toEqual([expect.objectContaining({ id: phone.id, quantity: 2, price: phone.price })]);
  });

  it('refuses a cheaper price or a wrong total with 409 and the current prices, creating nothing', async () => {
    const before = await countRows(t, 'orders');
    const cheap = await order('key-cheap-0001', { items: [{ id: phone.id, quantity: 1, price: 1 }], total: 1 });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().prices).toEqual([expect.objectContaining({ id: phone.id, price: phone.price })]);
    const wrongTotal = await order('key-total-0001', { items: [{ id: phone.id, quantity: 1, price: phone.price }], total: 0.01 });
    expect(wrongTotal.statusCode).toBe(409);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('returns the first order for a repeated key and 422 for the same key with another body', async () => {
    const first = await order('key-repeat-0001');
    const again = await order('key-repeat-0001');
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(first.json().order.id);
    const other = await order('key-repeat-0001', {
      items: [{ id: accessory.id, quantity: 1, price: accessory.price }],
      total: accessory.price,
    });
    expect(other.statusCode).toBe(422);
  });

  it('creates exactly one order for 20 simultaneous requests with one key', async () => {
    const before = await countRows(t, 'orders');
    const results = await Promise.all(Array.from({ length: 20 }, () => order('key-concurrent-0001')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(await countRows(t, 'orders')).toBe(before + 1);
  });

  it('needs a logged-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { items: [], total: 0 } });
    expect(res.statusCode).toBe(401);
  });
});
