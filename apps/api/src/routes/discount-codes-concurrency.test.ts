import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountMessages } from '@shop/shared/schemas/discounts';
import { orders, productVariants, users } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';

/**
 * The last use of a discount code, wanted by several checkouts at once (issue 29): the code's row
 * is locked in the order's transaction, so exactly one order gets it and the others get 409 in
 * Albanian, with no order written. Run on PGlite by default and on PostgreSQL with DATABASE_URL
 * set (real parallel transactions).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('discount code limits under concurrency', () => {
  it('10 parallel orders for the last use: exactly one wins, 9 get 409 “limit reached”, one order names the code', async () => {
    const owner = await createUser(t, { role: 'admin' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: owner.auth,
      payload: { code: 'LAST1', kind: 'amount', value: 1, maxUses: 1 },
    });
    expect(made.statusCode).toBe(201);
    const [product] = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number }[];
    await t.db.update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, product!.id));
    const created = await t.db
      .insert(users)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          name: `Blerës ${i}`,
          email: `last-use-${i}@test.local`,
          passwordHash: null,
          emailVerified: true,
        })),
      )
      .returning();
    const tokens = await Promise.all(created.map((u) => t.app.signToken(u)));
    const total = (Math.round(product!.price * 100) - 100) / 100;

    const results = await Promise.all(
      tokens.map((token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${token}` },
          payload: { items: [{ id: product!.id, quantity: 1, price: product!.price }], total, discountCode: 'last1' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().msg).toBe(discountMessages.exhausted);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.discountCode, 'LAST1'))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('an edit lowering the limit while 6 orders use the code (decision 053): the edit takes the order’s lock, so the limit holds either way', async () => {
    const owner = await createUser(t, { role: 'admin' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: owner.auth,
      payload: { code: 'RACEEDIT', kind: 'amount', value: 1 },
    });
    expect(made.statusCode).toBe(201);
    const [, product] = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number }[];
    await t.db.update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, product!.id));
    const buyers = await t.db
      .insert(users)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          name: `Blerës ${i}`,
          email: `race-edit-${i}@test.local`,
          passwordHash: null,
          emailVerified: true,
        })),
      )
      .returning();
    const tokens = await Promise.all(buyers.map((u) => t.app.signToken(u)));
    const total = (Math.round(product!.price * 100) - 100) / 100;
    const order = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${token}` },
        payload: { items: [{ id: product!.id, quantity: 1, price: product!.price }], total, discountCode: 'raceedit' },
      });
    const editing = t.app.inject({
      method: 'PUT',
      url: `/api/admin/discount-codes/${made.json().id}`,
      headers: owner.auth,
      payload: { code: 'RACEEDIT', kind: 'amount', value: 1, maxUses: 3 },
    });
    const [edited, ...placed] = await Promise.all([editing, ...tokens.map(order)]);
    const won = placed.filter((r) => r.statusCode === 201).length;
    for (const r of placed.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe(discountMessages.exhausted);
    }
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.discountCode, 'RACEEDIT'))) as [{ n: number }];
    expect(n).toBe(won);
    if (edited!.statusCode === 200) {
      // The limit came first (or after at most 3 uses): never more than 3 orders.
      expect(won).toBeLessThanOrEqual(3);
      expect(edited!.json().maxUses).toBe(3);
    } else {
      // More than 3 orders were in before the edit took the lock: refused with their count, no limit set.
      expect(edited!.statusCode).toBe(409);
      expect(won).toBe(6);
      expect(edited!.json().msg).toMatch(/^Kufiri i përdorimeve nuk mund të jetë më i vogël se përdorimet deri tani \([4-6]\)\.$/);
    }
  });
});
