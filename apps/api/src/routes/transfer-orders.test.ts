import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMsg } from '@shop/shared/messages-admin';
import { defaultShopSettings, formatIban } from '@shop/shared/domain/shop-settings';
import { auditLog, mailOutbox, orders } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { createSecondInstance, createTestApp, createUser, type TestApp } from '../test/harness';
import { storefrontProducts, type ListedProduct } from '../test/admin-helpers';
import { cancelOverdueTransfers } from '../services/transfer-expiry';

/**
 * Bank transfer, courier tracking and the courier's cash (issue 30, decision 043). PGlite by
 * default; with DATABASE_URL the expiry runs on two instances with their own connection pools.
 */
let t: TestApp;
let product: ListedProduct;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://dyqani.test' });
  owner = await createUser(t, { role: 'admin', name: 'Pronari Transferit' });
  staff = await createUser(t, { role: 'staff', name: 'Punonjësi Transferit' });
  customer = await createUser(t, { name: 'Klienti Transferit', emailVerified: true });
  product = (await storefrontProducts(t)).find((p) => p.category === 'phone')!;
  await setStock(t.db, product.id, 50);
});
afterAll(async () => {
  await t?.close();
});

const delivery = { fullName: 'Drita Berisha', phone: '044 123 456', city: 'Prishtinë', address: 'Rr. Agim Ramadani 12' };

/** Places an order as the checkout does: a delivery's fee is learnt from the 409 and sent. */
async function place(body: Record<string, unknown>, opts: { guest?: boolean } = {}) {
  const send = (payload: object) =>
    opts.guest
      ? t.app.inject({ method: 'POST', url: '/api/guest-orders', payload })
      : t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload });
  const full = { items: [{ id: product.id, quantity: 1, price: product.price }], total: product.price, ...body };
  let res = await send(full);
  if (res.statusCode === 409 && 'prices' in (res.json() as object))
    res = await send({ ...full, total: (res.json() as { total: number }).total });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    order: { id: number; total: number; paymentMethod: string; transfer: Record<string, unknown> | null; shipment?: unknown };
    link?: string;
  };
}
const stockLeft = async () => (await stockOf(t.db, [product.id])).get(product.id);
const admin = (url: string, headers = staff.auth, payload?: object) =>
  t.app.inject({ method: url.endsWith('/paid') || url.endsWith('/cash-received') ? 'POST' : 'PATCH', url, headers, payload });

describe('Transfer bankar at checkout', () => {
  it('the contract body without a payment method is still cash on delivery', async () => {
    const { order } = await place({});
    expect(order.paymentMethod).toBe('cash');
    // A cash order answers exactly as before decision 043.
    expect(order).not.toHaveProperty('transfer');
    expect(order).not.toHaveProperty('shipment');
    expect(order).not.toHaveProperty('cashReceivedAt');
  });

  it('a transfer order answers and mails the IBAN, bank, amount and reference', async () => {
    const { order } = await place({ fulfilment: 'delivery', paymentMethod: 'transfer', delivery });
    expect(order.paymentMethod).toBe('transfer');
    expect(order.transfer).toMatchObject({
      bankName: defaultShopSettings.bankName,
      iban: defaultShopSettings.iban,
      amount: order.total,
      reference: `Porosia ${order.id}`,
      paidAt: null,
    });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order-placed'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(mail!.textBody).toContain(`IBAN: ${formatIban(defaultShopSettings.iban)}`);
    expect(mail!.textBody).toContain(`Referenca: Porosia ${order.id}`);
    expect(mail!.textBody).not.toContain('paguhet korrierit');
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.auth });
    expect(detail.json()).toMatchObject({ transfer: { iban: defaultShopSettings.iban, reference: `Porosia ${order.id}` } });
  });

  it('a guest pays by transfer too, and the guest page shows it', async () => {
    const { order, link } = await place(
      {
        fulfilment: 'delivery',
        paymentMethod: 'transfer',
        delivery,
        guest: { name: 'Besa Gashi', email: 'besa.transfer@example.com', phone: '+41 79 123 45 67' },
      },
      { guest: true },
    );
    const page = await t.app.inject({ method: 'GET', url: `/api/guest-orders/${link!.split('/').pop()!}` });
    expect(page.json()).toMatchObject({ id: order.id, transfer: { iban: defaultShopSettings.iban, paidAt: null } });
  });

  it('refuses an unknown payment method in Albanian', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: { items: [{ id: product.id, quantity: 1, price: product.price }], total: product.price, paymentMethod: 'card' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Transfer bankar');
  });
});

describe('staff: paid, shipped with a courier, cash received', () => {
  it('a transfer order is not sent before it is paid; staff mark it paid (audited), then ship it with a tracking link', async () => {
    const { order } = await place({ fulfilment: 'delivery', paymentMethod: 'transfer', delivery });
    expect((await admin(`/api/admin/orders/${order.id}`, staff.auth, { status: 'confirmed' })).statusCode).toBe(200);
    const early = await admin(`/api/admin/orders/${order.id}`, staff.auth, { status: 'shipped' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ msg: adminMsg.notPaidYet });

    const paid = await admin(`/api/admin/orders/${order.id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().paidAt).toEqual(expect.any(String));
    expect((await admin(`/api/admin/orders/${order.id}/paid`)).json()).toEqual({ msg: adminMsg.alreadyPaid });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order.paid'), eq(auditLog.targetId, String(order.id))));
    expect(entry).toMatchObject({ actorId: staff.user.id });

    const unknown = await admin(`/api/admin/orders/${order.id}`, staff.auth, {
      status: 'shipped',
      courier: 'Askush',
      trackingNumber: 'RR123456789XK',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ msg: adminMsg.courierUnknown('Askush') });
    const half = await admin(`/api/admin/orders/${order.id}`, staff.auth, { status: 'shipped', courier: 'Posta e Kosovës' });
    expect(half.json()).toEqual({ msg: adminMsg.courierNeeded });
    const badNumber = await admin(`/api/admin/orders/${order.id}`, staff.auth, {
      status: 'shipped',
      courier: 'Posta e Kosovës',
      trackingNumber: '../x',
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().msg).toContain(adminMsg.trackingNumber);

    const shipped = await admin(`/api/admin/orders/${order.id}`, staff.auth, {
      status: 'shipped',
      courier: 'posta e kosovës',
      trackingNumber: 'RR123456789XK',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ courier: 'Posta e Kosovës', trackingNumber: 'RR123456789XK' });
    const url = 'https://www.postakosoves.com/gjurmimi?kodi=RR123456789XK';
    expect(shipped.json().trackingUrl).toBe(url);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.auth });
    expect(mine.json()).toMatchObject({ shipment: { courier: 'Posta e Kosovës', trackingNumber: 'RR123456789XK', trackingUrl: url } });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order-status'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(mail!.textBody).toContain(url);
  });

  it("'Para të pranuara' for a cash order on delivery once sent, once, audited", async () => {
    const { order } = await place({ fulfilment: 'delivery', delivery });
    expect((await admin(`/api/admin/orders/${order.id}/cash-received`)).json()).toEqual({ msg: adminMsg.cashNotDue });
    await admin(`/api/admin/orders/${order.id}`, staff.auth, { status: 'confirmed' });
    // The contract's move without a courier still works.
    expect((await admin(`/api/admin/orders/${order.id}`, staff.auth, { status: 'shipped' })).statusCode).toBe(200);
    const res = await admin(`/api/admin/orders/${order.id}/cash-received`);
    expect(res.statusCode).toBe(200);
    expect(res.json().cashReceivedAt).toEqual(expect.any(String));
    expect((await admin(`/api/admin/orders/${order.id}/cash-received`)).statusCode).toBe(409);
    expect((await admin(`/api/admin/orders/${order.id}/paid`)).json()).toEqual({ msg: adminMsg.notTransfer });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'order.cash-received'));
    expect(audit.map((a) => a.targetId)).toContain(String(order.id));
    expect((await admin(`/api/admin/orders/999999/paid`)).statusCode).toBe(404);
    expect((await admin(`/api/admin/orders/${order.id}/paid`, customer.auth)).statusCode).toBe(403);
  });
});

describe('unpaid transfers past their days', () => {
  it('are cancelled exactly once with two instances on one database: stock back once, one mail', async () => {
    const before = await stockLeft();
    const { order } = await place({ fulfilment: 'delivery', paymentMethod: 'transfer', delivery });
    const { order: fresh } = await place({ fulfilment: 'delivery', paymentMethod: 'transfer', delivery });
    const { order: paidOne } = await place({ fulfilment: 'delivery', paymentMethod: 'transfer', delivery });
    expect((await admin(`/api/admin/orders/${paidOne.id}/paid`)).statusCode).toBe(200);
    expect(await stockLeft()).toBe(before! - 3);
    // Placed 4 days ago (the default is 3 days); the paid one too.
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '4 days'` })
      .where(sql`${orders.id} in (${order.id}, ${paidOne.id})`);

    const second = await createSecondInstance(t);
    try {
      const results = await Promise.all([
        cancelOverdueTransfers(t.db, t.config),
        cancelOverdueTransfers(second.app.db, t.config),
        cancelOverdueTransfers(t.db, t.config),
        cancelOverdueTransfers(second.app.db, t.config),
      ]);
      // The second instance's own run at start competes too (app.ts): together at most one cancels.
      expect(results.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      await vi.waitFor(async () => {
        const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
        expect(row!.status).toBe('cancelled');
      });
    } finally {
      await second.close();
    }
    const rows = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(sql`${orders.id} in (${order.id}, ${fresh.id}, ${paidOne.id})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [order.id]: 'cancelled',
      [fresh.id]: 'pending',
      [paidOne.id]: 'pending',
    });
    expect(await stockLeft()).toBe(before! - 2);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order-status'), sql`${mailOutbox.subject} like ${`Porosia #${order.id} %`}`));
    expect(mails).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order.transfer-expired'), eq(auditLog.targetId, String(order.id))));
    expect(audit).toHaveLength(1);
    // Another run finds nothing.
    expect(await cancelOverdueTransfers(t.db, t.config)).toBe(0);
  });

  it('follows the days set in Cilësimet', async () => {
    const { order } = await place({ fulfilment: 'delivery', paymentMethod: 'transfer', delivery });
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '4 days'` })
      .where(eq(orders.id, order.id));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: owner.auth,
      payload: { ...defaultShopSettings, transferDays: 5 },
    });
    expect(put.statusCode).toBe(200);
    expect(await cancelOverdueTransfers(t.db, t.config)).toBe(0);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '6 days'` })
      .where(eq(orders.id, order.id));
    expect(await cancelOverdueTransfers(t.db, t.config)).toBe(1);
  });
});
