import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOrderMessages } from '@shop/shared/schemas/chat-order';
import { orderMessages } from '@shop/shared/schemas/order';
import { auditLog, mailOutbox, orders, orderStatusHistory, users } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { storefrontProducts, type ListedProduct } from '../test/admin-helpers';

/**
 * 'Porosi nga biseda' (issue 30, decision 047): staff turn a chat into an order. PGlite by
 * default; with DATABASE_URL on PostgreSQL.
 */
let t: TestApp;
let product: ListedProduct;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://dyqani.test', DELIVERY_FEE: 3, FREE_DELIVERY_FROM: 0 });
  owner = await createUser(t, { role: 'admin', name: 'Pronari Bisedës' });
  staff = await createUser(t, { role: 'staff', name: 'Punonjësi Bisedës' });
  customer = await createUser(t, { name: 'Klienti Me Telefon', emailVerified: true });
  await t.db.update(users).set({ phone: '+383 44 777 888' }).where(eq(users.id, customer.user.id));
  product = (await storefrontProducts(t)).find((p) => p.category === 'phone')!;
  await setStock(t.db, product.id, 20);
});
afterAll(async () => {
  await t?.close();
});

const delivery = { fullName: 'Drita Berisha', phone: '+41 79 123 45 67', city: 'Prishtinë', address: 'Rr. Agim Ramadani 12' };
const post = (payload: unknown, headers = staff.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/orders', headers, payload: payload as object });
const stockLeft = async () => (await stockOf(t.db, [product.id])).get(product.id);
type Created = {
  message: string;
  order: { id: number; total: number; subtotal: number; deliveryFee: number; fulfilment: string; paymentMethod: string };
  account: { id: number; name: string } | null;
  link: string | null;
  mailed: boolean;
};

describe('POST /api/admin/orders (Porosi nga biseda)', () => {
  it('an account whose phone matches gets the order; staff wrote it, the channel is kept and audited', async () => {
    const before = await stockLeft();
    // The phone written locally is the account's '+383 44 777 888' by the one phone rule.
    const res = await post({
      channel: 'viber',
      customer: { phone: '044 777 888', name: 'Emri në bisedë' },
      items: [{ id: product.id, quantity: 2, price: 0.01 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Created;
    expect(body.account).toEqual({ id: customer.user.id, name: 'Klienti Me Telefon' });
    expect(body.link).toBeNull();
    expect(body.message).toBe(chatOrderMessages.created(body.order.id));
    // The client's price is ignored: the server's price counts.
    expect(body.order.total).toBe(Math.round(product.price * 2 * 100) / 100);
    expect(await stockLeft()).toBe(before! - 2);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(row).toMatchObject({ userId: customer.user.id, channel: 'viber', guestTokenHash: null });
    const [first] = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, body.order.id));
    expect(first).toMatchObject({ actorType: 'staff', actorId: staff.user.id });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'order.chat'));
    expect(audit.some((a) => a.targetId === String(body.order.id) && a.actorId === staff.user.id)).toBe(true);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));
    expect(mails.some((m) => m.subject.includes(`#${body.order.id}`))).toBe(true);
    // The admin's order page shows the channel.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${body.order.id}`, headers: owner.auth });
    expect(detail.json()).toMatchObject({ channel: 'viber' });
  });

  it('a +41 phone without an account and without an e-mail is a guest order with a link and no mail; delivery pays the fee', async () => {
    const mailsBefore = await countRows(t, 'mail_outbox');
    const res = await post({
      channel: 'whatsapp',
      customer: { phone: '+41 79 123 45 67', name: 'Besa Hoxha', email: '' },
      items: [{ id: product.id, quantity: 1 }],
      fulfilment: 'delivery',
      delivery,
      note: 'Thirrni para se të vini.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Created;
    expect(body.account).toBeNull();
    expect(body.mailed).toBe(false);
    expect(body.link).toMatch(/^\/porosia-ime\/[A-Za-z0-9_-]{43}$/);
    expect(body.order.deliveryFee).toBe(3);
    expect(body.order.total).toBe(Math.round((product.price + 3) * 100) / 100);
    expect(await countRows(t, 'mail_outbox')).toBe(mailsBefore);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(row).toMatchObject({
      userId: null,
      guestEmail: null,
      guestName: 'Besa Hoxha',
      guestPhone: '+41 79 123 45 67',
      channel: 'whatsapp',
    });
    // The link opens the order like any guest order.
    const page = await t.app.inject({ method: 'GET', url: `/api${body.link!.replace('/porosia-ime/', '/guest-orders/')}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: body.order.id, guest: { name: 'Besa Hoxha', email: '', phone: '+41 79 123 45 67' } });
    // A status change of a guest order without an e-mail mails nobody.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${body.order.id}`,
      headers: staff.auth,
      payload: { status: 'cancelled' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await countRows(t, 'mail_outbox')).toBe(mailsBefore);
  });

  it('a guest order with an e-mail gets the confirmation mail with its link, paid by transfer', async () => {
    const res = await post({
      channel: 'telefon',
      customer: { phone: '049 555 666', name: 'Arben Gashi', email: 'Arben@Example.com' },
      items: [{ id: product.id, quantity: 1 }],
      paymentMethod: 'transfer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Created;
    expect(body.mailed).toBe(true);
    expect(body.order.paymentMethod).toBe('transfer');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'arben@example.com'));
    expect(mails.some((m) => m.textBody.includes(`https://dyqani.test${body.link!}`))).toBe(true);
  });

  it('the owner may, a customer may not (403), nobody signed in is 401', async () => {
    const payload = {
      channel: 'viber',
      customer: { phone: '044 321 654', name: 'Vlora Krasniqi' },
      items: [{ id: product.id, quantity: 1 }],
    };
    expect((await post(payload, owner.auth)).statusCode).toBe(201);
    const before = await countRows(t, 'orders');
    expect((await post(payload, customer.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/orders', payload })).statusCode).toBe(401);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('bad input answers 400 in Albanian and changes nothing', async () => {
    const counts = async () => [await countRows(t, 'orders'), await countRows(t, 'audit_log'), await stockLeft()];
    const before = await counts();
    const good = {
      channel: 'whatsapp',
      customer: { phone: '044 123 456', name: 'Arta Krasniqi' },
      items: [{ id: product.id, quantity: 1 }],
    };
    const cases: [unknown, string][] = [
      [{ ...good, customer: { ...good.customer, phone: '+383 12 345 678' } }, orderMessages.phone],
      [{ ...good, customer: { phone: '044 123 456' } }, chatOrderMessages.name],
      [{ ...good, customer: { ...good.customer, email: 'arta@' } }, chatOrderMessages.email],
      [{ ...good, channel: 'web' }, chatOrderMessages.channel],
      [{ ...good, items: [] }, orderMessages.emptyItems],
      [{ ...good, items: [{ id: product.id, quantity: 0 }] }, orderMessages.quantity],
      [{ ...good, fulfilment: 'delivery' }, orderMessages.deliveryMissing],
      [{ ...good, fulfilment: 'delivery', delivery: { ...delivery, city: 'Tirana' } }, orderMessages.city],
      [{ ...good, paymentMethod: 'card' }, orderMessages.paymentMethod],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { msg: string }).msg).toBe(message);
    }
    const unknown = await post({ ...good, items: [{ id: 'nuk-ekziston-kurre', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { msg: string }).msg).toContain(orderMessages.unknownProducts);
    expect(await counts()).toEqual(before);
  });

  it('too few units left is a 409 with the shop text, and nothing is taken', async () => {
    await setStock(t.db, product.id, 1);
    const before = await countRows(t, 'orders');
    const res = await post({
      channel: 'viber',
      customer: { phone: '044 999 111', name: 'Lirie Berisha' },
      items: [{ id: product.id, quantity: 2 }],
    });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { msg: string }).msg).toMatch(/kanë mbetur vetëm 1 copë/);
    expect(await stockLeft()).toBe(1);
    expect(await countRows(t, 'orders')).toBe(before);
  });
});
