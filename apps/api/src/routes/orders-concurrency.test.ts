import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shop/shared/schemas/order';
import { orderItems, users } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { countRows, createTestApp, type TestApp } from '../test/harness';

/**
 * The last units of a product, wanted by many customers at once (issue 14): exactly as many orders
 * as units succeed, the others get 409 naming the product, and the shelf never goes below zero.
 * Run on PGlite by default and on PostgreSQL with DATABASE_URL set (real parallel transactions).
 */
let t: TestApp;
beforeAll(async () => {
  // The harness raises the per-user and per-address limits: 50 customers from one test address.
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('stock under concurrency', () => {
  it('50 parallel orders for the last 3 units: exactly 3 succeed, 47 get 409 naming the product, stock 0', async () => {
    const [product] = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; name: string; price: number }[];
    await setStock(t.db, product!.id, 3);
    const created = await t.db
      .insert(users)
      .values(Array.from({ length: 50 }, (_, i) => ({ name: `Blerës ${i}`, email: `last-units-${i}@test.local`, passwordHash: null })))
      .returning();
    const tokens = await Promise.all(created.map((u) => t.app.signToken(u)));
    const ordersBefore = await countRows(t, 'orders');

    const results = await Promise.all(
      tokens.map((token, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': `last-units-${i}-key` },
          payload: { items: [{ id: product!.id, quantity: 1, price: product!.price }], total: product!.price },
        }),
      ),
    );

    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      const body = r.json();
      expect(body.msg).toBe(orderMessages.outOfStock(product!.name, 0));
      expect(body.msg).toContain(product!.name);
      expect(body).toMatchObject({ productId: product!.id, left: 0 });
    }
    expect((await stockOf(t.db, [product!.id])).get(product!.id)).toBe(0);
    // Stock + sold = initial: exactly 3 units went into orders.
    expect(await countRows(t, 'orders')).toBe(ordersBefore + 3);
    const sold = await t.db.select().from(orderItems).where(eq(orderItems.productId, product!.id));
    expect(sold.reduce((s, l) => s + l.quantity, 0)).toBe(3);
  });
});
