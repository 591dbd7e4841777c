import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import { todayInShop, formatDay } from '@shop/shared/domain/time';
import { dayCloseMsg } from '@shop/shared/schemas/day-close';
import { counterMsg } from '@shop/shared/schemas/counter';
import { auditLog, dayCloses, orderItems, orders, productVariants, stockUnits, warrantySheets } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, completeRepairIntake, expectAdminOnly, placeOrder } from '../test/admin-helpers';

/**
 * 'Mbyllja e ditës' and the returns of online orders (issue 28, decision 051). The tills are the
 * shop's constant ('Arka 1', 'Arka 2'); each test uses 'Arka 2' for its own figures or reads the
 * figures before and after (the same database serves the whole file).
 */
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
  staff = await createUser(t, { role: 'staff', name: 'Besa Arkëtare' });
});
afterAll(async () => {
  await t?.close();
});

let serial = Math.floor(Math.random() * 1_000_000);
const imei = () => {
  serial += 1;
  const body = `35${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial % 1_000_000).padStart(6, '0')}`;
  return body + imeiCheckDigit(body);
};
const today = () => todayInShop();
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, auth = staff.auth) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function phoneWithUnits(name: string, n: number, price: number) {
  const res = await inject(
    'POST',
    '/api/admin/products',
    { name, price, category: 'phone', brand: 'Samsung', stock: 0 },
    actors.admin.auth,
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, id));
  const imeis = Array.from({ length: n }, imei);
  const received = await inject('POST', '/api/admin/units/receive', { variantId: variant!.id, imeis });
  expect(received.statusCode, received.body).toBe(201);
  return { id, price, variantId: variant!.id, imeis };
}
const stockOf = async (variantId: number) =>
  (await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
const unitOf = async (i: string) => (await t.db.select().from(stockUnits).where(eq(stockUnits.imei, i)))[0]!;
const report = async (till: string) => {
  const res = await inject('GET', `/api/admin/day-close?${new URLSearchParams({ till, day: today() }).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("'Mbyllja e ditës'", () => {
  it('is for the staff area only, nothing written', async () => {
    const before = await countRows(t, 'day_closes');
    await expectAdminOnly(t, actors, {
      method: 'POST',
      url: '/api/admin/day-close',
      payload: { till: 'Arka 2', day: today(), countedCash: 0 },
    });
    await expectAdminOnly(t, actors, { method: 'GET', url: `/api/admin/day-close?till=Arka%202&day=${today()}` });
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/day-closes' });
    expect(await countRows(t, 'day_closes')).toBe(before);
  });

  it("sums a till's sales and refunds per method, the couriers' cash, and closes once; the till then takes no sale", async () => {
    const phone = await phoneWithUnits('Galaxy Mbyllja', 3, 499.99);
    const sell = (payload: object) => inject('POST', '/api/admin/counter-sales', { receiptNo: 'FK-1', ...payload });
    const cashSale = await sell({
      till: 'Arka 2',
      lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
      payment: { cashGiven: 500 },
    });
    expect(cashSale.statusCode, cashSale.body).toBe(201);
    expect(cashSale.json().sale.till).toBe('Arka 2');
    const mixed = await sell({
      till: 'Arka 2',
      lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[1] }],
      payment: { cashGiven: 100.01, pos: 399.98 },
    });
    expect(mixed.statusCode, mixed.body).toBe(201);
    // A sale at the other till is not this till's.
    const other = await sell({ lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[2] }], payment: { transfer: 499.99 } });
    expect(other.json().sale.till).toBe('Arka 1');
    // The cash sale's phone comes back: refunded in cash from Arka 2.
    const sale = cashSale.json().sale;
    const back = await inject('POST', `/api/admin/counter-sales/${sale.id}/returns`, {
      lines: [{ lineId: sale.lines[0].id, quantity: 1 }],
      restock: true,
      refundMethod: 'cash',
      reason: 'I papërdorur',
    });
    expect(back.statusCode, back.body).toBe(201);

    const r = await report('Arka 2');
    expect(r.closed).toBeNull();
    expect(r.figures.byMethod).toEqual([
      { method: 'cash', sales: 600, refunds: 499.99, net: 100.01 },
      { method: 'pos', sales: 399.98, refunds: 0, net: 399.98 },
      { method: 'transfer', sales: 0, refunds: 0, net: 0 },
      { method: 'giftcard', sales: 0, refunds: 0, net: 0 },
    ]);
    expect(r.figures).toMatchObject({ salesCount: 2, returnsCount: 1, sales: 999.98, refunds: 499.99, net: 499.99, codCash: 0 });
    // 499,99 + 100,01 cash taken − 499,99 cash refunded = 100,01 €
    expect(r.figures.expectedCash).toBe(100.01);

    // Bad input: nothing written.
    const before = await countRows(t, 'day_closes');
    for (const [payload, msg] of [
      [{ till: 'Arka 2', day: today(), countedCash: -1 }, dayCloseMsg.counted],
      [{ till: 'Arka 2', day: today(), countedCash: 10.005 }, dayCloseMsg.counted],
      [{ till: 'Arka 9', day: today(), countedCash: 1 }, dayCloseMsg.till],
      [{ till: 'Arka 2', day: '2026-02-30', countedCash: 1 }, dayCloseMsg.day],
    ] as const) {
      const res = await inject('POST', '/api/admin/day-close', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const future = await inject('POST', '/api/admin/day-close', { till: 'Arka 2', day: '2999-01-01', countedCash: 1 });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe(dayCloseMsg.future);
    expect(await countRows(t, 'day_closes')).toBe(before);

    // The close: 50 € float, 150,00 € counted → expected 150,01, 'Mungesë' 0,01.
    const closed = await inject('POST', '/api/admin/day-close', {
      till: 'Arka 2',
      day: today(),
      openingFloat: 50,
      countedCash: 150,
      note: 'Turni i mbrëmjes',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const c = closed.json();
    expect(c.msg).toBe(dayCloseMsg.closed('Arka 2', formatDay(today())));
    expect(c.close.figures).toMatchObject({ openingFloat: 50, expectedCash: 150.01, countedCash: 150, difference: -0.01 });
    expect(c.close.closedBy).toBe(staff.user.email);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'day.close')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorEmail: staff.user.email, targetType: 'day-close', targetId: String(c.close.id) });

    // Closed: a second close is 409, the report is the snapshot, the till takes no more sales or refunds.
    const again = await inject('POST', '/api/admin/day-close', { till: 'Arka 2', day: today(), countedCash: 150 }, actors.admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(dayCloseMsg.alreadyClosed('Arka 2', formatDay(today())));
    expect((await report('Arka 2')).closed.id).toBe(c.close.id);
    const fresh = await phoneWithUnits('Galaxy Pas Mbylljes', 1, 100);
    const late = await sell({
      till: 'Arka 2',
      lines: [{ variantId: fresh.variantId, quantity: 1, imei: fresh.imeis[0] }],
      payment: { cashGiven: 100 },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(dayCloseMsg.tillClosed);
    expect((await unitOf(fresh.imeis[0]!)).status).toBe('in_stock');
    expect(await stockOf(fresh.variantId)).toBe(1);
    const m = mixed.json().sale;
    const lateReturn = await inject('POST', `/api/admin/counter-sales/${m.id}/returns`, {
      lines: [{ lineId: m.lines[0].id, quantity: 1 }],
      restock: true,
      refundMethod: 'cash',
      reason: 'I papërdorur',
    });
    expect(lateReturn.statusCode).toBe(409);
    expect(lateReturn.json().msg).toBe(dayCloseMsg.tillClosed);

    // The stored report is never changed: the database refuses it too.
    await expect(t.db.update(dayCloses).set({ countedCashCents: 15_000 }).where(eq(dayCloses.id, c.close.id))).rejects.toThrow();
    await expect(t.db.delete(dayCloses).where(eq(dayCloses.id, c.close.id))).rejects.toThrow();
    const list = await inject('GET', '/api/admin/day-closes');
    expect(list.json().closes.some((x: { id: number }) => x.id === c.close.id)).toBe(true);
    const one = await inject('GET', `/api/admin/day-closes/${c.close.id}`);
    expect(one.json()).toEqual(c.close);
    expect((await inject('GET', '/api/admin/day-closes/999999')).statusCode).toBe(404);
  });

  it("counts a gift card's part of a sale and of its return on its own row, not as the till's cash", async () => {
    const method = (r: { figures: { byMethod: { method: string; sales: number; refunds: number }[] } }, m: string) =>
      r.figures.byMethod.find((x) => x.method === m)!;
    // A 50 € card sold at Arka 1, then a phone of 120 € paid 50 € by the card and 70 € in cash, then returned.
    const [cardVariant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, 'karte-dhurate-50'));
    const cardSale = await inject('POST', '/api/admin/counter-sales', {
      receiptNo: 'FK-GC-1',
      lines: [{ variantId: cardVariant!.id, quantity: 1 }],
      // The contract's price of the card product (its face value, 50 €, is what the card holds).
      payment: { cashGiven: cardVariant!.priceCents / 100 },
    });
    expect(cardSale.statusCode, cardSale.body).toBe(201);
    const code = (cardSale.json() as { giftCards: { code: string }[] }).giftCards[0]!.code;
    const phone = await phoneWithUnits('Galaxy Karta', 1, 120);
    const before = await report('Arka 1');
    const sale = await inject('POST', '/api/admin/counter-sales', {
      receiptNo: 'FK-GC-2',
      lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
      payment: { giftCard: { code, amount: 50 }, cashGiven: 70 },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const sold = sale.json().sale;
    const back = await inject('POST', `/api/admin/counter-sales/${sold.id}/returns`, {
      lines: [{ lineId: sold.lines[0].id, quantity: 1 }],
      restock: true,
      refundMethod: 'cash',
      reason: 'I papërdorur',
    });
    expect(back.statusCode, back.body).toBe(201);
    const after = await report('Arka 1');
    expect(method(after, 'giftcard').sales - method(before, 'giftcard').sales).toBe(50);
    expect(method(after, 'giftcard').refunds - method(before, 'giftcard').refunds).toBe(50);
    expect(method(after, 'cash').sales - method(before, 'cash').sales).toBe(70);
    // The till paid back only the 70 € it took in cash: the card got its 50 € back.
    expect(method(after, 'cash').refunds - method(before, 'cash').refunds).toBe(70);
    expect(after.figures.expectedCash - before.figures.expectedCash).toBe(0);
    expect(after.figures.returnsCount - before.figures.returnsCount).toBe(1);
  });

  it("counts the couriers' cash of the day in the main till", async () => {
    const phone = await phoneWithUnits('Galaxy Korrier', 1, 120.5);
    const customer = await createUser(t, { name: 'Blerës Korrieri' });
    const order = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 1 }]);
    await t.db.update(orders).set({ fulfilment: 'delivery', city: 'Prishtinë', address: 'Rr. 1' }).where(eq(orders.id, order.id));
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const before = (await report('Arka 1')).figures;
    const moved = await inject('PATCH', `/api/admin/orders/${order.id}`, {
      status: 'delivered',
      units: [{ line: line!.id, imeis: [phone.imeis[0]] }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cash = await inject('POST', `/api/admin/orders/${order.id}/cash-received`);
    expect(cash.statusCode, cash.body).toBe(200);
    const after = (await report('Arka 1')).figures;
    expect(after.codOrders).toBe(before.codOrders + 1);
    expect(Math.round((after.codCash - before.codCash) * 100)).toBe(12_050);
    expect(Math.round((after.expectedCash - before.expectedCash) * 100)).toBe(12_050);
    expect((await report('Arka 2')).figures.codCash).toBe(0);
  });
});

describe('Returns of a delivered online order', () => {
  it('refuses an order not delivered, more than was sold, a late one without the owner; restocks the phone, voids its sheet, counts the cash refund', async () => {
    const phone = await phoneWithUnits('Galaxy Online Kthim', 2, 300);
    const customer = await createUser(t, { name: 'Blerës Kthimi' });
    const order = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 2 }]);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const ret = (payload: object, auth = staff.auth) => inject('POST', `/api/admin/orders/${order.id}/returns`, payload, auth);
    const one = {
      lines: [{ itemId: line!.id, quantity: 1, imeis: [phone.imeis[0]] }],
      restock: true,
      refundMethod: 'cash',
      reason: 'I papërdorur',
    };

    const notYet = await ret(one);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().msg).toBe(dayCloseMsg.notDelivered);
    const moved = await inject('PATCH', `/api/admin/orders/${order.id}`, {
      status: 'delivered',
      units: [{ line: line!.id, imeis: phone.imeis }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const sheets = await t.db.select().from(warrantySheets).where(eq(warrantySheets.orderItemId, line!.id));
    expect(sheets).toHaveLength(2);

    const afterSale = await inject('GET', `/api/admin/orders/${order.id}/after-sale`);
    expect(afterSale.statusCode).toBe(200);
    expect(
      afterSale
        .json()
        .sheets.map((s: { sheet: { imei: string } }) => s.sheet.imei)
        .sort(),
    ).toEqual([...phone.imeis].sort());

    const tooMany = await ret({ ...one, lines: [{ itemId: line!.id, quantity: 3, imeis: [phone.imeis[0], phone.imeis[1], imei()] }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe(dayCloseMsg.returnTooMany('Galaxy Online Kthim', 2));
    const noImei = await ret({ ...one, lines: [{ itemId: line!.id, quantity: 1 }] });
    expect(noImei.statusCode).toBe(400);
    const foreign = await ret({ ...one, lines: [{ itemId: line!.id, quantity: 1, imeis: [imei()] }] });
    expect(foreign.statusCode).toBe(409);
    expect((await t.db.select().from(orderItems).where(eq(orderItems.id, line!.id)))[0]!.returnedQuantity).toBe(0);

    const onlineRefunds = async () =>
      (
        (await inject('GET', '/api/admin/stats/range', undefined, actors.admin.auth)).json().byChannel as {
          channel: string;
          refunds: number;
        }[]
      ).find((c) => c.channel === 'online')!.refunds;
    const statsBefore = await onlineRefunds();
    const cashBefore = (await report('Arka 1')).figures.byMethod[0].refunds;
    const ok = await ret(one);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().msg).toMatch(/^Kthimi #\d+ u regjistrua\. Kthehen 300,00 €\.$/);
    expect((await unitOf(phone.imeis[0]!)).status).toBe('in_stock');
    expect(await stockOf(phone.variantId)).toBe(1);
    const voided = (await t.db.select().from(warrantySheets).where(eq(warrantySheets.imei, phone.imeis[0]!)))[0]!;
    expect(voided.voidedAt).not.toBeNull();
    expect(ok.json().afterSale.lines[0]).toMatchObject({ returned: 1 });
    expect(Math.round(((await report('Arka 1')).figures.byMethod[0].refunds - cashBefore) * 100)).toBe(30_000);
    // 'Sipas kanalit' counts the online refund.
    expect(Math.round(((await onlineRefunds()) - statsBefore) * 100)).toBe(30_000);
    // The same phone again: 409, nothing changes.
    const twice = await ret(one);
    expect(twice.statusCode).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'order.return')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorEmail: staff.user.email, targetType: 'order', targetId: String(order.id) });

    // 20 days after delivery: staff need the owner; the owner with a reason passes (defective).
    await t.db.execute(
      sql`update order_status_history set created_at = now() - interval '20 days' where order_id = ${order.id} and to_status = 'delivered'`,
    );
    const second = {
      lines: [{ itemId: line!.id, quantity: 1, imeis: [phone.imeis[1]] }],
      restock: false,
      refundMethod: 'transfer',
      reason: 'Ekrani nuk ndizet',
    };
    const lateStaff = await ret(second);
    expect(lateStaff.statusCode).toBe(409);
    expect(lateStaff.json().msg).toBe(dayCloseMsg.returnLate);
    const staffOverride = await ret({ ...second, overrideReason: 'Klient i rregullt' });
    expect(staffOverride.statusCode).toBe(403);
    expect(staffOverride.json().msg).toBe(counterMsg.returnOwnerOnly);
    const owner = await ret({ ...second, overrideReason: 'Klient i rregullt' }, actors.admin.auth);
    expect(owner.statusCode, owner.body).toBe(201);
    expect((await unitOf(phone.imeis[1]!)).status).toBe('returned');
    expect(await stockOf(phone.variantId)).toBe(1);
    expect(owner.json().afterSale.returns[1]).toMatchObject({
      overrideReason: 'Klient i rregullt',
      restock: false,
      refundMethod: 'transfer',
    });
  });
});

describe('Returns of an online order with a discount code and a gift card', () => {
  it("refunds each line net of the code's discount, the card's part back to the card first, never more than was paid", async () => {
    const res = await inject(
      'POST',
      '/api/admin/products',
      { name: 'Mbështjellëse Kthimi', price: 50, category: 'case', brand: 'Spigen', stock: 10 },
      actors.admin.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    const productId = (res.json() as { id: string }).id;
    const code = await inject('POST', '/api/admin/discount-codes', { code: 'KTHIM10', kind: 'percent', value: 10 }, actors.admin.auth);
    expect(code.statusCode, code.body).toBe(201);
    const card = await inject('POST', '/api/admin/gift-cards', { value: 50, reason: 'Kredi dyqani' }, actors.admin.auth);
    expect(card.statusCode, card.body).toBe(201);
    const cardCode = (card.json() as { card: { code: string } }).card.code;
    const customer = await createUser(t, { name: 'Blerës me Kod' });
    // 2 × 50,00 € − 10 % = 90,00 €, of which 30,00 € by the card.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: {
        items: [{ id: productId, quantity: 2, price: 50 }],
        total: 90,
        discountCode: 'KTHIM10',
        giftCard: { code: cardCode, amount: 30 },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order: { id: number } }).order.id;
    const moved = await inject('PATCH', `/api/admin/orders/${orderId}`, { status: 'delivered' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const giveBack = () =>
      inject('POST', `/api/admin/orders/${orderId}/returns`, {
        lines: [{ itemId: item!.id, quantity: 1 }],
        restock: true,
        refundMethod: 'cash',
        reason: 'I papërdorur',
      });
    // The first case: 45,00 € (50,00 − its 10 %), 30,00 € of it back to the card.
    const first = await giveBack();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().msg).toContain('45,00 €');
    const balance = await t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code: cardCode } });
    expect(balance.json().balance).toBe(50);
    // The second: 45,00 €, all from the till; the two make the 90,00 € paid.
    const second = await giveBack();
    expect(second.statusCode, second.body).toBe(201);
    const rows = await t.db.execute(sql`select refund_cents, gift_card_cents from order_returns where order_id = ${orderId} order by id`);
    expect((rows as unknown as { rows: { refund_cents: number; gift_card_cents: number }[] }).rows).toEqual([
      { refund_cents: 4500, gift_card_cents: 3000 },
      { refund_cents: 4500, gift_card_cents: 0 },
    ]);
  });
});

describe("A repair ticket's IMEI shows the phone's sale", () => {
  it('names the counter sale, its sheet and the warranty; an IMEI never sold has none', async () => {
    const phone = await phoneWithUnits('Galaxy Servisi', 1, 350);
    const sold = await inject('POST', '/api/admin/counter-sales', {
      receiptNo: 'FK-S',
      lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
      customer: { name: 'Arta Krasniqi' },
      payment: { pos: 350 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json().sale;
    const ticket = await inject('POST', '/api/admin/repairs', { ...completeRepairIntake, imei: phone.imeis[0] });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const res = await inject('GET', `/api/admin/repairs/${ticket.json().id}/sale`);
    expect(res.statusCode, res.body).toBe(200);
    const d = new Date(`${today()}T00:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() + 1);
    expect(res.json().sale).toMatchObject({
      kind: 'counter',
      id: sale.id,
      receiptNo: 'FK-S',
      customer: 'Arta Krasniqi',
      price: 350,
      sheetId: sale.warrantySheets[0].id,
      inWarranty: true,
    });
    expect(res.json().sale.warrantyUntil.slice(0, 4)).toBe(String(d.getUTCFullYear()));
    const other = await inject('POST', '/api/admin/repairs', { ...completeRepairIntake, imei: imei() });
    expect((await inject('GET', `/api/admin/repairs/${other.json().id}/sale`)).json()).toEqual({ sale: null });
    expect((await inject('GET', '/api/admin/repairs/999999/sale')).statusCode).toBe(404);
  });
});
