import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { imeiCheckDigit, imeiMessages } from '@shop/shared/domain/units';
import { unitMsg } from '@shop/shared/schemas/units';
import { auditLog, orderItems, productVariants, stockUnits } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly, placeOrder } from '../test/admin-helpers';

/**
 * Phones as units (issue 28, decision 040): 'Pranim malli' by IMEI, a variant's units, and the
 * units an online order's lines take when staff confirm or hand it over. PGlite by default,
 * PostgreSQL with DATABASE_URL (real parallel transactions for the race).
 */
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

/** Valid 15-digit IMEIs, different in every call of a run. */
let serial = Math.floor(Math.random() * 1_000_000);
const imei = () => {
  serial += 1;
  const body = `35${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial % 1_000_000).padStart(6, '0')}`;
  return body + imeiCheckDigit(body);
};
const badCheck = (valid: string) => valid.slice(0, 14) + String((Number(valid[14]) + 1) % 10);

const receive = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/units/receive', headers: actors.admin.auth, payload: payload as object });
const units = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/units?${query}`, headers: actors.admin.auth });
const move = (orderId: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${orderId}`, headers: actors.admin.auth, payload });

async function newPhone(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: actors.admin.auth,
    payload: { name, price: 500, category: 'phone', brand: 'Samsung', stock: 0 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, id));
  return { id, price: 500, variantId: variant!.id };
}
const stockOfVariant = async (variantId: number) =>
  (await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

describe("'Pranim malli': receiving phones by IMEI", () => {
  it('is for staff only (401/403 in Albanian), nothing written', async () => {
    const phone = await newPhone('Telefon Roje');
    const before = await countRows(t, 'stock_units');
    await expectAdminOnly(t, actors, {
      method: 'POST',
      url: '/api/admin/units/receive',
      payload: { variantId: phone.variantId, imeis: [imei()] },
    });
    await expectAdminOnly(t, actors, { method: 'GET', url: `/api/admin/units?variantId=${phone.variantId}` });
    expect(await countRows(t, 'stock_units')).toBe(before);
  });

  it('receives 3 units in one go: stock 3, the storefront says so, Historiku has it, the list shows them', async () => {
    const phone = await newPhone('Telefon Pranimi');
    const imeis = [imei(), imei(), imei()];
    const res = await receive({
      variantId: phone.variantId,
      imeis: [imeis[0], ` ${imeis[1]!.slice(0, 2)} ${imeis[1]!.slice(2)}`, imeis[2]],
      supplier: 'Furnitori SH.P.K.',
      purchasePrice: 410.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.msg).toBe('U pranuan 3 njësi.');
    expect(body.stock).toBe(3);
    expect(body.received.map((u: { imei: string }) => u.imei)).toEqual(imeis);
    expect(body.received[0]).toMatchObject({
      status: 'in_stock',
      supplier: 'Furnitori SH.P.K.',
      purchasePrice: 410.5,
      receivedBy: actors.admin.user.email,
      orderId: null,
    });
    expect(await stockOfVariant(phone.variantId)).toBe(3);
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${phone.id}` })).json();
    expect(page.stock).toEqual({ status: 'low', left: 3 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'stock.receive')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ targetType: 'product', targetId: phone.id, actorEmail: actors.admin.user.email });
    expect(entry!.after).toMatchObject({ imeis, stock: 3, supplier: 'Furnitori SH.P.K.', purchasePrice: 410.5 });

    const list = await units(`variantId=${phone.variantId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ serialized: true, stock: 3, counts: { in_stock: 3 } });
    expect(list.json().units).toHaveLength(3);
    const found = (await units(`variantId=${phone.variantId}&q=${imeis[1]!.slice(8)}&status=in_stock`)).json();
    expect(found.units.map((u: { imei: string }) => u.imei)).toEqual([imeis[1]]);
    expect((await units(`variantId=${phone.variantId}&status=sold`)).json().units).toEqual([]);

    // The staff's stock field no longer writes a serialized variant's stock: it is the count of its units.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${phone.id}`,
      headers: actors.admin.auth,
      payload: { name: 'Telefon Pranimi', price: 500, category: 'phone', brand: 'Samsung', stock: 50 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await stockOfVariant(phone.variantId)).toBe(3);
  });

  it('refuses a wrong check digit, a wrong length, an IMEI typed twice and one already known, naming the line; nothing changes', async () => {
    const phone = await newPhone('Telefon Gabimesh');
    const known = imei();
    expect((await receive({ variantId: phone.variantId, imeis: [known] })).statusCode).toBe(201);
    const unitsBefore = await countRows(t, 'stock_units');
    const auditBefore = await countRows(t, 'audit_log');
    const good = imei();

    const wrongDigit = await receive({ variantId: phone.variantId, imeis: [good, badCheck(imei())] });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().msg).toBe(unitMsg.imeiAt(2, imeiMessages.checkDigit));
    const short = await receive({ variantId: phone.variantId, imeis: ['1234567890123'] });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe(unitMsg.imeiAt(1, imeiMessages.length));
    const twice = await receive({ variantId: phone.variantId, imeis: [good, good] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe(unitMsg.imeiTwice(2, 1));
    const taken = await receive({ variantId: phone.variantId, imeis: [good, known] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ msg: unitMsg.imeiTaken([known]) });
    const missing = await receive({ variantId: 2_000_000_000, imeis: [good] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(unitMsg.variantNotFound);
    const negative = await receive({ variantId: phone.variantId, imeis: [good], purchasePrice: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toBe(unitMsg.purchasePrice);

    expect(await countRows(t, 'stock_units')).toBe(unitsBefore);
    expect(await countRows(t, 'audit_log')).toBe(auditBefore);
    expect(await stockOfVariant(phone.variantId)).toBe(1);
    // 14 digits (the contract's old data) are taken.
    const old = await receive({ variantId: phone.variantId, imeis: [good.slice(0, 14)] });
    expect(old.statusCode, old.body).toBe(201);
  });
});

describe('online orders pick their units', () => {
  it('confirm needs an IMEI per unit, reserves it, hand-over sells it; the customer sees the IMEIs', async () => {
    const phone = await newPhone('Telefon Porosie');
    const imeis = [imei(), imei(), imei()];
    expect((await receive({ variantId: phone.variantId, imeis })).statusCode).toBe(201);
    const customer = await createUser(t, { name: 'Blerës IMEI' });
    const order = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 2 }]);
    expect(await stockOfVariant(phone.variantId)).toBe(1);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: actors.admin.auth })).json();
    expect(detail.serialLines).toHaveLength(1);
    const line = detail.serialLines[0].line as number;
    expect(detail.serialLines[0]).toMatchObject({ quantity: 2, imeis: [], name: 'Telefon Porosie' });
    expect(detail.serialLines[0].inStock).toEqual(imeis);

    const none = await move(order.id, { status: 'confirmed' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(unitMsg.lineNeeds('Telefon Porosie', 2));
    const foreign = await move(order.id, { status: 'confirmed', units: [{ line, imeis: [imeis[0], imei()] }] });
    expect(foreign.statusCode).toBe(409);
    const badDigit = await move(order.id, { status: 'confirmed', units: [{ line, imeis: [imeis[0], badCheck(imeis[1]!)] }] });
    expect(badDigit.statusCode).toBe(400);
    expect(badDigit.json().msg).toBe(imeiMessages.checkDigit);
    const sameTwice = await move(order.id, { status: 'confirmed', units: [{ line, imeis: [imeis[0], imeis[0]] }] });
    expect(sameTwice.statusCode).toBe(400);
    const otherLine = await move(order.id, { status: 'confirmed', units: [{ line: line + 100_000, imeis: [imeis[0]] }] });
    expect(otherLine.statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await units(`variantId=${phone.variantId}&status=in_stock`)).json().units).toHaveLength(3);
    expect((await t.db.select().from(orderItems).where(eq(orderItems.id, line)))[0]!.imeis).toEqual([]);

    const ok = await move(order.id, { status: 'confirmed', units: [{ line, imeis: [imeis[0], imeis[1]] }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().products[0].imeis).toEqual([imeis[0], imeis[1]]);
    const reserved = (await units(`variantId=${phone.variantId}&status=reserved`)).json().units;
    expect(reserved.map((u: { imei: string; orderId: number }) => [u.imei, u.orderId]).sort()).toEqual(
      [
        [imeis[0], order.id],
        [imeis[1], order.id],
      ].sort(),
    );
    expect(await stockOfVariant(phone.variantId)).toBe(1);

    const delivered = await move(order.id, { status: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await units(`variantId=${phone.variantId}&status=sold`)).json().units).toHaveLength(2);
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.auth });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(imeis[0]!);
    expect(await stockOfVariant(phone.variantId)).toBe(1);
  });

  it('a hand-over straight from pending takes the units sold; a cancelled confirmed order puts its unit back', async () => {
    const phone = await newPhone('Telefon Anulimi');
    const imeis = [imei(), imei()];
    expect((await receive({ variantId: phone.variantId, imeis })).statusCode).toBe(201);
    const customer = await createUser(t, { name: 'Blerës Anulimi' });
    const first = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 1 }]);
    const second = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 1 }]);
    expect(await stockOfVariant(phone.variantId)).toBe(0);
    const lineOf = async (orderId: number) => (await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.id;

    const handed = await move(first.id, { status: 'delivered', units: [{ line: await lineOf(first.id), imeis: [imeis[0]] }] });
    expect(handed.statusCode, handed.body).toBe(200);
    const [sold] = await t.db.select().from(stockUnits).where(eq(stockUnits.imei, imeis[0]!));
    expect(sold).toMatchObject({ status: 'sold' });

    const confirmed = await move(second.id, { status: 'confirmed', units: [{ line: await lineOf(second.id), imeis: [imeis[1]] }] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cancelled = await move(second.id, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [back] = await t.db.select().from(stockUnits).where(eq(stockUnits.imei, imeis[1]!));
    expect(back).toMatchObject({ status: 'in_stock', orderItemId: null });
    expect((await t.db.select().from(orderItems).where(eq(orderItems.orderId, second.id)))[0]!.imeis).toEqual([]);
    // Invariant: stock = units in stock not promised to an order.
    expect(await stockOfVariant(phone.variantId)).toBe(1);
  });

  it('two staff confirming two orders with the same unit at once: exactly one wins', async () => {
    const phone = await newPhone('Telefon Gare');
    const [only, spare] = [imei(), imei()];
    expect((await receive({ variantId: phone.variantId, imeis: [only, spare] })).statusCode).toBe(201);
    const customer = await createUser(t, { name: 'Blerës Gare' });
    const a = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 1 }]);
    const b = await placeOrder(t, customer, [{ id: phone.id, price: phone.price, quantity: 1 }]);
    const lineOf = async (orderId: number) => (await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.id;
    const [la, lb] = [await lineOf(a.id), await lineOf(b.id)];
    const results = await Promise.all([
      move(a.id, { status: 'confirmed', units: [{ line: la, imeis: [only] }] }),
      move(b.id, { status: 'confirmed', units: [{ line: lb, imeis: [only] }] }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().msg).toBe(unitMsg.unitNotInStock(only!, 'Telefon Gare'));
    const holders = await t.db
      .select()
      .from(stockUnits)
      .where(and(eq(stockUnits.imei, only!), eq(stockUnits.status, 'reserved')));
    expect(holders).toHaveLength(1);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, phone.id));
    expect(lines.flatMap((l) => l.imeis)).toEqual([only]);
  });
});
