import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import { counterMsg } from '@shop/shared/schemas/counter';
import { msg } from '@shop/shared/messages';
import { appSettings, auditLog, counterSales, orderItems, productVariants, stockUnits, warrantySheets } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly } from '../test/admin-helpers';

/**
 * The counter sale 'Shitje në dyqan' (issue 28, decision 044): one transaction on the same stock as
 * the website. PGlite by default, PostgreSQL with DATABASE_URL (real parallel transactions for the
 * race of an online order and a counter sale for the last unit).
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
  const body = `86${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial % 1_000_000).padStart(6, '0')}`;
  return body + imeiCheckDigit(body);
};

const sell = (payload: unknown, auth = staff.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/counter-sales', headers: auth, payload: payload as object });

async function newProduct(name: string, category: 'phone' | 'case', price: number, stock: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: actors.admin.auth,
    payload: { name, price, category, brand: 'Samsung', stock },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, id));
  return { id, price, variantId: variant!.id, sku: variant!.sku };
}
async function phoneWithUnits(name: string, n: number, price = 500) {
  const phone = await newProduct(name, 'phone', price, 0);
  const imeis = Array.from({ length: n }, imei);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/units/receive',
    headers: staff.auth,
    payload: { variantId: phone.variantId, imeis },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...phone, imeis };
}
const stockOf = async (variantId: number) =>
  (await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
const unitStatus = async (i: string) => (await t.db.select().from(stockUnits).where(eq(stockUnits.imei, i)))[0]!;

describe("'Shitje në dyqan': a sale at the counter", () => {
  it('is for the staff area only (401/403 in Albanian), nothing written', async () => {
    const before = await countRows(t, 'counter_sales');
    await expectAdminOnly(t, actors, {
      method: 'POST',
      url: '/api/admin/counter-sales',
      payload: { receiptNo: '1', lines: [], payment: {} },
    });
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/counter-sales' });
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/counter-sales/lookup?q=abc' });
    expect(await countRows(t, 'counter_sales')).toBe(before);
  });

  it('staff sell a phone by IMEI and two cases with a discount for cash: change, stock, the unit sold, Historiku', async () => {
    const phone = await phoneWithUnits('Galaxy Arka', 3, 499.99);
    const cases = await newProduct('Mbrojtëse Arka', 'case', 15.5, 5);
    const res = await sell({
      receiptNo: ' FK-000123 ',
      lines: [
        { variantId: phone.variantId, quantity: 1, imei: phone.imeis[1] },
        { variantId: cases.variantId, quantity: 2, discount: 3.1 },
      ],
      customer: { name: 'Arta Krasniqi', phone: '044 123 456' },
      payment: { cashGiven: 600 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { sale, msg: text } = res.json();
    expect(text).toBe(counterMsg.created(sale.id));
    expect(sale.receiptNo).toBe('FK-000123');
    expect(sale.gross).toBe(530.99);
    expect(sale.discount).toBe(3.1);
    expect(sale.total).toBe(527.89);
    // 18 % contained: 527.89 × 18 / 118 = 80.5255… → 80.53
    expect(sale.vat).toBe(80.53);
    expect(sale.payment).toEqual({ cash: 527.89, cashGiven: 600, change: 72.11, pos: 0, transfer: 0 });
    expect(sale.customer).toEqual({ userId: null, name: 'Arta Krasniqi', phone: '+383 44 123 456', email: null });
    expect(sale.seller).toBe(staff.user.email);
    expect(sale.lines.map((l: { imei: string | null; warrantyMonths: number | null }) => [l.imei, l.warrantyMonths])).toEqual([
      [phone.imeis[1], 12],
      [null, null],
    ]);
    expect(await stockOf(phone.variantId)).toBe(2);
    expect(await stockOf(cases.variantId)).toBe(3);
    const unit = await unitStatus(phone.imeis[1]!);
    expect(unit.status).toBe('sold');
    expect(unit.counterLineId).toBe(sale.lines[0].id);
    expect((await unitStatus(phone.imeis[0]!)).status).toBe('in_stock');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'counter.sale')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorEmail: staff.user.email, targetType: 'sale', targetId: String(sale.id) });
    // The phone's warranty sheet, filled from the sale, final; found by its IMEI.
    expect(sale.warrantySheets).toEqual([
      expect.objectContaining({
        emri: 'Arta',
        mbiemri: 'Krasniqi',
        telefoni: '044 123 456',
        marka: 'Samsung',
        modeli: 'Galaxy Arka',
        imei: phone.imeis[1],
        kohezgjatja: '12 muaj',
        cmimi: 499.99,
        llojiPageses: 'Cash',
        status: 'printed',
        komente: `Shitje në dyqan #${sale.id}, kuponi fiskal FK-000123`,
      }),
    ]);
    expect(sale.lines[0].warrantySheetId).toBe(sale.warrantySheets[0].id);
    expect(sale.lines[1].warrantySheetId).toBeNull();
    const found = await t.app.inject({ method: 'GET', url: `/api/admin/warranty/search?q=${phone.imeis[1]}`, headers: staff.auth });
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.stringify(found.json())).toContain(`"id":${sale.warrantySheets[0].id}`);
    const printed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/warranty/${sale.warrantySheets[0].id}/print`,
      headers: staff.auth,
    });
    expect(printed.statusCode, printed.body).toBe(200);
    // The storefront shows one fewer.
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${phone.id}` });
    expect(page.json().stock).toEqual({ status: 'low', left: 2 });
    // One and the list.
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/counter-sales/${sale.id}`, headers: staff.auth });
    expect(one.json()).toEqual(sale);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/counter-sales?q=${phone.imeis[1]}`, headers: staff.auth });
    expect(list.json().sales.map((s: { id: number }) => s.id)).toEqual([sale.id]);
    expect(list.json().discountMaxPercent).toBe(10);
  });

  it('split payment POS + transfer + cash adds up to the cent; POS alone pays all', async () => {
    const cases = await newProduct('Kufje Arka', 'case', 33.33, 10);
    const split = await sell({
      receiptNo: 'FK-2',
      lines: [{ variantId: cases.variantId, quantity: 3 }],
      payment: { pos: 50, transfer: 20.01, cashGiven: 30 },
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().sale.payment).toEqual({ cash: 29.98, cashGiven: 30, change: 0.02, pos: 50, transfer: 20.01 });
    const pos = await sell({ receiptNo: 'FK-3', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { pos: 33.33 } });
    expect(pos.statusCode, pos.body).toBe(201);
    expect(pos.json().sale.payment.change).toBe(0);
  });

  it('the till finds a scanned IMEI, an SKU and a name; a sold IMEI is refused', async () => {
    const phone = await phoneWithUnits('Pixel Skaner', 2);
    const byImei = await t.app.inject({ method: 'GET', url: `/api/admin/counter-sales/lookup?q=${phone.imeis[0]}`, headers: staff.auth });
    expect(byImei.json()).toMatchObject({ match: 'imei', imei: phone.imeis[0], items: [{ variantId: phone.variantId, serialized: true }] });
    expect(byImei.json().items[0].imeisInStock).toEqual(phone.imeis);
    const bySku = await t.app.inject({
      method: 'GET',
      url: `/api/admin/counter-sales/lookup?q=${encodeURIComponent(phone.sku)}`,
      headers: staff.auth,
    });
    expect(bySku.json()).toMatchObject({ match: 'code', items: [{ variantId: phone.variantId }] });
    const byName = await t.app.inject({ method: 'GET', url: '/api/admin/counter-sales/lookup?q=pixel%20sk', headers: staff.auth });
    expect(byName.json().match).toBe('name');
    expect(byName.json().items.map((i: { variantId: number }) => i.variantId)).toContain(phone.variantId);
    const sold = await sell({
      receiptNo: 'FK-4',
      lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
      payment: { cashGiven: 500 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const again = await t.app.inject({ method: 'GET', url: `/api/admin/counter-sales/lookup?q=${phone.imeis[0]}`, headers: staff.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(counterMsg.unitNotInStock(phone.imeis[0]!, 'Pixel Skaner'));
  });

  it('refuses bad sales with an Albanian message and changes nothing', async () => {
    const phone = await phoneWithUnits('Redmi Refuzim', 1, 200);
    const cases = await newProduct('Kabllo Refuzim', 'case', 10, 1);
    const sales = await countRows(t, 'counter_sales');
    const cases400: [unknown, string][] = [
      [{ receiptNo: '', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { cashGiven: 10 } }, counterMsg.receiptNo],
      [{ receiptNo: 'X', lines: [{ variantId: cases.variantId, quantity: -1 }], payment: { cashGiven: 10 } }, counterMsg.quantity],
      [
        { receiptNo: 'X', lines: [{ variantId: phone.variantId, quantity: 1 }], payment: { cashGiven: 200 } },
        counterMsg.needsImei('Redmi Refuzim'),
      ],
      [
        {
          receiptNo: 'X',
          lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0], discount: 20.01 }],
          payment: { cashGiven: 200 },
        },
        counterMsg.discountTooHigh('Redmi Refuzim', '20,00 €', 10),
      ],
      [
        { receiptNo: 'X', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { cashGiven: 9.99 } },
        counterMsg.paymentShort('0,01 €'),
      ],
      [{ receiptNo: 'X', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { pos: 10.01 } }, counterMsg.paymentCardsExceed],
      [
        { receiptNo: 'X', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { pos: 10, cashGiven: 5 } },
        counterMsg.paymentCashNotNeeded,
      ],
      [{ receiptNo: 'X', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: {} }, counterMsg.paymentNothing],
    ];
    for (const [payload, text] of cases400) {
      const res = await sell(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toContain(text);
    }
    const noStock = await sell({ receiptNo: 'X', lines: [{ variantId: cases.variantId, quantity: 2 }], payment: { cashGiven: 20 } });
    expect(noStock.statusCode).toBe(409);
    expect(noStock.json().msg).toBe(counterMsg.outOfStock('Kabllo Refuzim'));
    // The phone sold once; the same IMEI again is 409 and the second line's case is not taken either.
    expect(
      (
        await sell({
          receiptNo: 'A',
          lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
          payment: { cashGiven: 200 },
        })
      ).statusCode,
    ).toBe(201);
    const twice = await sell({
      receiptNo: 'B',
      lines: [
        { variantId: cases.variantId, quantity: 1 },
        { variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] },
      ],
      payment: { cashGiven: 210 },
    });
    expect(twice.statusCode).toBe(409);
    expect(await stockOf(cases.variantId)).toBe(1);
    expect(await stockOf(phone.variantId)).toBe(0);
    expect(await countRows(t, 'counter_sales')).toBe(sales + 1);
  });

  it('the discount limit is read from the shop settings when the owner has set it', async () => {
    const cases = await newProduct('Xham Kufiri', 'case', 100, 5);
    await t.db.insert(appSettings).values({ key: 'shop_settings', value: JSON.stringify({ counterDiscountMaxPercent: 20 }) });
    try {
      const res = await sell({
        receiptNo: 'L',
        lines: [{ variantId: cases.variantId, quantity: 1, discount: 20 }],
        payment: { cashGiven: 80 },
      });
      expect(res.statusCode, res.body).toBe(201);
      const over = await sell({
        receiptNo: 'L',
        lines: [{ variantId: cases.variantId, quantity: 1, discount: 20.01 }],
        payment: { cashGiven: 80 },
      });
      expect(over.statusCode).toBe(400);
    } finally {
      await t.db.delete(appSettings).where(eq(appSettings.key, 'shop_settings'));
    }
  });

  it('a registered customer found by phone or e-mail is named on the sale', async () => {
    const buyer = await createUser(t, { name: 'Driton Blerësi' });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/counter-sales/customers?q=${encodeURIComponent(buyer.user.email)}`,
      headers: staff.auth,
    });
    expect(found.json().customers.map((c: { id: number }) => c.id)).toEqual([buyer.user.id]);
    const cases = await newProduct('Karikues Klienti', 'case', 20, 2);
    const res = await sell({
      receiptNo: 'K',
      lines: [{ variantId: cases.variantId, quantity: 1 }],
      customer: { userId: buyer.user.id },
      payment: { transfer: 20 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sale.customer).toMatchObject({ userId: buyer.user.id, name: 'Driton Blerësi', email: buyer.user.email });
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/counter-sales/2000000000', headers: staff.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(counterMsg.saleNotFound);
  });

  it('an online order and a counter sale racing for the last unit: exactly one wins, stock never below zero', async () => {
    for (let round = 0; round < 3; round += 1) {
      const phone = await phoneWithUnits(`Telefon Gare ${round}`, 1, 300);
      const [order, sale] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: actors.customer.auth,
          payload: { items: [{ id: phone.id, quantity: 1, price: 300 }], total: 300 },
        }),
        sell({
          receiptNo: `G-${round}`,
          lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
          payment: { cashGiven: 300 },
        }),
      ]);
      const codes = [order.statusCode, sale.statusCode];
      expect(
        codes.filter((c) => c === 201),
        `${order.body} / ${sale.body}`,
      ).toHaveLength(1);
      expect(await stockOf(phone.variantId)).toBe(0);
      const unit = await unitStatus(phone.imeis[0]!);
      if (sale.statusCode === 201) {
        expect(unit.status).toBe('sold');
        expect(order.statusCode).toBe(409);
      } else {
        expect(sale.statusCode).toBe(409);
        expect(sale.json().msg).toBe(counterMsg.outOfStock(`Telefon Gare ${round}`));
        // The order promised the unit without naming it: still on the shelf, not sellable at the counter.
        expect(unit.status).toBe('in_stock');
        const sales = await t.db
          .select()
          .from(counterSales)
          .where(and(eq(counterSales.receiptNo, `G-${round}`)));
        expect(sales).toHaveLength(0);
      }
    }
  });

  it('an online order handed over with its IMEI gets its warranty sheet too, found by the IMEI', async () => {
    const phone = await phoneWithUnits('Telefon Online Fletë', 2, 350);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: actors.customer.auth,
      payload: { items: [{ id: phone.id, quantity: 1, price: 350 }], total: 350 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: staff.auth,
      payload: { status: 'delivered', units: [{ line: line!.id, imeis: [phone.imeis[0]] }] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const sheets = await t.db.select().from(warrantySheets).where(eq(warrantySheets.orderItemId, line!.id));
    expect(sheets).toEqual([
      expect.objectContaining({
        emri: 'Klient',
        mbiemri: 'Testi',
        marka: 'Samsung',
        modeli: 'Telefon Online Fletë',
        imei: phone.imeis[0],
        kohezgjatja: '12 muaj',
        cmimiCents: 35000,
        llojiPageses: 'Cash',
        status: 'printed',
        komente: `Porosia online #${orderId}`,
      }),
    ]);
    const found = await t.app.inject({ method: 'GET', url: `/api/admin/warranty/search?q=${phone.imeis[0]}`, headers: staff.auth });
    expect(JSON.stringify(found.json())).toContain(`"id":${sheets[0]!.id}`);
  });

  it('returns within 14 days: a phone back in stock (sheet voided), a case not restocked; more than sold is refused', async () => {
    const phone = await phoneWithUnits('Telefon Kthimi', 2, 300);
    const cases = await newProduct('Mbrojtëse Kthimi', 'case', 20, 5);
    const made = await sell({
      receiptNo: 'K-1',
      lines: [
        { variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] },
        { variantId: cases.variantId, quantity: 3, discount: 3 },
      ],
      payment: { pos: 357 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sale = made.json().sale;
    expect(await stockOf(phone.variantId)).toBe(1);
    expect(await stockOf(cases.variantId)).toBe(2);
    const back = (payload: object, auth = staff.auth) =>
      t.app.inject({ method: 'POST', url: `/api/admin/counter-sales/${sale.id}/returns`, headers: auth, payload });

    const res = await back({
      lines: [{ lineId: sale.lines[0].id, quantity: 1 }],
      restock: true,
      refundMethod: 'pos',
      reason: 'I papërdorur',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().msg).toMatch(/^Kthimi #\d+ u regjistrua\. Kthehen 300,00 €\.$/);
    expect(res.json().sale.lines[0].returned).toBe(1);
    expect(await stockOf(phone.variantId)).toBe(2);
    const unit = await unitStatus(phone.imeis[0]!);
    expect(unit).toMatchObject({ status: 'in_stock', counterLineId: null });
    const [sheet] = await t.db.select().from(warrantySheets).where(eq(warrantySheets.counterLineId, sale.lines[0].id));
    expect(sheet!.voidedAt).not.toBeNull();
    expect(sheet!.komente).toContain('Anuluar: telefoni u kthye');
    // The phone sells again at the counter.
    expect(
      (
        await sell({
          receiptNo: 'K-2',
          lines: [{ variantId: phone.variantId, quantity: 1, imei: phone.imeis[0] }],
          payment: { cashGiven: 300 },
        })
      ).statusCode,
    ).toBe(201);

    // 2 of 3 cases, defective: not back on the shelf; their share of the paid 57,00 €.
    const cases2 = await back({
      lines: [{ lineId: sale.lines[1].id, quantity: 2 }],
      restock: false,
      refundMethod: 'cash',
      reason: 'Të dëmtuara',
    });
    expect(cases2.statusCode, cases2.body).toBe(201);
    expect(cases2.json().msg).toContain('Kthehen 38,00 €.');
    expect(await stockOf(cases.variantId)).toBe(2);
    const tooMany = await back({
      lines: [{ lineId: sale.lines[1].id, quantity: 2 }],
      restock: true,
      refundMethod: 'cash',
      reason: 'Sërish',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe(counterMsg.returnTooMany('Mbrojtëse Kthimi', 1));
    expect(await stockOf(cases.variantId)).toBe(2);
    const foreign = await back({
      lines: [{ lineId: 2_000_000_000, quantity: 1 }],
      restock: true,
      refundMethod: 'cash',
      reason: 'Rresht tjetër',
    });
    expect(foreign.statusCode).toBe(400);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'counter.return'));
    expect(entries.filter((e) => e.targetId === String(sale.id))).toHaveLength(2);
  });

  it("'Sipas kanalit' (issue 28): the statistics count the counter's sales and returns beside the online orders", async () => {
    const channels = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats/range', headers: actors.admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      const byChannel = res.json().byChannel as { channel: string; sales: number; total: number; refunds: number; net: number }[];
      expect(byChannel.map((c) => c.channel)).toEqual(['online', 'counter']);
      return { online: byChannel[0]!, counter: byChannel[1]!, orders: res.json().orders as number, total: res.json().total as number };
    };
    const before = await channels();
    const cases = await newProduct('Mbrojtëse Kanali', 'case', 25, 4);
    const made = await sell({ receiptNo: 'KN-1', lines: [{ variantId: cases.variantId, quantity: 2 }], payment: { cashGiven: 50 } });
    expect(made.statusCode, made.body).toBe(201);
    const sale = made.json().sale;
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/admin/counter-sales/${sale.id}/returns`,
      headers: staff.auth,
      payload: { lines: [{ lineId: sale.lines[0].id, quantity: 1 }], restock: true, refundMethod: 'cash', reason: 'I papërdorur' },
    });
    expect(back.statusCode, back.body).toBe(201);
    const after = await channels();
    expect(after.counter.sales - before.counter.sales).toBe(1);
    expect(Math.round((after.counter.total - before.counter.total) * 100)).toBe(5000);
    expect(Math.round((after.counter.refunds - before.counter.refunds) * 100)).toBe(2500);
    expect(Math.round((after.counter.net - before.counter.net) * 100)).toBe(2500);
    // The online figures are the orders' own and did not move with the counter.
    expect(after.online).toEqual(before.online);
    expect(after.online).toMatchObject({ sales: after.orders, total: after.total, refunds: 0, net: after.total });
  });

  it('past 14 days a return needs the owner and a reason (staff 403, no reason 409), audited', async () => {
    const cases = await newProduct('Kabllo e Vjetër', 'case', 10, 3);
    const made = await sell({ receiptNo: 'V-1', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { cashGiven: 10 } });
    const sale = made.json().sale;
    await t.db
      .update(counterSales)
      .set({ createdAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(counterSales.id, sale.id));
    const url = `/api/admin/counter-sales/${sale.id}/returns`;
    const body = { lines: [{ lineId: sale.lines[0].id, quantity: 1 }], restock: true, refundMethod: 'cash', reason: 'I papërdorur' };
    const noReason = await t.app.inject({ method: 'POST', url, headers: actors.admin.auth, payload: body });
    expect(noReason.statusCode).toBe(409);
    expect(noReason.json().msg).toBe(counterMsg.returnLate);
    const byStaff = await t.app.inject({
      method: 'POST',
      url,
      headers: staff.auth,
      payload: { ...body, overrideReason: 'Klient i rregullt' },
    });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().msg).toBe(counterMsg.returnOwnerOnly);
    expect(await stockOf(cases.variantId)).toBe(2);
    const byOwner = await t.app.inject({
      method: 'POST',
      url,
      headers: actors.admin.auth,
      payload: { ...body, overrideReason: 'Klient i rregullt' },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect(byOwner.json().sale.returns[0]).toMatchObject({ overrideReason: 'Klient i rregullt', refund: 10, refundMethod: 'cash' });
    expect(await stockOf(cases.variantId)).toBe(3);
  });

  it('the owner too may sell; a customer may not (403)', async () => {
    const cases = await newProduct('Mbajtëse Pronari', 'case', 5, 1);
    const customer = await sell(
      { receiptNo: 'P', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { cashGiven: 5 } },
      actors.customer.auth,
    );
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ msg: msg.forbidden });
    const owner = await sell(
      { receiptNo: 'P', lines: [{ variantId: cases.variantId, quantity: 1 }], payment: { cashGiven: 5 } },
      actors.admin.auth,
    );
    expect(owner.statusCode, owner.body).toBe(201);
  });
});
