import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { cancelOverdueTransfers } from '../services/transfer-expiry';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { msg } from '@shop/shared/messages';
import { auditLog, giftCardEntries, mailOutbox, orders, productVariants, products, storeGiftCards } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly } from '../test/admin-helpers';

/**
 * Gift cards that are money (issue 29, decision 048): issued by a counter sale, spent online as a
 * payment of part of the total, given back when the order is cancelled, the public balance page,
 * the staff's screen, the counter's payment and return, and the guessing limits. PGlite by default;
 * with DATABASE_URL the race of two checkouts spending one card runs as real parallel transactions.
 */
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GIFT_CARD_MAX: 10_000 });
  actors = await adminActors(t);
  staff = await createUser(t, { role: 'staff', name: 'Besa Arkëtare' });
});
afterAll(async () => {
  await t?.close();
});

const variantOf = async (productId: string) =>
  (
    await t.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.isDefault, true)))
  )[0]!;

let receipt = 100;
/** Staff sell gift card products at the counter for cash; answers the issued cards' codes. */
async function sellCards(productId: string, quantity = 1) {
  const v = await variantOf(productId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/counter-sales',
    headers: staff.auth,
    payload: {
      receiptNo: `GC-${++receipt}`,
      lines: [{ variantId: v.id, quantity }],
      payment: { cashGiven: (v.priceCents * quantity) / 100 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { sale: { id: number }; giftCards: { id: number; code: string; value: number; last4: string }[] };
}
const newCard = async () => (await sellCards('karte-dhurate-50')).giftCards[0]!;

const balance = (code: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/gift-cards/balance', headers, payload: { code } });

let aCase: { id: string; price: number };
async function caseProduct() {
  if (aCase) return aCase;
  const [row] = await t.db.select().from(products).where(eq(products.category, 'case')).orderBy(products.priceCents).limit(1);
  aCase = { id: row!.id, price: row!.priceCents / 100 };
  return aCase;
}
let key = 0;
async function order(customer: { auth: Record<string, string> }, giftCard?: object, extra: object = {}) {
  const c = await caseProduct();
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...customer.auth, 'idempotency-key': `gift-order-${++key}-${Date.now()}` },
    payload: { items: [{ id: c.id, quantity: 1, price: c.price }], total: c.price, ...(giftCard ? { giftCard } : {}), ...extra },
  });
}

describe('issuing: a gift card product sold at the counter', () => {
  it('issues one card per unit, of the product’s face value; only the hash and the last 4 are stored', async () => {
    const sold = await sellCards('karte-dhurate-75', 2);
    expect(sold.giftCards).toHaveLength(2);
    for (const card of sold.giftCards) {
      expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
      expect(card.value).toBe(75);
      const [row] = await t.db.select().from(storeGiftCards).where(eq(storeGiftCards.id, card.id));
      expect(row).toMatchObject({ source: 'counter', counterSaleId: sold.sale.id, valueCents: 7500, last4: card.last4 });
      expect(JSON.stringify(row)).not.toContain(card.code.replace(/-/g, ''));
    }
    expect(sold.giftCards[0]!.code).not.toBe(sold.giftCards[1]!.code);
    // The contract's price stays: the sale cost 2 × 125 €.
    const res = await balance(sold.giftCards[0]!.code.toLowerCase().replace(/-/g, ' '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ balance: 75, last4: sold.giftCards[0]!.last4, entries: [{ place: 'Karta u lëshua', amount: 75 }] });
  });

  it('the four seeded cards are marked by their column, not by their names', async () => {
    const rows = await t.db.select({ id: products.id, v: products.giftCardValueCents }).from(products);
    const marked = Object.fromEntries(rows.filter((r) => r.v !== null).map((r) => [r.id, r.v]));
    expect(marked).toEqual({ 'karte-dhurate-50': 5000, 'karte-dhurate-75': 7500, 'karte-dhurate-100': 10000, 'karte-dhurate-200': 20000 });
  });
});

describe('spending online: a payment of part of the total, one transaction with the order', () => {
  it('spends 30 € of a 50 € card, cash on delivery for the rest; the total stays the total; the balance is 20 €', async () => {
    const card = await newCard();
    const customer = await createUser(t);
    const c = await caseProduct();
    const res = await order(customer, { code: card.code, amount: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order;
    expect(placed.total).toBe(c.price);
    expect(placed.giftCard).toEqual({ paid: 30, due: Math.round((c.price - 30) * 100) / 100 });
    expect(placed.paymentMethod).toBe('cash');
    expect((await balance(card.code)).json()).toMatchObject({
      balance: 20,
      entries: [{ place: 'Blerje online', amount: -30 }, { amount: 50 }],
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.giftCardCents).toBe(3000);
    // The order's own page and mail say it.
    const mine = (await t.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: customer.auth })).json();
    expect(mine.giftCard).toEqual(placed.giftCard);
    const forStaff = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${placed.id}`, headers: staff.auth })).json();
    expect(forStaff.giftCard).toEqual(placed.giftCard);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email)).orderBy(desc(mailOutbox.id));
    expect(mail!.textBody).toContain('Paguar me kartë dhurate: −30,00 €');
  });

  it('without an amount takes as much as the order needs; a card that pays it all leaves nothing to pay', async () => {
    const card = (await sellCards('karte-dhurate-200')).giftCards[0]!;
    const customer = await createUser(t);
    const c = await caseProduct();
    const res = await order(customer, { code: card.code }, { paymentMethod: 'transfer' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order;
    expect(placed.giftCard).toEqual({ paid: c.price, due: 0 });
    // Nothing to transfer: the order waits for no payment.
    expect(placed.paymentMethod).toBe('cash');
    expect((await balance(card.code)).json().balance).toBe(Math.round((200 - c.price) * 100) / 100);
  });

  it('an order without a card answers exactly as before (no giftCard field)', async () => {
    const customer = await createUser(t);
    const res = await order(customer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).not.toHaveProperty('giftCard');
  });

  it('cancelling gives the amount back to the card as a ledger entry (customer, staff)', async () => {
    const card = await newCard();
    const customer = await createUser(t);
    const first = (await order(customer, { code: card.code, amount: 10 })).json().order;
    const second = (await order(customer, { code: card.code, amount: 15 })).json().order;
    expect((await balance(card.code)).json().balance).toBe(25);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${first.id}/cancel`, headers: customer.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await balance(card.code)).json().balance).toBe(35);
    const byStaff = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${second.id}`,
      headers: staff.auth,
      payload: { status: 'cancelled' },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const after = (await balance(card.code)).json();
    expect(after.balance).toBe(50);
    expect(after.entries.filter((e: { place: string }) => e.place === 'Kthim në kartë').map((e: { amount: number }) => e.amount)).toEqual([
      15, 10,
    ]);
  });

  it('an unpaid transfer cancelled by the expiry job gives the card its part back', async () => {
    const card = await newCard();
    const customer = await createUser(t);
    const res = await order(customer, { code: card.code, amount: 12 }, { paymentMethod: 'transfer' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order;
    expect(placed.paymentMethod).toBe('transfer');
    // What is left to transfer is the total less the card's part.
    expect(placed.transfer.amount).toBe(placed.giftCard.due);
    expect((await balance(card.code)).json().balance).toBe(38);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(orders.id, placed.id));
    expect(await cancelOverdueTransfers(t.db, t.config)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.status).toBe('cancelled');
    const after = (await balance(card.code)).json();
    expect(after.balance).toBe(50);
    expect(after.entries[0]).toMatchObject({ place: 'Kthim në kartë', amount: 12 });
  });

  it('bad amounts and codes: a clear Albanian error, nothing changed', async () => {
    const card = await newCard();
    const customer = await createUser(t);
    const c = await caseProduct();
    const ordersBefore = await countRows(t, 'orders');
    const entriesBefore = await countRows(t, 'gift_card_entries');
    const cases: [object, number, string][] = [
      [
        { code: card.code, amount: 60 },
        c.price >= 60 ? 409 : 400,
        c.price >= 60 ? giftCardMsg.overBalance('50,00 €') : giftCardMsg.overTotal,
      ],
      [{ code: card.code, amount: c.price + 1 }, 400, giftCardMsg.overTotal],
      [{ code: card.code, amount: 1.005 }, 400, giftCardMsg.amount],
      [{ code: card.code, amount: -5 }, 400, giftCardMsg.amount],
      [{ code: card.code, amount: 0 }, 400, giftCardMsg.amount],
      [{ code: 'ABCD-EFGH' }, 400, giftCardMsg.code],
      [{ code: 'ABCD-EFGH-JKLM-NPQR' }, 409, giftCardMsg.notFound],
      [{ amount: 5 }, 400, giftCardMsg.code],
    ];
    for (const [giftCard, status, text] of cases) {
      const res = await order(customer, giftCard);
      expect(res.statusCode, `${JSON.stringify(giftCard)} ${res.body}`).toBe(status);
      expect(res.json().msg).toContain(text);
    }
    expect(await countRows(t, 'orders')).toBe(ordersBefore);
    expect(await countRows(t, 'gift_card_entries')).toBe(entriesBefore);
  });

  it('the guest checkout pays with a card too', async () => {
    const card = await newCard();
    const c = await caseProduct();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest-orders',
      payload: {
        items: [{ id: c.id, quantity: 1, price: c.price }],
        total: c.price,
        guest: { name: 'Vizitor Karte', email: `guest-gc-${Date.now()}@test.local`, phone: '044 123 456' },
        giftCard: { code: card.code, amount: 5 },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.giftCard.paid).toBe(5);
    expect((await balance(card.code)).json().balance).toBe(45);
  });
});

describe('two checkouts spending the same card at once', () => {
  it('never take it below zero: one wins, the other gets a clear Albanian 409', async () => {
    const card = await newCard();
    const [a, b] = [await createUser(t), await createUser(t)];
    const results = await Promise.all([order(a, { code: card.code, amount: 40 }), order(b, { code: card.code, amount: 40 })]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(lost.json().msg).toBe(giftCardMsg.overBalance('10,00 €'));
    expect((await balance(card.code)).json().balance).toBe(10);
    const entries = await t.db.select().from(giftCardEntries).where(eq(giftCardEntries.cardId, card.id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(1000);
  });

  it('ten at once spending all of it: exactly one wins, the balance is 0, never negative', async () => {
    const card = await newCard();
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
    const results = await Promise.all(buyers.map((u) => order(u, { code: card.code, amount: 50 })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe(giftCardMsg.notFound);
    }
    const entries = await t.db.select().from(giftCardEntries).where(eq(giftCardEntries.cardId, card.id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
  });
});

describe('the public balance page', () => {
  it('answers a wrong code and an empty card the same, and shows no names nor products', async () => {
    const card = await newCard();
    const customer = await createUser(t, { name: 'Emri Sekret' });
    const res = await order(customer, { code: card.code, amount: 50 });
    // A case may cost less than 50 €: then the card keeps the rest, and this test empties it by hand.
    if (res.statusCode !== 201) {
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/gift-cards/${card.id}/adjust`,
        headers: actors.admin.auth,
        payload: { amount: -50, reason: 'Test' },
      });
    } else {
      const left = (await balance(card.code)).json();
      expect(JSON.stringify(left)).not.toContain('Emri Sekret');
      if (left.balance) {
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/gift-cards/${card.id}/adjust`,
          headers: actors.admin.auth,
          payload: { amount: -left.balance, reason: 'Test i bilancit' },
        });
      }
    }
    const empty = await balance(card.code);
    const wrong = await balance('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(empty.statusCode).toBe(404);
    expect(wrong.statusCode).toBe(404);
    expect(empty.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ msg: giftCardMsg.notFound });
    const bad = await balance('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(giftCardMsg.code);
  });

  it('is limited per IP and per account, shared with the checkout (429 in Albanian)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_GIFT_CARD_MAX: 3 });
    try {
      const lookups = [];
      for (let i = 0; i < 4; i++) {
        lookups.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/gift-cards/balance',
            payload: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' },
            remoteAddress: '10.9.9.9',
          }),
        );
      }
      expect(lookups.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
      expect(lookups[3]!.json().msg).toBe(giftCardMsg.tooManyTries);
      // The same account from other addresses is counted too.
      const user = await createUser(limited);
      const fromAccount = [];
      for (let i = 0; i < 4; i++) {
        fromAccount.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/gift-cards/balance',
            headers: user.auth,
            payload: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' },
            remoteAddress: `10.8.8.${i + 1}`,
          }),
        );
      }
      expect(fromAccount.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("the staff's 'Kartat dhuratë'", () => {
  it('is for the staff area only; staff issue a card by hand (audited under their name), adjusting is the owner’s', async () => {
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/gift-cards' });
    await expectAdminOnly(t, actors, { method: 'POST', url: '/api/admin/gift-cards', payload: { value: 10, reason: 'Çmim' } });
    const before = await countRows(t, 'store_gift_cards');
    const byStaff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gift-cards',
      headers: staff.auth,
      payload: { value: 10, reason: 'Çmim' },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    const { card } = byStaff.json();
    expect(card.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await countRows(t, 'store_gift_cards')).toBe(before + 1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(card.id)));
    expect(audit.map((a) => [a.kind, a.actorId])).toEqual([['gift-card.issue', staff.user.id]]);
    const staffAdjust = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card.id}/adjust`,
      headers: staff.auth,
      payload: { amount: -10, reason: 'Gabim' },
    });
    expect(staffAdjust.statusCode).toBe(403);
    expect(staffAdjust.json().msg).toBe(msg.ownerOnly);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/gift-cards', headers: staff.auth });
    expect(list.statusCode).toBe(200);
  });

  it('the owner issues a card by hand (the code once), staff list it by its last 4, the owner adjusts it; audited', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gift-cards',
      headers: actors.admin.auth,
      payload: { value: 25.5, reason: 'Kthim si kredi dyqani' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { card } = res.json();
    expect(card.value).toBe(25.5);
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/gift-cards?q=${card.last4}`, headers: staff.auth })).json();
    const row = list.cards.find((c: { id: number }) => c.id === card.id);
    expect(row).toMatchObject({ last4: card.last4, value: 25.5, balance: 25.5, source: 'manual', reason: 'Kthim si kredi dyqani' });
    expect(JSON.stringify(list)).not.toContain(card.code);

    const below = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card.id}/adjust`,
      headers: actors.admin.auth,
      payload: { amount: -30, reason: 'Gabim' },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().msg).toBe(giftCardMsg.adjustBelowZero('25,50 €'));
    const staffAdjust = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card.id}/adjust`,
      headers: staff.auth,
      payload: { amount: -5, reason: 'Gabim' },
    });
    expect(staffAdjust.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gift-cards/${card.id}/adjust`,
      headers: actors.admin.auth,
      payload: { amount: -5.5, reason: 'Gabim në shumë' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().card).toMatchObject({
      balance: 20,
      entries: [{ kind: 'adjusted', amount: -5.5, reason: 'Gabim në shumë' }, { kind: 'issued' }],
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(card.id)));
    expect(audit.map((a) => a.kind).sort()).toEqual(['gift-card.adjust', 'gift-card.issue']);
    for (const bad of [
      { value: 0, reason: 'Çmim' },
      { value: 10.001, reason: 'Çmim' },
      { value: 5000, reason: 'Çmim' },
      { value: 10, reason: '' },
    ]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/admin/gift-cards', headers: actors.admin.auth, payload: bad });
      expect(r.statusCode).toBe(400);
    }
  });
});

describe('at the counter', () => {
  it('a card pays part of a sale beside cash; a return gives it back to the card first', async () => {
    const card = await newCard();
    const c = await caseProduct();
    const v = await variantOf(c.id);
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/admin/counter-sales',
      headers: staff.auth,
      payload: {
        receiptNo: `GC-${++receipt}`,
        lines: [{ variantId: v.id, quantity: 2 }],
        payment: { giftCard: { code: card.code, amount: 20 }, cashGiven: 200 },
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const body = sale.json();
    expect(body.sale.payment.giftCard).toBe(20);
    expect((await balance(card.code)).json()).toMatchObject({
      balance: 30,
      entries: [{ place: 'Shitje në dyqan', amount: -20 }, { amount: 50 }],
    });
    const ret = await t.app.inject({
      method: 'POST',
      url: `/api/admin/counter-sales/${body.sale.id}/returns`,
      headers: staff.auth,
      payload: { lines: [{ lineId: body.sale.lines[0].id, quantity: 1 }], restock: true, refundMethod: 'cash', reason: 'Nuk i pëlqeu' },
    });
    expect(ret.statusCode, ret.body).toBe(201);
    const back = Math.min(20, c.price);
    expect(ret.json().msg).toContain(giftCardMsg.backToCard(back.toFixed(2).replace('.', ',') + ' €'));
    expect((await balance(card.code)).json().balance).toBe(30 + back);
  });

  it('more than the balance is refused and nothing is sold', async () => {
    const card = await newCard();
    const v = await variantOf('karte-dhurate-200');
    const before = await countRows(t, 'counter_sales');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/counter-sales',
      headers: staff.auth,
      payload: {
        receiptNo: `GC-${++receipt}`,
        lines: [{ variantId: v.id, quantity: 1 }],
        payment: { giftCard: { code: card.code, amount: 60 }, cashGiven: 190 },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(giftCardMsg.overBalance('50,00 €'));
    expect(await countRows(t, 'counter_sales')).toBe(before);
  });
});

describe('an online order of a gift card product', () => {
  it('delivered straight from pending: the card is active at once, its code answered for the insert, the mail names only its last 4 (decision 052)', async () => {
    const customer = await createUser(t);
    const v = await variantOf('karte-dhurate-100');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: { items: [{ id: 'karte-dhurate-100', quantity: 1, price: v.priceCents / 100 }], total: v.priceCents / 100 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id;
    expect(await t.db.select().from(storeGiftCards).where(eq(storeGiftCards.orderId, id))).toHaveLength(0);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${id}`,
      headers: staff.auth,
      payload: { status: 'delivered' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [card] = await t.db.select().from(storeGiftCards).where(eq(storeGiftCards.orderId, id));
    expect(card).toMatchObject({ source: 'order', valueCents: 10000, state: 'active' });
    const answered = moved.json().giftCards as { code: string; last4: string; value: number; waiting?: boolean }[];
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ last4: card!.last4, value: 100 });
    expect(answered[0]!.waiting).toBeUndefined();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, customer.user.email), eq(mailOutbox.kind, 'gift-card')));
    expect(mail!.textBody).not.toContain(answered[0]!.code);
    expect(mail!.textBody).toContain(card!.last4);
    expect(mail!.textBody).toContain('aktive');
    expect((await balance(answered[0]!.code)).json().balance).toBe(100);
  });
});
