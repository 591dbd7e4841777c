import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountMessages } from '@shop/shared/schemas/discounts';
import { auditLog, discountCodes, products, productVariants } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';

/**
 * Editing a discount code after creation (decision 053): every field of the create form by the
 * same schema, the owner's only; the text only while no order names the code; the total limit
 * never below the uses; audited with the changed fields only; orders placed keep their discount.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let phone: { id: string; price: number };
let cover: { id: string; price: number };

const cents = (euros: number) => Math.round(euros * 100);

async function productWhere(where: ReturnType<typeof sql>) {
  const [row] = await t.db
    .select({ id: products.id, priceCents: productVariants.priceCents })
    .from(products)
    .innerJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.isDefault, true)))
    .where(sql`(${where})`)
    .limit(1);
  if (!row) throw new Error('no product');
  await t.db.update(productVariants).set({ stock: 100 }).where(eq(productVariants.productId, row.id));
  return { id: row.id, price: row.priceCents / 100 };
}

const create = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/discount-codes', headers: owner.auth, payload: body });
const edit = (id: number | string, body: Record<string, unknown>, auth: Record<string, string> = owner.auth) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/discount-codes/${id}`, headers: auth, payload: body });
const codeRow = async (id: number) => (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!;
const updates = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'discount.update'), eq(auditLog.targetId, String(id))));

/** An order of one cover with the code, its total net of `discountCents`. */
async function orderWith(code: string, discountCents: number, customer?: Awaited<ReturnType<typeof createUser>>) {
  const who = customer ?? (await createUser(t, { emailVerified: true }));
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: who.auth,
    payload: {
      items: [{ id: cover.id, quantity: 1, price: cover.price }],
      total: (cents(cover.price) - discountCents) / 100,
      discountCode: code,
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { role: 'admin' });
  staff = await createUser(t, { role: 'staff' });
  phone = await productWhere(sql`${products.category} = 'phone'`);
  cover = await productWhere(sql`${products.category} = 'case'`);
});
afterAll(async () => {
  await t?.close();
});

describe('the owner edits a code', () => {
  it('changes every field of the create form; the list shows the new settings', async () => {
    const made = await create({ code: 'FIELDS', kind: 'percent', value: 10 });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const res = await edit(id, {
      code: 'fields-2',
      name: 'Dërgesë falas',
      kind: 'amount',
      value: 7.5,
      validFrom: '2026-01-01',
      validTo: '2099-12-31',
      minSubtotal: 20,
      categories: ['phone', 'case'],
      brands: ['Samsung'],
      productIds: [phone.id.toUpperCase()],
      maxUses: 40,
      maxUsesPerCustomer: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      code: 'FIELDS-2',
      name: 'Dërgesë falas',
      kind: 'amount',
      value: 7.5,
      validFrom: '2026-01-01',
      validTo: '2099-12-31',
      minSubtotal: 20,
      categories: ['phone', 'case'],
      brands: ['Samsung'],
      productIds: [phone.id],
      maxUses: 40,
      maxUsesPerCustomer: 2,
      paused: false,
      codeLocked: false,
      uses: 0,
    });
    expect(res.json().products[0].id).toBe(phone.id);
    expect(await codeRow(id)).toMatchObject({ code: 'FIELDS-2', kind: 'amount', value: 750, minSubtotalCents: 2000 });
    // Back to no bounds and no scope: free delivery, every product, no limits.
    const back = await edit(id, { code: 'FIELDS-2', kind: 'free-delivery' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      kind: 'free-delivery',
      value: 0,
      validFrom: null,
      validTo: null,
      minSubtotal: 0,
      categories: [],
      brands: [],
      productIds: [],
      products: [],
      maxUses: null,
      maxUsesPerCustomer: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: owner.auth });
    expect((list.json() as { id: number; kind: string }[]).find((c) => c.id === id)?.kind).toBe('free-delivery');
  });

  it('audits the changed fields only (the code names the entry); a save without a change is not recorded', async () => {
    const made = await create({ code: 'AUDITME', name: 'Vjeshta', kind: 'percent', value: 10, maxUses: 50 });
    const id = made.json().id as number;
    const body = { code: 'AUDITME', name: 'Vjeshta', kind: 'percent', value: 15, maxUses: 60, brands: ['Apple'] };
    expect((await edit(id, body)).statusCode).toBe(200);
    const [entry, ...rest] = await updates(id);
    expect(rest).toHaveLength(0);
    expect(entry!.actorId).toBe(owner.user.id);
    expect(entry!.targetType).toBe('discount');
    expect(entry!.before).toEqual({ code: 'AUDITME', value: '10%', maxUses: 50, brands: '' });
    expect(entry!.after).toEqual({ code: 'AUDITME', value: '15%', maxUses: 60, brands: 'Apple' });
    // 'Historiku' names the code and reads the changes in Albanian.
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/audit?kind=discount.update', headers: owner.auth });
    expect(page.statusCode, page.body).toBe(200);
    expect(
      (page.json() as { items: { kindLabel: string; targetId: string }[] }).items.find((i) => i.targetId === String(id))?.kindLabel,
    ).toBe('Ndryshim kodi zbritjeje');
    expect((await edit(id, body)).statusCode).toBe(200);
    expect(await updates(id)).toHaveLength(1);
  });

  it('an order placed before the edit keeps its discount; one placed after gets the new one', async () => {
    const made = await create({ code: 'KEEPIT', kind: 'percent', value: 10 });
    const id = made.json().id as number;
    const old = Math.round(cents(cover.price) * 0.1);
    const first = await orderWith('keepit', old);
    expect(first.statusCode, first.body).toBe(201);
    expect((await edit(id, { code: 'KEEPIT', kind: 'percent', value: 20 })).statusCode).toBe(200);
    const now = Math.round(cents(cover.price) * 0.2);
    // A checkout that still shows the old discount is told the new total.
    const stale = await orderWith('keepit', old);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().discount).toBe(now / 100);
    const second = await orderWith('keepit', now);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().order.discount).toEqual({ code: 'KEEPIT', amount: now / 100 });
    const firstId = first.json().order.id as number;
    const reread = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${firstId}`, headers: owner.auth });
    expect(reread.json().discount).toEqual({ code: 'KEEPIT', amount: old / 100 });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: owner.auth });
    expect((list.json() as { id: number; discounted: number }[]).find((c) => c.id === id)?.discounted).toBe((old + now) / 100);
  });
});

describe('what an edit may not do', () => {
  it('keeps the text of a code an order named (even a cancelled one), in Albanian; the rest still changes', async () => {
    const made = await create({ code: 'USEDTEXT', kind: 'amount', value: 1 });
    const id = made.json().id as number;
    const customer = await createUser(t, { emailVerified: true });
    const order = await orderWith('usedtext', 100, customer);
    expect(order.statusCode, order.body).toBe(201);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${order.json().order.id}/cancel`, headers: customer.auth });
    expect(cancel.statusCode).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: owner.auth });
    expect((listed.json() as { id: number; codeLocked: boolean }[]).find((c) => c.id === id)?.codeLocked).toBe(true);
    const res = await edit(id, { code: 'NEWTEXT', kind: 'amount', value: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: discountMessages.codeUsed });
    expect(await codeRow(id)).toMatchObject({ code: 'USEDTEXT', value: 100 });
    expect(await updates(id)).toHaveLength(0);
    // Typed in small letters it is the same text: allowed.
    const ok = await edit(id, { code: 'usedtext', kind: 'amount', value: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ code: 'USEDTEXT', value: 2 });
  });

  it('refuses a total limit below the uses so far (409 with the count); equal to them is allowed', async () => {
    const made = await create({ code: 'LIMITS', kind: 'amount', value: 1 });
    const id = made.json().id as number;
    for (let i = 0; i < 2; i++) expect((await orderWith('limits', 100)).statusCode).toBe(201);
    const res = await edit(id, { code: 'LIMITS', kind: 'amount', value: 1, maxUses: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: discountMessages.limitBelowUses(2) });
    expect(res.json().msg).toBe('Kufiri i përdorimeve nuk mund të jetë më i vogël se përdorimet deri tani (2).');
    expect((await codeRow(id)).maxUses).toBeNull();
    const equal = await edit(id, { code: 'LIMITS', kind: 'amount', value: 1, maxUses: 2 });
    expect(equal.statusCode).toBe(200);
    // The limit is reached: the next order is refused.
    const third = await orderWith('limits', 100);
    expect(third.statusCode).toBe(409);
    expect(third.json().msg).toBe(discountMessages.exhausted);
  });

  it('refuses bad values with the create form’s Albanian messages and changes nothing', async () => {
    const made = await create({ code: 'BADEDIT', kind: 'percent', value: 10 });
    const id = made.json().id as number;
    const before = await codeRow(id);
    for (const [body, status, message] of [
      [{ code: 'BADEDIT', kind: 'percent', value: 10, validFrom: '2026-12-10', validTo: '2026-12-01' }, 400, discountMessages.dates],
      [{ code: 'BADEDIT', kind: 'percent', value: 10, validFrom: '2026-02-30' }, 400, discountMessages.date],
      [{ code: 'BADEDIT', kind: 'percent', value: 101 }, 400, discountMessages.percent],
      [{ code: 'BADEDIT', kind: 'amount', value: 1.005 }, 400, discountMessages.amount],
      [{ code: 'BADEDIT', kind: 'percent', value: 10, maxUses: 0 }, 400, discountMessages.limit],
      [{ code: 'B', kind: 'percent', value: 10 }, 400, discountMessages.code],
      [
        { code: 'BADEDIT', kind: 'percent', value: 10, productIds: ['no-such-product-x'] },
        400,
        `${discountMessages.unknownProducts}no-such-product-x`,
      ],
      [{ code: 'KEEPIT', kind: 'percent', value: 10 }, 409, discountMessages.duplicate],
    ] as const) {
      const res = await edit(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toBe(message);
    }
    expect(await codeRow(id)).toEqual(before);
    expect(await updates(id)).toHaveLength(0);
  });

  it('staff edit too (decision 055, audited under their name); a customer 403, no token 401; an unknown id is 404', async () => {
    const made = await create({ code: 'OWNERS', kind: 'percent', value: 10 });
    const id = made.json().id as number;
    const byStaff = await edit(id, { code: 'OWNERS', kind: 'percent', value: 15 }, staff.auth);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect((await codeRow(id)).value).toBe(15);
    const [entry] = await updates(id);
    expect(entry!.actorId).toBe(staff.user.id);
    const audits = await countRows(t, 'audit_log');
    const customer = await createUser(t);
    const byCustomer = await edit(id, { code: 'OWNERS', kind: 'percent', value: 50 }, customer.auth);
    expect(byCustomer.statusCode).toBe(403);
    const anonymous = await edit(id, { code: 'OWNERS', kind: 'percent', value: 50 }, {});
    expect(anonymous.statusCode).toBe(401);
    expect((await codeRow(id)).value).toBe(15);
    const missing = await edit(99_999_999, { code: 'OWNERS', kind: 'percent', value: 50 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(discountMessages.notFound);
    expect(await countRows(t, 'audit_log')).toBe(audits);
  });
});
