import { and, desc, eq, sql } from 'drizzle-orm';
import { formatPrice } from '@shop/shared/domain/money';
import { todayInShop } from '@shop/shared/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountMessages } from '@shop/shared/schemas/discounts';
import { orderMessages } from '@shop/shared/schemas/order';
import { auditLog, discountCodes, mailOutbox, orders, products, productVariants } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';

/**
 * Discount codes (issue 29, decision 049): the owner's screen, the checkout's check and an order
 * naming a code (the discount on the qualifying lines, its limits, a cancelled order freeing its use).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let samsung: { id: string; price: number };
let other: { id: string; price: number };

async function productWhere(where: ReturnType<typeof sql>) {
  const [row] = await t.db
    .select({ id: products.id, priceCents: productVariants.priceCents })
    .from(products)
    .innerJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.isDefault, true)))
    .where(and(sql`(${where})`, sql`(${productVariants.stock} is null or ${productVariants.stock} > 5)`))
    .limit(1);
  if (!row) throw new Error('no product');
  return { id: row.id, price: row.priceCents / 100 };
}

const create = (body: Record<string, unknown>, auth = owner.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/discount-codes', headers: auth, payload: body });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { role: 'admin' });
  staff = await createUser(t, { role: 'staff' });
  samsung = await productWhere(sql`lower(${products.brand}) = 'samsung' and ${products.category} = 'phone'`);
  other = await productWhere(sql`${products.category} = 'case'`);
  await t.db
    .update(productVariants)
    .set({ stock: 100 })
    .where(sql`${productVariants.productId} in (${samsung.id}, ${other.id})`);
});
afterAll(async () => {
  await t?.close();
});

const cents = (euros: number) => Math.round(euros * 100);

describe('the owner makes codes', () => {
  it('creates a normalised code, audited; a duplicate (any case) is 409 and changes nothing', async () => {
    const res = await create({
      code: ' sams10 ',
      name: '-10% Samsung',
      kind: 'percent',
      value: 10,
      brands: ['Samsung'],
      categories: ['phone'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'SAMS10', kind: 'percent', value: 10, uses: 0, paused: false });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'discount.create'));
    expect(audit).toHaveLength(1);
    const before = await countRows(t, 'discount_codes');
    const dup = await create({ code: 'Sams10', kind: 'amount', value: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(discountMessages.duplicate);
    expect(await countRows(t, 'discount_codes')).toBe(before);
  });

  it('refuses bad values in Albanian: percent over 100 or 0, fractional cents, to before from', async () => {
    const before = await countRows(t, 'discount_codes');
    for (const [body, message] of [
      [{ code: 'BAD1', kind: 'percent', value: 101 }, discountMessages.percent],
      [{ code: 'BAD2', kind: 'percent', value: 0 }, discountMessages.percent],
      [{ code: 'BAD3', kind: 'amount', value: 1.005 }, discountMessages.amount],
      [{ code: 'BAD4', kind: 'amount', value: 5, validFrom: '2026-12-10', validTo: '2026-12-01' }, discountMessages.dates],
      [{ code: 'B', kind: 'free-delivery' }, discountMessages.code],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    expect(await countRows(t, 'discount_codes')).toBe(before);
  });

  it('staff create, pause and see the uses of a code (audited under their name); a customer gets 403', async () => {
    const res = await create({ code: 'STAFF1', kind: 'percent', value: 5 }, staff.auth);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: staff.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { code: string }) => c.code)).toContain('STAFF1');
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/discount-codes/${made.id}`,
      headers: staff.auth,
      payload: { paused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().paused).toBe(true);
    const uses = await t.app.inject({ method: 'GET', url: `/api/admin/discount-codes/${made.id}/uses`, headers: staff.auth });
    expect(uses.statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(made.id)));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    for (const a of audit) expect(a.actorId).toBe(staff.user.id);

    const customer = await createUser(t);
    const before = await countRows(t, 'discount_codes');
    expect((await create({ code: 'CUST1', kind: 'percent', value: 5 }, customer.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: customer.auth })).statusCode).toBe(403);
    expect(await countRows(t, 'discount_codes')).toBe(before);
  });
});

describe('the check and the order', () => {
  const lines = () => [
    { id: samsung.id, quantity: 1 },
    { id: other.id, quantity: 2 },
  ];

  it('checks a code on the cart: the discount on the Samsung phone only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/discount-codes/check', payload: { code: 'sams10', items: lines() } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.discount).toBe(Math.round(cents(samsung.price) * 0.1) / 100);
    expect(body.productIds).toEqual([samsung.id]);
    expect(cents(body.total)).toBe(cents(samsung.price) + 2 * cents(other.price) - cents(body.discount));
  });

  it('answers a clear reason: unknown, not for these products, under the minimum', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/discount-codes/check', payload: { code: 'NOPE', items: lines() } });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().msg).toBe(discountMessages.unknown);
    const scope = await t.app.inject({
      method: 'POST',
      url: '/api/discount-codes/check',
      payload: { code: 'SAMS10', items: [{ id: other.id, quantity: 1 }] },
    });
    expect(scope.json().msg).toBe(discountMessages.scope);
    await create({ code: 'MIN50', kind: 'amount', value: 5, minSubtotal: 100_000 });
    const min = await t.app.inject({
      method: 'POST',
      url: '/api/discount-codes/check',
      payload: { code: 'min50', items: [{ id: other.id, quantity: 1 }] },
    });
    expect(min.json().msg).toBe('Ky kod vlen për porosi mbi 100.000,00 €.');
  });

  it('places an order with the code: total = lines + fee - discount, stored with the code; a wrong total is the 409 with the discount', async () => {
    const customer = await createUser(t, { emailVerified: true });
    const discount = Math.round(cents(samsung.price) * 0.1);
    const totalCents = cents(samsung.price) + 2 * cents(other.price) - discount;
    const items = [
      { id: samsung.id, quantity: 1, price: samsung.price },
      { id: other.id, quantity: 2, price: other.price },
    ];
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: { items, total: (totalCents + discount) / 100, discountCode: 'sams10' },
    });
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json()).toMatchObject({ msg: orderMessages.pricesChanged, total: totalCents / 100, discount: discount / 100 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: { items, total: totalCents / 100, discountCode: 'sams10' },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.discount).toEqual({ code: 'SAMS10', amount: discount / 100 });
    expect(cents(order.subtotal)).toBe(totalCents + discount);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ discountCents: discount, discountCode: 'SAMS10', totalCents });
    // The customer's page and the admin's order carry it.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.auth });
    expect(mine.json().discount, mine.body).toEqual({ code: 'SAMS10', amount: discount / 100 });
    const admin = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: owner.auth });
    expect(admin.json().discount).toEqual({ code: 'SAMS10', amount: discount / 100 });
    // The mail and the export carry it.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-placed')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.textBody).toContain(`Zbritje (SAMS10): −${formatPrice(discount / 100)}`);
    const day = todayInShop();
    const file = await t.app.inject({ method: 'GET', url: `/api/admin/export/orders.csv?from=${day}&to=${day}`, headers: owner.auth });
    const csv = file.rawPayload.toString('utf8');
    expect(csv).toContain('"Kodi i zbritjes"');
    expect(csv).toContain('"SAMS10"');
    // Without a code the order answers as before: no discount field.
    const another = await createUser(t, { emailVerified: true });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: another.auth,
      payload: { items: [items[1]], total: (2 * cents(other.price)) / 100 },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().order).not.toHaveProperty('discount');
  });

  it('holds the per-customer limit; a cancelled order frees its use', async () => {
    const made = await create({ code: 'ONCE', kind: 'amount', value: 1, maxUsesPerCustomer: 1 });
    expect(made.statusCode).toBe(201);
    const customer = await createUser(t, { emailVerified: true });
    const body = {
      items: [{ id: other.id, quantity: 1, price: other.price }],
      total: (cents(other.price) - 100) / 100,
      discountCode: 'once',
    };
    const first = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: body });
    expect(first.statusCode).toBe(201);
    const ordersBefore = await countRows(t, 'orders');
    const second = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: body });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(discountMessages.used);
    expect(await countRows(t, 'orders')).toBe(ordersBefore);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/discount-codes/check',
      headers: customer.auth,
      payload: { code: 'ONCE', items: [{ id: other.id, quantity: 1 }] },
    });
    expect(check.json().msg).toBe(discountMessages.used);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${first.json().order.id}/cancel`, headers: customer.auth });
    expect(cancel.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: body });
    expect(again.statusCode).toBe(201);
    // The owner sees the uses.
    const uses = await t.app.inject({ method: 'GET', url: `/api/admin/discount-codes/${made.json().id}/uses`, headers: owner.auth });
    expect(uses.json()).toHaveLength(2);
    expect(uses.json()[0]).toMatchObject({ discount: 1, status: 'pending' });
    // The list counts this code's own uses among the others' (one not cancelled, 1,00 € off).
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: owner.auth });
    expect((list.json() as { code: string; uses: number; discounted: number }[]).find((c) => c.code === 'ONCE')).toMatchObject({
      uses: 1,
      discounted: 1,
    });
  });

  it('a paused code is refused; resumed it works again (both audited)', async () => {
    const made = await create({ code: 'PAUSEME', kind: 'percent', value: 5 });
    const id = made.json().id;
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/discount-codes/${id}`,
      headers: owner.auth,
      payload: { paused: true },
    });
    expect(paused.json().paused).toBe(true);
    const check = await t.app.inject({ method: 'POST', url: '/api/discount-codes/check', payload: { code: 'PAUSEME', items: lines() } });
    expect(check.json().msg).toBe(discountMessages.unknown);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/discount-codes/${id}`, headers: owner.auth, payload: { paused: false } });
    const ok = await t.app.inject({ method: 'POST', url: '/api/discount-codes/check', payload: { code: 'PAUSEME', items: lines() } });
    expect(ok.statusCode).toBe(200);
    const kinds = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
    ).map((a) => a.kind);
    expect(kinds.sort()).toEqual(['discount.create', 'discount.pause', 'discount.resume']);
  });

  it('an expired code is refused', async () => {
    await create({ code: 'OLD2020', kind: 'percent', value: 5, validFrom: '2020-01-01', validTo: '2020-01-31' });
    const res = await t.app.inject({ method: 'POST', url: '/api/discount-codes/check', payload: { code: 'old2020', items: lines() } });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(discountMessages.unknown);
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.code, 'OLD2020')))[0]?.validTo).toBe('2020-01-31');
  });
});

describe('the check is rate-limited per IP', () => {
  it('answers 429 in Albanian past the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ORDERS_IP_MAX: 2 });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/discount-codes/check',
          payload: { code: 'GUESS1', items: [{ id: other.id, quantity: 1 }] },
        });
      expect((await send()).statusCode).toBe(409);
      expect((await send()).statusCode).toBe(409);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().msg).toBe(discountMessages.rateLimited);
    } finally {
      await limited.close();
    }
  });
});
