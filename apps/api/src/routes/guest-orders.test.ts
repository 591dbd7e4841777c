import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestOrderMessages } from '@shop/shared/schemas/guest-order';
import { orderMessages } from '@shop/shared/schemas/order';
import { mailOutbox, orders } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { createTestApp, latestMailLink, type TestApp } from '../test/harness';
import { storefrontProducts, type ListedProduct } from '../test/admin-helpers';

/**
 * Orders without an account (issue 30, decision 042): the order and its mail, the link that opens
 * it (a guessed or altered one is a missing order), cancelling by the link, the limits of an
 * unverified account per e-mail and phone, phones from anywhere, and an account that takes the
 * orders over once its e-mail is verified.
 */

const PUBLIC_URL = 'https://dyqani.test';
let t: TestApp;
let product: ListedProduct;
let other: ListedProduct;
const STOCK = 40;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, UNVERIFIED_ORDER_MAX_OPEN: 2, UNVERIFIED_ORDER_MAX_UNITS: 5, RATE_LIMIT_ORDERS_MAX: 6 });
  const list = await storefrontProducts(t);
  [product, other] = list.filter((p) => p.category === 'phone') as [ListedProduct, ListedProduct];
  await setStock(t.db, product.id, STOCK);
  await setStock(t.db, other.id, 1);
});
afterAll(async () => {
  await t?.close();
});

const stockLeft = async (id: string) => (await stockOf(t.db, [id])).get(id);

const guestBody = (
  guest: { name?: string; email: string; phone: string },
  o: { quantity?: number; delivery?: boolean; p?: ListedProduct } = {},
) => {
  const p = o.p ?? product;
  const quantity = o.quantity ?? 1;
  const subtotal = Math.round(p.price * 100 * quantity) / 100;
  return {
    items: [{ id: p.id, quantity, price: p.price }],
    total: subtotal,
    ...(o.delivery
      ? {
          fulfilment: 'delivery',
          paymentMethod: 'cash',
          delivery: { fullName: 'Drita Berisha', phone: '044 123 456', city: 'Prishtinë', address: 'Rr. Agim Ramadani 12' },
        }
      : {}),
    guest: { name: guest.name ?? 'Arben Hoxha', email: guest.email, phone: guest.phone },
  };
};

async function order(body: ReturnType<typeof guestBody>, ip = '10.0.0.1') {
  let res = await t.app.inject({ method: 'POST', url: '/api/guest-orders', payload: body, remoteAddress: ip });
  if (res.statusCode === 409 && 'prices' in (res.json() as object)) {
    // A delivery's fee: the server names the total; send it as the checkout does.
    const total = (res.json() as { total: number }).total;
    res = await t.app.inject({ method: 'POST', url: '/api/guest-orders', payload: { ...body, total }, remoteAddress: ip });
  }
  return res;
}

const tokenOf = (link: string) => link.split('/').pop()!;
const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/guest-orders/${token}` });
const cancel = (token: string) => t.app.inject({ method: 'POST', url: `/api/guest-orders/${token}/cancel` });

describe('a guest order', () => {
  it('is placed with a +41 number for delivery to Prishtinë, stored in its international writing, and mailed with its link', async () => {
    const res = await order(guestBody({ email: 'Arben.Hoxha@Example.ch', phone: '+41 79 123 45 67' }, { delivery: true }));
    expect(res.statusCode, res.body).toBe(201);
    const { order: placed, link, message } = res.json() as { order: { id: number; status: string }; link: string; message: string };
    expect(message).toBe(orderMessages.success);
    expect(placed.status).toBe('pending');
    expect(link).toMatch(/^\/porosia-ime\/[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.userId).toBeNull();
    expect(row!.guestEmail).toBe('arben.hoxha@example.ch');
    expect(row!.guestPhone).toBe('+41 79 123 45 67');
    expect(row!.city).toBe('Prishtinë');
    // Only the hash of the secret is stored, and the order number is not in the link.
    expect(row!.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.guestTokenHash).not.toContain(tokenOf(link));
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'arben.hoxha@example.ch'), eq(mailOutbox.kind, 'order-placed')))
      .orderBy(desc(mailOutbox.id));
    expect(mail!.textBody).toContain(`${PUBLIC_URL}${link}`);
    expect(mail!.htmlBody).toContain(`${PUBLIC_URL}${link}`);

    const opened = await open(tokenOf(link));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['x-robots-tag']).toBe('noindex');
    const detail = opened.json() as { id: number; canCancel: boolean; guest: { phone: string; email: string }; delivery: { city: string } };
    expect(detail.id).toBe(placed.id);
    expect(detail.canCancel).toBe(true);
    expect(detail.guest).toEqual({ name: 'Arben Hoxha', phone: '+41 79 123 45 67', email: 'arben.hoxha@example.ch' });
    expect(detail.delivery.city).toBe('Prishtinë');
  });

  it('answers a guessed, altered or malformed link exactly like a missing order', async () => {
    const res = await order(guestBody({ email: 'lidhja@example.com', phone: '+49 151 23456789' }));
    expect(res.statusCode, res.body).toBe(201);
    const token = tokenOf((res.json() as { link: string }).link);
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    const answers = [];
    for (const bad of [
      flipped,
      token.slice(1),
      `${token}A`,
      'A'.repeat(43),
      '1',
      String((res.json() as { order: { id: number } }).order.id),
    ]) {
      const got = await open(bad);
      answers.push({ status: got.statusCode, body: got.body });
      const cancelled = await cancel(bad);
      expect(cancelled.statusCode).toBe(404);
    }
    for (const a of answers) expect(a).toEqual({ status: 404, body: JSON.stringify({ msg: orderMessages.notFound }) });
    // Nothing was cancelled by the wrong links.
    expect(((await open(token)).json() as { status: string }).status).toBe('pending');
    await cancel(token);
  });

  it('is cancelled by its link while pending: stock back, a mail, then 409', async () => {
    const before = await stockLeft(product.id);
    const res = await order(guestBody({ email: 'anulo@example.com', phone: '049 111 222' }, { quantity: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockLeft(product.id)).toBe((before as number) - 2);
    const token = tokenOf((res.json() as { link: string }).link);
    const done = await cancel(token);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { status: string; canCancel: boolean }).status).toBe('cancelled');
    expect((done.json() as { canCancel: boolean }).canCancel).toBe(false);
    expect(await stockLeft(product.id)).toBe(before);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'anulo@example.com'), eq(mailOutbox.kind, 'order-status')));
    expect(mails).toHaveLength(1);
    const again = await cancel(token);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { msg: string }).msg).toBe(orderMessages.cannotCancel);
  });

  it('obeys the stock: too few units is 409 and nothing is kept', async () => {
    const res = await order(guestBody({ email: 'stoku@example.com', phone: '045 222 333' }, { quantity: 2, p: other }));
    expect(res.statusCode).toBe(409);
    expect((res.json() as { msg: string }).msg).toMatch(/kanë mbetur vetëm 1 copë/);
    expect(await t.db.select().from(orders).where(eq(orders.guestEmail, 'stoku@example.com'))).toHaveLength(0);
  });

  it('is held to the unverified limits by e-mail and by phone', async () => {
    const phone = '+41 76 555 44 33';
    expect((await order(guestBody({ email: 'kufiri@example.com', phone }))).statusCode).toBe(201);
    expect((await order(guestBody({ email: 'kufiri@example.com', phone: '076 555 44 33'.replace(/^0/, '+41 ') }))).statusCode).toBe(201);
    // A third open order with the same e-mail, or another e-mail with the same phone: refused.
    const byEmail = await order(guestBody({ email: 'KUFIRI@example.com', phone: '044 777 666' }));
    expect(byEmail.statusCode).toBe(403);
    expect((byEmail.json() as { msg: string }).msg).toBe(orderMessages.unverifiedOpenOrders(2));
    const byPhone = await order(guestBody({ email: 'tjeter@example.com', phone: '0041 76 555 44 33' }));
    expect(byPhone.statusCode).toBe(403);
    // More units than an unverified account may hold.
    const units = await order(guestBody({ email: 'njesi@example.com', phone: '044 555 111' }, { quantity: 6 }));
    expect(units.statusCode).toBe(403);
    expect((units.json() as { msg: string }).msg).toBe(orderMessages.unverifiedUnits(5, 0));
  });

  it('is limited per e-mail over the rate window (429 with an Albanian message)', async () => {
    const email = 'shpejt@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await order(guestBody({ email, phone: `044 100 2${String(i).padStart(2, '0')}` }, { p: { ...product } }), `10.1.0.${i}`);
      statuses.push(res.statusCode);
      // The open-order limit is not what this test counts: each order is cancelled at once.
      if (res.statusCode === 201) await cancel(tokenOf((res.json() as { link: string }).link));
      if (res.statusCode === 429) expect((res.json() as { msg: string }).msg).toBe(orderMessages.rateLimited);
    }
    expect(statuses.filter((s) => s === 201).length).toBe(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('refuses a number that is not one, with the Albanian message, and stores nothing', async () => {
    for (const phone of ['12345', '+383 12 345 678', '+41 12', 'telefoni']) {
      const res = await order(guestBody({ email: 'numri@example.com', phone }));
      expect(res.statusCode, phone).toBe(400);
      expect((res.json() as { msg: string }).msg).toBe(guestOrderMessages.phone);
    }
    const noEmail = await order(guestBody({ email: 'jo-email', phone: '044 123 456' }));
    expect(noEmail.statusCode).toBe(400);
    expect((noEmail.json() as { msg: string }).msg).toBe(guestOrderMessages.email);
    expect(await t.db.select().from(orders).where(eq(orders.guestEmail, 'numri@example.com'))).toHaveLength(0);
  });
});

describe("'Krijo llogari' after ordering", () => {
  it('attaches the guest orders of the e-mail once it is verified, not before', async () => {
    const email = 'blerta@example.com';
    const placed = await order(guestBody({ email, phone: '+41 78 123 45 67', name: 'Blerta Kelmendi' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order: { id: number } }).order.id;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Blerta Kelmendi', email: 'Blerta@example.com', password: 'Kafe-me-qumesht-7' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const { token } = reg.json() as { token: string };
    const mine = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: { authorization: `Bearer ${token}` } })).json() as {
          id: number;
        }[]
      ).map((o) => o.id);
    expect(await mine()).not.toContain(orderId);
    const link = await latestMailLink(t, email, 'verify-email');
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: link!.token } });
    expect(verified.statusCode, verified.body).toBeLessThan(300);
    expect(await mine()).toContain(orderId);
    const own = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { authorization: `Bearer ${token}` } });
    expect(own.statusCode).toBe(200);
    // The mailed link still opens it.
    expect((await open(tokenOf((placed.json() as { link: string }).link))).statusCode).toBe(200);
  });
});
