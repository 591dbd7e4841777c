import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addMonths, todayInShop } from '@shop/shared/domain/time';
import type { RepairStatus } from '@shop/shared/domain/repairs';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type { RepairDetail, RepairTracking } from '@shop/shared/schemas/repairs';
import { auditLog, mailOutbox, repairTickets } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { completeRepairIntake } from '../test/admin-helpers';

/**
 * Issue 26 at the repair counter: the estimate the customer approves is the one sent with the move
 * (a stale one is refused, each one kept in the history); the hand-over records the final price,
 * the payment, the deposit taken off and the repair's own warranty; any brand of the longer list or
 * 'Tjetër' with a typed model; the pattern lock sealed and dropped like the PIN.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example', RATE_LIMIT_REPAIR_TRACK_MAX: 10_000 });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
async function intake(overrides: Record<string, unknown> = {}): Promise<RepairDetail> {
  const res = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RepairDetail;
}
const move = (id: number, status: RepairStatus, extra: Record<string, unknown> = {}) =>
  send('POST', `/api/admin/repairs/${id}/status`, { status, ...extra });
async function moveOk(id: number, status: RepairStatus, extra: Record<string, unknown> = {}) {
  const res = await move(id, status, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RepairDetail;
}
const answer = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/repairs/track/answer', payload: { proof: '3456', ...payload } });
const track = async (code: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/repairs/track', payload: { code, proof: '3456' } })).json() as RepairTracking;
const rowOf = async (id: number) => (await t.db.select().from(repairTickets).where(eq(repairTickets.id, id)))[0]!;

describe('the estimate the customer approves', () => {
  it('is sent with the move, kept in the history, and a new one replaces it; an approval of an old amount is refused', async () => {
    const email = 'cmimi.ri@example.com';
    const ticket = await intake({ customerEmail: email, estimate: null, deposit: 10 });
    await moveOk(ticket.id, 'diagnosing');

    // The move asks for the amount; a deposit above it is refused as at intake.
    const none = await move(ticket.id, 'awaiting-approval');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ msg: m.needsEstimate });
    const below = await move(ticket.id, 'awaiting-approval', { estimate: 5 });
    expect(below.json()).toEqual({ msg: m.depositAboveEstimate });

    const sent = await moveOk(ticket.id, 'awaiting-approval', { estimate: 95.5 });
    expect(sent).toMatchObject({ status: 'awaiting-approval', estimate: 95.5 });
    expect(sent.nextStatuses[0]).toBe('awaiting-approval');
    expect(sent.history.at(-1)).toMatchObject({ status: 'awaiting-approval', amount: 95.5 });
    expect((await track(ticket.code)).estimate).toBe(95.5);

    // While it waits, an edit may not change the amount behind the customer's back.
    const edit = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { estimate: 140 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ msg: m.estimateAwaitingApproval });
    expect((await send('PATCH', `/api/admin/repairs/${ticket.id}`, { estimate: 95.5, technician: 'Drita' })).statusCode).toBe(200);

    // A new estimate goes out as a move of its own: mailed again, both kept.
    const again = await moveOk(ticket.id, 'awaiting-approval', { estimate: 130, customerNote: 'Duhet edhe bateria.' });
    expect(again.estimate).toBe(130);
    expect(again.history.filter((h) => h.status === 'awaiting-approval').map((h) => h.amount)).toEqual([95.5, 130]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
    expect(mails.filter((r) => r.subject.endsWith('Pret aprovimin')).map((r) => r.textBody.includes('130,00 €'))).toEqual([false, true]);

    // The page the customer opened first still shows 95,50 €: that approval is refused, nothing moves.
    const stale = await answer({ code: ticket.code, approve: true, amount: 95.5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ msg: m.staleEstimate('130,00 €') });
    expect((await rowOf(ticket.id)).status).toBe('awaiting-approval');
    const noAmount = await answer({ code: ticket.code, approve: true });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toEqual({ msg: m.answerAmount });

    const ok = await answer({ code: ticket.code, approve: true, amount: 130 });
    expect(ok.statusCode, ok.body).toBe(200);
    const tracking = ok.json() as RepairTracking;
    expect(tracking.status).toBe('repairing');
    expect(tracking.history.map((h) => [h.status, h.amount])).toEqual([
      ['received', null],
      ['diagnosing', null],
      ['awaiting-approval', 95.5],
      ['awaiting-approval', 130],
      ['repairing', 130],
    ]);
    const detail = (await send('GET', `/api/admin/repairs/${ticket.id}`)).json() as RepairDetail;
    expect(detail.history.at(-1)).toMatchObject({ by: 'customer', status: 'repairing', amount: 130 });
  });

  it('refusing needs no amount', async () => {
    const ticket = await intake({ customerEmail: '' });
    await moveOk(ticket.id, 'diagnosing');
    await moveOk(ticket.id, 'awaiting-approval', { estimate: 80 });
    const res = await answer({ code: ticket.code, approve: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RepairTracking).status).toBe('unrepaired');
  });
});

describe('handing the device over', () => {
  async function readyTicket(overrides: Record<string, unknown> = {}) {
    const ticket = await intake({ customerEmail: 'dorezim@example.com', ...overrides });
    for (const s of ['diagnosing', 'repairing', 'ready'] as const) await moveOk(ticket.id, s);
    return ticket;
  }

  it('records the final price, the payment, the deposit taken off and the repair’s own warranty', async () => {
    const ticket = await readyTicket();
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.finalPrice],
      [{ finalPrice: 110 }, m.payment],
      [{ finalPrice: 110, payment: 'Kartë' }, m.payment],
      [{ finalPrice: 110, payment: 'POS' }, m.repairWarranty],
      [{ finalPrice: -1, payment: 'POS', warrantyMonths: 3 }, m.finalPrice],
      [{ finalPrice: 110, payment: 'POS', warrantyMonths: 25 }, m.repairWarranty],
      [{ finalPrice: 110, payment: 'POS', warrantyMonths: 3, warrantyNote: 'x'.repeat(121) }, m.warrantyNote],
    ];
    for (const [extra, msg] of cases) {
      const res = await move(ticket.id, 'delivered', extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toEqual({ msg });
    }
    expect((await rowOf(ticket.id)).status).toBe('ready');

    const done = await moveOk(ticket.id, 'delivered', {
      finalPrice: 110,
      payment: 'POS',
      warrantyMonths: 3,
      warrantyNote: 'ekranin e ndërruar',
    });
    const today = todayInShop();
    expect(done.handover).toEqual({
      finalPrice: 110,
      deposit: 20,
      due: 90,
      payment: 'POS',
      warrantyMonths: 3,
      warrantyNote: 'ekranin e ndërruar',
      handedOverOn: today,
      warrantyUntil: addMonths(today, 3),
    });
    expect(done.history.at(-1)).toMatchObject({ status: 'delivered', amount: 110 });
    expect(await rowOf(ticket.id)).toMatchObject({ finalPriceCents: 11000, paymentMethod: 'POS', warrantyMonths: 3, patternCipher: null });

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'dorezim@example.com'), sql`${mailOutbox.subject} like ${'%Dorëzuar'}`))
      .orderBy(desc(mailOutbox.id));
    expect(mail!.textBody).toContain('Çmimi përfundimtar: 110,00 €');
    expect(mail!.textBody).toContain('Garancioni i riparimit: 3 muaj për ekranin e ndërruar, deri më');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.status'), eq(auditLog.targetId, String(ticket.id))))
      .orderBy(desc(auditLog.id));
    expect(audit!.after).toMatchObject({ status: 'delivered', finalPrice: 110, payment: 'POS', warrantyMonths: 3 });
  });

  it('gives back what the deposit paid beyond a lower final price, and a warranty repair is handed over at zero', async () => {
    const cheaper = await readyTicket({ estimate: 60, deposit: 50 });
    const done = await moveOk(cheaper.id, 'delivered', { finalPrice: 35, payment: 'Cash', warrantyMonths: 0, warrantyNote: 'asgjë' });
    expect(done.handover).toMatchObject({
      finalPrice: 35,
      deposit: 50,
      due: -15,
      warrantyMonths: 0,
      warrantyNote: '',
      warrantyUntil: null,
    });
    // Without a hand-over nothing is recorded on the other endings.
    const cancelled = await intake({ customerEmail: '' });
    expect((await moveOk(cancelled.id, 'cancelled', { finalPrice: 10, payment: 'Cash', warrantyMonths: 3 })).handover).toBeNull();
    expect(await rowOf(cancelled.id)).toMatchObject({ finalPriceCents: null, paymentMethod: null });
  });
});

describe('the devices the counter takes in', () => {
  it('takes any brand of the longer list with its models or a typed one, and “Tjetër” with a typed model', async () => {
    const ps = await intake({ customerEmail: '', brand: 'PlayStation', model: 'PlayStation 5' });
    expect(ps).toMatchObject({ brand: 'PlayStation', model: 'PlayStation 5' });
    expect((await track(ps.code)).device).toBe('PlayStation 5');
    for (const [brand, model] of [
      ['Huawei', 'P30 Pro'],
      ['Google Pixel', 'Pixel 8'],
      ['OnePlus', 'Nord 3'],
      ['Honor', 'Honor 90'],
      ['Motorola', 'Moto G54'],
      ['Nokia', 'Nokia G22'],
      ['Oppo', 'Reno 11'],
      ['Realme', 'Realme 12'],
      ['Apple', 'iPad Air 11-inch (M2)'],
      ['Samsung', 'Galaxy Tab S9'],
      ['Huawei', 'P20 Lite'],
    ] as const) {
      const res = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, customerEmail: '', brand, model });
      expect(res.statusCode, `${brand} ${model}: ${res.body}`).toBe(201);
    }
    const pixel = await intake({ customerEmail: '', brand: 'Google Pixel', model: 'Pixel 8' });
    expect((await track(pixel.code)).device).toBe('Google Pixel 8');
    const other = await intake({ customerEmail: '', brand: 'Tjetër', model: 'Sony Xperia 5 V' });
    expect((await track(other.code)).device).toBe('Sony Xperia 5 V');
    const bad = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, brand: 'Tjetër', model: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: m.model });
  });

  it('seals the pattern lock like the PIN: never shown but to staff who ask, audited, dropped at closing', async () => {
    const ticket = await intake({ customerEmail: '', pattern: '1 4 7 8 9' });
    expect(ticket).toMatchObject({ hasPin: true, hasPattern: true });
    expect(JSON.stringify(ticket)).not.toContain('14789');
    const row = await rowOf(ticket.id);
    expect(row.patternCipher).not.toContain('14789');
    expect((await send('GET', `/api/admin/repairs/${ticket.id}/pin`)).json()).toEqual({ pin: completeRepairIntake.pin, pattern: '14789' });
    const [read] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.pin-read'), eq(auditLog.targetId, String(ticket.id))));
    expect(read!.after).toEqual({ code: ticket.code, pin: '•••', pattern: '•••' });

    const changed = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { pattern: '3-2-1-4' });
    expect(changed.json()).toMatchObject({ hasPattern: true });
    expect((await send('GET', `/api/admin/repairs/${ticket.id}/pin`)).json()).toMatchObject({ pattern: '3214' });
    const [edit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.update'), eq(auditLog.targetId, String(ticket.id))));
    expect(JSON.stringify(edit)).not.toContain('3214');
    const removed = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { pattern: '' });
    expect(removed.json()).toMatchObject({ hasPattern: false, hasPin: true });

    await send('PATCH', `/api/admin/repairs/${ticket.id}`, { pattern: '9-5-1-2' });
    await moveOk(ticket.id, 'cancelled');
    expect(await rowOf(ticket.id)).toMatchObject({ pinCipher: null, patternCipher: null });
    await expect(t.db.update(repairTickets).set({ patternCipher: 'AAAA' }).where(eq(repairTickets.id, ticket.id))).rejects.toThrow();
  });
});
