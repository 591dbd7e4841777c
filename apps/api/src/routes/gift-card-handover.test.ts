import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { auditLog, giftCardEntries, mailOutbox, orders, productVariants, storeGiftCards } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';

/**
 * Decision 052: an online order's gift cards are made when staff hand it over ('shipped'), waiting
 * (no value, unknown to the balance page, checkout and counter), their codes answered once for the
 * inserts in the parcel; 'delivered' makes them active with their value and mails the customer;
 * a cancel before delivery voids them. PGlite by default, PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GIFT_CARD_MAX: 10_000 });
  staff = await createUser(t, { role: 'staff', name: 'Arta Paketuese' });
  owner = await createUser(t, { role: 'admin', name: 'Pronari' });
});
afterAll(async () => {
  await t?.close();
});

type Issued = { id: number; code: string; value: number; last4: string; waiting?: boolean };

/** A customer's order of `quantity` 50 € cards (and a case when `withCase`), sent by courier. */
async function cardOrder(quantity = 1) {
  const customer = await createUser(t, { name: 'Blerina Dhuruese' });
  const [v] = await t.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, 'karte-dhurate-50'), eq(productVariants.isDefault, true)));
  const price = v!.priceCents / 100;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.auth,
    payload: { items: [{ id: 'karte-dhurate-50', quantity, price }], total: price * quantity },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().order.id as number;
  await t.db.update(orders).set({ fulfilment: 'delivery', city: 'Prishtinë', address: 'Rr. Nëna Terezë 5' }).where(eq(orders.id, id));
  return { id, customer };
}

const move = (id: number, status: string, headers = staff.auth) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${id}`, headers, payload: { status } });
const balance = (code: string) => t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', payload: { code } });
const cardsOf = (orderId: number) =>
  t.db.select().from(storeGiftCards).where(eq(storeGiftCards.orderId, orderId)).orderBy(asc(storeGiftCards.id));
const ledgerOf = (cardId: number) =>
  t.db.select().from(giftCardEntries).where(eq(giftCardEntries.cardId, cardId)).orderBy(asc(giftCardEntries.id));
const giftMails = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'gift-card')));
/** An order of a case paid with `code`: what checkout answers. */
async function spend(code: string) {
  const buyer = await createUser(t);
  const [v] = await t.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, 'karte-dhurate-75'), eq(productVariants.isDefault, true)));
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...buyer.auth, 'idempotency-key': `handover-${code}-${Date.now()}` },
    payload: {
      items: [{ id: 'karte-dhurate-75', quantity: 1, price: v!.priceCents / 100 }],
      total: v!.priceCents / 100,
      giftCard: { code },
    },
  });
}
const unknownCode = 'ABCD-EFGH-JKLM-NPQR';

describe('the hand-over (shipped) of an online order with a gift card', () => {
  it('makes the card waiting: its code answered once, no value, the same answer as an unknown code everywhere', async () => {
    const { id, customer } = await cardOrder();
    const shipped = await move(id, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    const answered = shipped.json().giftCards as Issued[];
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ value: 50, waiting: true });
    expect(answered[0]!.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const [card] = await cardsOf(id);
    expect(card).toMatchObject({ state: 'waiting', valueCents: 5000, source: 'order', last4: answered[0]!.last4 });
    expect(card!.codeHash).not.toContain(answered[0]!.code.replace(/-/g, ''));
    // The ledger: the hand-over is recorded (who, when), nothing in it.
    const ledger = await ledgerOf(card!.id);
    expect(ledger.map((e) => [e.kind, e.amountCents, e.actorEmail])).toEqual([['waiting', 0, staff.user.email]]);
    // The code is never shown again: the order's page and the staff list carry no code.
    const again = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: staff.auth });
    expect(again.body).not.toContain(answered[0]!.code);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/gift-cards?q=${answered[0]!.last4}`, headers: staff.auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(answered[0]!.code);
    expect(list.json().cards[0]).toMatchObject({ id: card!.id, state: 'waiting', balance: 0, value: 50 });
    // The audit names the card by its last 4 only.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'order.status'), eq(auditLog.targetId, String(id))));
    expect(JSON.stringify(audit)).toContain(answered[0]!.last4);
    expect(JSON.stringify(audit)).not.toContain(answered[0]!.code);
    // The balance page, checkout and the counter answer as for a code no card has.
    const looked = await balance(answered[0]!.code);
    const unknown = await balance(unknownCode);
    expect([looked.statusCode, looked.json().msg]).toEqual([unknown.statusCode, unknown.json().msg]);
    expect(looked.json().msg).toBe(giftCardMsg.notFound);
    const paid = await spend(answered[0]!.code);
    expect([paid.statusCode, paid.json().msg]).toEqual([409, giftCardMsg.notFound]);
    // The owner cannot put money on it by hand either.
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card!.id}/adjust`,
      headers: owner.auth,
      payload: { amount: 10, reason: 'provë' },
    });
    expect([adjusted.statusCode, adjusted.json().msg]).toEqual([409, giftCardMsg.notActive]);
    expect(await ledgerOf(card!.id)).toHaveLength(1);
    // No mail carries the code; the hand-over's status mail says the insert is in the parcel.
    for (const m of await giftMails(customer.user.email)) expect(m.textBody).not.toContain(answered[0]!.code);
    const [statusMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, customer.user.email), eq(mailOutbox.kind, 'order-status')));
    expect(statusMail!.textBody).toContain('Në pako është fleta e kartës dhuratë me kodin e saj. Karta aktivizohet kur porosia dorëzohet.');
    expect(statusMail!.textBody).not.toContain(answered[0]!.code);
  });

  it('delivered: the card becomes active with its value (the issued entry by who delivered it), the mail says so without the code', async () => {
    const { id, customer } = await cardOrder(2);
    const shipped = await move(id, 'shipped');
    const answered = shipped.json().giftCards as Issued[];
    expect(answered).toHaveLength(2);
    expect(new Set(answered.map((c) => c.code)).size).toBe(2);
    const delivered = await move(id, 'delivered', owner.auth);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().giftCards).toBeUndefined();
    const cards = await cardsOf(id);
    expect(cards.map((c) => c.state)).toEqual(['active', 'active']);
    const ledger = await ledgerOf(cards[0]!.id);
    expect(ledger.map((e) => [e.kind, e.amountCents, e.actorEmail, e.orderId])).toEqual([
      ['waiting', 0, staff.user.email, id],
      ['issued', 5000, owner.user.email, id],
    ]);
    for (const c of answered) {
      const b = await balance(c.code);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().balance).toBe(50);
      // The public page shows the money, not the markers.
      expect(b.json().entries).toEqual([expect.objectContaining({ place: 'Karta u lëshua', amount: 50 })]);
    }
    const mails = await giftMails(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Kartat tuaja dhuratë janë aktive');
    for (const c of answered) {
      expect(mails[0]!.textBody).toContain(c.last4);
      expect(mails[0]!.textBody).not.toContain(c.code);
    }
    expect(mails[0]!.textBody).toContain('50,00 €');
    // Now it spends.
    const paid = await spend(answered[0]!.code);
    expect(paid.statusCode, paid.body).toBe(201);
    // An empty card answers as an unknown code (decision 048); the other card still holds its 50 €.
    expect((await balance(answered[0]!.code)).json().msg).toBe(giftCardMsg.notFound);
    expect((await balance(answered[1]!.code)).json().balance).toBe(50);
  });

  it('cancelled after the hand-over: the card is voided, never spendable, nothing given back', async () => {
    const { id, customer } = await cardOrder();
    const answered = (await move(id, 'shipped')).json().giftCards as Issued[];
    const cancelled = await move(id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().giftCards).toBeUndefined();
    const [card] = await cardsOf(id);
    expect(card!.state).toBe('voided');
    expect((await ledgerOf(card!.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['waiting', 0],
      ['voided', 0],
    ]);
    const looked = await balance(answered[0]!.code);
    expect([looked.statusCode, looked.json().msg]).toEqual([404, giftCardMsg.notFound]);
    const paid = await spend(answered[0]!.code);
    expect([paid.statusCode, paid.json().msg]).toEqual([409, giftCardMsg.notFound]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/gift-cards/${card!.id}`, headers: staff.auth });
    expect(detail.json()).toMatchObject({ state: 'voided', balance: 0 });
    expect(await giftMails(customer.user.email)).toHaveLength(0);
  });

  it('delivered straight from confirmed: active at once, the codes answered for the inserts', async () => {
    const { id } = await cardOrder();
    expect((await move(id, 'confirmed')).statusCode).toBe(200);
    const delivered = await move(id, 'delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    const answered = delivered.json().giftCards as Issued[];
    expect(answered).toHaveLength(1);
    expect(answered[0]!.waiting).toBeUndefined();
    const [card] = await cardsOf(id);
    expect(card!.state).toBe('active');
    expect((await ledgerOf(card!.id)).map((e) => [e.kind, e.amountCents])).toEqual([['issued', 5000]]);
    expect((await balance(answered[0]!.code)).json().balance).toBe(50);
  });

  it('an order shipped before decision 052 (no cards made then) mails the codes when delivered, as decision 048 did', async () => {
    const { id, customer } = await cardOrder();
    await move(id, 'shipped');
    // As if it had left before this change: no card was made at the hand-over.
    await t.db.delete(storeGiftCards).where(eq(storeGiftCards.orderId, id));
    const delivered = await move(id, 'delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().giftCards).toBeUndefined();
    const [card] = await cardsOf(id);
    expect(card!.state).toBe('active');
    const [mail] = await giftMails(customer.user.email);
    const code = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail!.textBody)![1]!;
    expect(code.endsWith(card!.last4)).toBe(true);
    expect(mail!.staffText).not.toContain(code);
    expect((await balance(code)).json().balance).toBe(50);
  });

  it('two hand-overs of one order at once make its cards once', async () => {
    const { id } = await cardOrder();
    const [a, b] = await Promise.all([move(id, 'shipped'), move(id, 'shipped')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await cardsOf(id)).toHaveLength(1);
  });
});
