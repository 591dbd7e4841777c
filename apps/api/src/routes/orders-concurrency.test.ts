import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shop/shared/schemas/order';
import { orderItems, productVariants, users } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { defaultVariantName } from '../test/admin-helpers';

/**
 * The last units of a product, wanted by many customers at once (issue 14): exactly as many orders
 * as units succeed, the others get 409 naming the product, and the shelf never goes below zero.
 * The same for one variant of a product with two (issue 27): the other variant's stock is untouched.
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
    // The refusal names the product with its default variant's values (decision 039).
    const named = await defaultVariantName(t, product!);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      const body = r.json();
      expect(body.msg).toBe(orderMessages.outOfStock(named, 0));
      expect(body.msg).toContain(product!.name);
      expect(body).toMatchObject({ productId: product!.id, left: 0 });
    }
    expect((await stockOf(t.db, [product!.id])).get(product!.id)).toBe(0);
    // Stock + sold = initial: exactly 3 units went into orders.
    expect(await countRows(t, 'orders')).toBe(ordersBefore + 3);
    const sold = await t.db.select().from(orderItems).where(eq(orderItems.productId, product!.id));
    expect(sold.reduce((s, l) => s + l.quantity, 0)).toBe(3);
  });

  it('one variant of a product in two colours: 30 buyers for its last 4 units, exactly 4 win, the other colour untouched', async () => {
    const [, product] = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as {
      id: string;
      name: string;
      price: number;
    }[];
    const admin = (
      await t.db.insert(users).values({ name: 'Stafi', email: 'variants-staff@test.local', passwordHash: null, role: 'admin' }).returning()
    )[0]!;
    const staff = { authorization: `Bearer ${await t.app.signToken(admin)}` };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product!.id}/variants`,
      headers: staff,
      payload: {
        options: [{ name: 'Ngjyra', values: ['E zezë', 'E bardhë'] }],
        variants: [
          { values: ['E zezë'], sku: 'RACE-ZI', price: 300, stock: 9 },
          { values: ['E bardhë'], sku: 'RACE-BARDHE', price: 310, stock: 4 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const white = (put.json() as { variants: { id: number; sku: string }[] }).variants.find((v) => v.sku === 'RACE-BARDHE')!;
    const created = await t.db
      .insert(users)
      .values(Array.from({ length: 30 }, (_, i) => ({ name: `Blerës V${i}`, email: `last-variant-${i}@test.local`, passwordHash: null })))
      .returning();
    const tokens = await Promise.all(created.map((u) => t.app.signToken(u)));

    const results = await Promise.all(
      tokens.map((token, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': `last-variant-${i}-key` },
          payload: { items: [{ id: product!.id, variantId: white.id, quantity: 1, price: 310 }], total: 310 },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(26);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ msg: orderMessages.outOfStock(`${product!.name} (E bardhë)`, 0), left: 0, variantId: white.id });
    }
    const shelves = await t.db.select().from(productVariants).where(eq(productVariants.productId, product!.id));
    expect(Object.fromEntries(shelves.map((v) => [v.sku, v.stock]))).toEqual({ 'RACE-ZI': 9, 'RACE-BARDHE': 0 });
    const sold = await t.db.select().from(orderItems).where(eq(orderItems.variantId, white.id));
    expect(sold.reduce((s, l) => s + l.quantity, 0)).toBe(4);
    expect(new Set(sold.map((l) => `${l.variantTitle} ${l.sku}`))).toEqual(new Set(['E bardhë RACE-BARDHE']));
  });
});
