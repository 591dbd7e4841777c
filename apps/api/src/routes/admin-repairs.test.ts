import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { repairStatusLabels, type RepairStatus } from '@shop/shared/domain/repairs';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type { RepairDetail, RepairPage } from '@shop/shared/schemas/repairs';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { auditLog, mailOutbox, repairTickets, warrantySheets } from '../db/schema';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors, completeRepairIntake, completeWarrantySheet, expectAdminOnly, moveNeeds } from '../test/admin-helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: actors.admin.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
async function intake(overrides: Record<string, unknown> = {}): Promise<RepairDetail> {
  const res = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RepairDetail;
}
/** A move with what it needs (moveNeeds) unless `extra` names it. */
const move = (id: number, status: RepairStatus, extra: Record<string, unknown> = {}) =>
  send('POST', `/api/admin/repairs/${id}/status`, { status, ...moveNeeds(status), ...extra });
async function moveOk(id: number, status: RepairStatus, notes: Record<string, unknown> = {}) {
  const res = await move(id, status, notes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RepairDetail;
}
const rowOf = async (id: number) => (await t.db.select().from(repairTickets).where(eq(repairTickets.id, id)))[0]!;
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
const search = async (query: string) => {
  const res = await send('GET', `/api/admin/repairs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RepairPage;
};
async function printedSheet(imei: string): Promise<number> {
  const res = await send('POST', '/api/admin/warranty', { ...completeWarrantySheet, imei, status: 'printed' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('admin guard on the repair calls', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin, changing nothing', async () => {
    const ticket = await intake({ customerEmail: '' });
    const before = { tickets: await countRows(t, 'repair_tickets'), history: await countRows(t, 'repair_history') };
    const calls = [
      { method: 'GET', url: '/api/admin/repairs' },
      { method: 'POST', url: '/api/admin/repairs', payload: completeRepairIntake },
      { method: 'GET', url: `/api/admin/repairs/${ticket.id}` },
      { method: 'PATCH', url: `/api/admin/repairs/${ticket.id}`, payload: { fault: 'Tjetër' } },
      { method: 'POST', url: `/api/admin/repairs/${ticket.id}/status`, payload: { status: 'diagnosing' } },
      { method: 'GET', url: `/api/admin/repairs/${ticket.id}/pin` },
    ] as const;
    for (const call of calls) await expectAdminOnly(t, actors, { ...call, payload: 'payload' in call ? call.payload : undefined });
    expect({ tickets: await countRows(t, 'repair_tickets'), history: await countRows(t, 'repair_history') }).toEqual(before);
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'received', fault: completeRepairIntake.fault });
  });
});

describe('POST /api/admin/repairs', () => {
  it('opens a ticket with a code that is not its id, the intake in the history, the PIN only as "there is one", and the intake mail', async () => {
    const ticket = await intake();
    expect(ticket.code).toMatch(/^R-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
    expect(ticket).toMatchObject({
      status: 'received',
      customerName: 'Arta Krasniqi',
      customerPhone: '+383 44 987 654',
      customerEmail: 'arta.servis@example.com',
      brand: 'Apple',
      model: 'iPhone 15 Pro',
      imei: '35693810123456',
      colour: 'E zezë',
      conditions: ['scratches', 'cracked-glass'],
      accessories: ['charger', 'case'],
      estimate: 120,
      deposit: 20,
      technician: 'Besnik Gashi',
      warranty: false,
      warrantySheetId: null,
      userId: null,
      hasPin: true,
      nextStatuses: ['diagnosing', 'cancelled'],
      trackingUrl: `https://shop.example/servisi/statusi?kodi=${ticket.code}&imei=3456`,
    });
    expect(ticket.history).toEqual([
      {
        status: 'received',
        from: null,
        at: expect.any(String),
        by: 'staff',
        actor: actors.admin.user.email,
        note: '',
        customerNote: '',
        amount: null,
      },
    ]);
    expect(JSON.stringify(ticket)).not.toContain(completeRepairIntake.pin);
    expect(ticket).not.toHaveProperty('pin');

    const mails = (await mailsTo('arta.servis@example.com')).filter((r) => r.textBody.includes(ticket.code));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'repair-status', subject: `Riparimi ${ticket.code} u pranua`, status: 'pending' });
    expect(mails[0]!.textBody).toContain(ticket.trackingUrl);
    expect(mails[0]!.textBody).toContain('Përshëndetje Arta Krasniqi,');
    expect(mails[0]!.textBody).not.toContain(completeRepairIntake.pin);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.create'), eq(auditLog.targetId, String(ticket.id))));
    expect(audit).toMatchObject({ actorEmail: actors.admin.user.email, targetType: 'repair' });
  });

  it('gives every ticket its own code, and queues no mail without an e-mail address', async () => {
    const outbox = await countRows(t, 'mail_outbox');
    const codes = new Set<string>();
    const made: RepairDetail[] = [];
    for (let i = 0; i < 5; i++) made.push(await intake({ customerEmail: '', pin: '' }));
    for (const ticket of made) codes.add(ticket.code);
    expect(codes.size).toBe(5);
    // Consecutive tickets' codes share no more than chance would: the code does not count up with the id.
    const shared = (a: string, b: string) => [...a.slice(2)].filter((c, i) => b[i + 2] === c).length;
    expect(made.slice(1).every((ticket, i) => shared(ticket.code, made[i]!.code) < 5)).toBe(true);
    expect(await countRows(t, 'mail_outbox')).toBe(outbox);
  });

  it('ignores fields it does not know: a smuggled status, code, warranty flag or PIN cipher', async () => {
    const ticket = await intake({ status: 'delivered', code: 'R-0000000000', warranty: true, pinCipher: 'x', id: 1, customerEmail: '' });
    expect(ticket).toMatchObject({ status: 'received', warranty: false, estimate: 120 });
    expect(ticket.code).not.toBe('R-0000000000');
  });

  it('links a registered customer, and refuses one that does not exist', async () => {
    const linked = await intake({ userId: actors.customer.user.id, customerEmail: '' });
    expect(linked.userId).toBe(actors.customer.user.id);
    const res = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, userId: 2_000_000_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: m.customer });
  });

  it('refuses bad fields with the field’s Albanian message and stores nothing', async () => {
    const before = { tickets: await countRows(t, 'repair_tickets'), mails: await countRows(t, 'mail_outbox') };
    const cases: [Record<string, unknown>, string][] = [
      [{ customerName: '   ' }, m.name],
      [{ customerPhone: '12' }, m.phone],
      [{ customerEmail: 'jo-email' }, m.email],
      [{ brand: 'Siemens' }, m.device],
      [{ model: '  ' }, m.model],
      [{ pattern: '1-1-2-3' }, m.pattern],
      [{ imei: '1234567890123' }, m.imei],
      [{ imei: '356938101234567' }, m.imei],
      [{ fault: '' }, m.fault],
      [{ conditions: ['broken'] }, m.condition],
      [{ conditions: ['scratches', 'scratches'] }, m.condition],
      [{ accessories: ['phone'] }, m.accessory],
      [{ pin: 'x'.repeat(33) }, m.pin],
      [{ estimate: -1 }, m.amount],
      [{ estimate: 10.005 }, m.amount],
      [{ deposit: 10_000.01 }, m.amount],
      [{ estimate: 50, deposit: 60 }, m.depositAboveEstimate],
      [{ technician: 'x'.repeat(101) }, m.technician],
      [{ warrantySheetId: 2_000_000_000 }, m.sheet],
    ];
    for (const [change, message] of cases) {
      const res = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ msg: message });
    }
    expect(await send('POST', '/api/admin/repairs', { customerName: 'Arta' }).then((r) => r.statusCode)).toBe(400);
    expect({ tickets: await countRows(t, 'repair_tickets'), mails: await countRows(t, 'mail_outbox') }).toEqual(before);
  });
});

describe('the device PIN (decision 018)', () => {
  it('is stored sealed, read only through its own call (audited), and deleted when the ticket closes', async () => {
    const ticket = await intake({ customerEmail: '' });
    const row = await rowOf(ticket.id);
    expect(row.pinCipher).not.toBeNull();
    expect(row.pinCipher).not.toContain(completeRepairIntake.pin);
    expect(Buffer.from(row.pinCipher!, 'base64').toString('latin1')).not.toContain(completeRepairIntake.pin);
    // The whole row as text holds no PIN either.
    const raw = (await t.db.execute(sql`select t::text as row from repair_tickets t where id = ${ticket.id}`)) as unknown as {
      rows: { row: string }[];
    };
    expect(raw.rows[0]!.row).not.toContain(completeRepairIntake.pin);
    // Two tickets with the same PIN do not share a sealed text (a fresh IV each time).
    const twin = await intake({ customerEmail: '' });
    expect((await rowOf(twin.id)).pinCipher).not.toBe(row.pinCipher);

    const list = await search(`?q=${ticket.code}`);
    expect(JSON.stringify(list)).not.toMatch(/pin/i);

    const read = await send('GET', `/api/admin/repairs/${ticket.id}/pin`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ pin: completeRepairIntake.pin, pattern: '2587' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.pin-read'), eq(auditLog.targetId, String(ticket.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorEmail).toBe(actors.admin.user.email);
    expect(JSON.stringify(audits[0])).not.toContain(completeRepairIntake.pin);

    // A new PIN is sealed again; '' removes it.
    const changed = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { pin: '0000' });
    expect(changed.json()).toMatchObject({ hasPin: true });
    expect((await send('GET', `/api/admin/repairs/${ticket.id}/pin`)).json()).toEqual({ pin: '0000', pattern: '2587' });
    await moveOk(ticket.id, 'cancelled', { note: 'Klienti e tërhoqi' });
    expect((await rowOf(ticket.id)).pinCipher).toBeNull();
    expect((await send('GET', `/api/admin/repairs/${ticket.id}`)).json()).toMatchObject({ hasPin: false, status: 'cancelled' });
    expect((await send('GET', `/api/admin/repairs/${ticket.id}/pin`)).json()).toEqual({ pin: null, pattern: null });

    const removed = await send('PATCH', `/api/admin/repairs/${twin.id}`, { pin: '' });
    expect(removed.json()).toMatchObject({ hasPin: false });
    expect((await rowOf(twin.id)).pinCipher).toBeNull();
    expect((await send('GET', '/api/admin/repairs/2000000000/pin')).statusCode).toBe(404);
  });

  it('cannot stay on a closed ticket even when written by hand (a CHECK of the table)', async () => {
    const ticket = await intake({ customerEmail: '' });
    await moveOk(ticket.id, 'cancelled');
    await expect(t.db.update(repairTickets).set({ pinCipher: 'AAAA' }).where(eq(repairTickets.id, ticket.id))).rejects.toThrow();
  });
});

describe('the status flow', () => {
  it('moves a ticket from intake to handing over with who, when and the notes, and mails only the statuses the customer hears about', async () => {
    const email = 'rrjedha@example.com';
    const ticket = await intake({ customerEmail: email, estimate: null, deposit: 0 });
    await moveOk(ticket.id, 'diagnosing', { note: 'Hapur nga Besniku' });
    await moveOk(ticket.id, 'awaiting-approval', { customerNote: 'Duhet ndërruar ekrani.', estimate: 95.5 });
    await moveOk(ticket.id, 'awaiting-parts');
    await moveOk(ticket.id, 'repairing');
    await moveOk(ticket.id, 'ready', { customerNote: 'Ekrani u ndërrua.' });
    const done = await moveOk(ticket.id, 'delivered', { note: 'Paguar me POS', finalPrice: 95.5, payment: 'POS' });

    expect(done.status).toBe('delivered');
    expect(done.nextStatuses).toEqual([]);
    expect(done.hasPin).toBe(false);
    expect(done.history.map((h) => [h.from, h.status])).toEqual([
      [null, 'received'],
      ['received', 'diagnosing'],
      ['diagnosing', 'awaiting-approval'],
      ['awaiting-approval', 'awaiting-parts'],
      ['awaiting-parts', 'repairing'],
      ['repairing', 'ready'],
      ['ready', 'delivered'],
    ]);
    expect(done.history.every((h) => h.by === 'staff' && h.actor === actors.admin.user.email)).toBe(true);
    expect(done.history[1]).toMatchObject({ note: 'Hapur nga Besniku', customerNote: '' });
    expect(done.history[2]).toMatchObject({ note: '', customerNote: 'Duhet ndërruar ekrani.' });
    expect(done.history[6]).toMatchObject({ note: 'Paguar me POS' });
    const row = await rowOf(ticket.id);
    expect(row.closedAt).not.toBeNull();

    const mails = await mailsTo(email);
    expect(mails.map((r) => r.subject)).toEqual([
      `Riparimi ${ticket.code} u pranua`,
      `Riparimi ${ticket.code}: ${repairStatusLabels['awaiting-approval']}`,
      `Riparimi ${ticket.code}: ${repairStatusLabels.ready}`,
      `Riparimi ${ticket.code}: ${repairStatusLabels.delivered}`,
    ]);
    expect(mails[1]!.textBody).toContain('95,50 €');
    expect(mails[1]!.textBody).toContain('Shënim nga servisi: Duhet ndërruar ekrani.');
    expect(mails[2]!.textBody).toContain('gati për marrje');
    expect(mails[2]!.textBody).toContain('09:00–21:00');
    for (const mail of mails) {
      expect(mail.textBody).toContain(ticket.trackingUrl);
      expect(mail.textBody).not.toContain('Paguar me POS');
    }

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.status'), eq(auditLog.targetId, String(ticket.id))))
      .orderBy(desc(auditLog.id));
    expect(audits).toHaveLength(6);
    expect(audits[0]).toMatchObject({
      before: { code: ticket.code, status: 'ready' },
      after: { code: ticket.code, status: 'delivered', finalPrice: 95.5, payment: 'POS', warrantyMonths: 3 },
    });
  });

  it('refuses moves the flow does not offer (409 naming both statuses) and edits of a closed ticket, changing nothing', async () => {
    const ticket = await intake({ customerEmail: '' });
    const skip = await move(ticket.id, 'ready');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ msg: m.badMove(repairStatusLabels.received, repairStatusLabels.ready) });
    const same = await move(ticket.id, 'received');
    expect(same.statusCode).toBe(409);
    await moveOk(ticket.id, 'diagnosing');
    await moveOk(ticket.id, 'unrepaired', { note: 'Pllaka amë e djegur' });
    const history = await countRows(t, 'repair_history');
    for (const to of ['received', 'diagnosing', 'repairing', 'ready', 'delivered', 'cancelled'] as const) {
      const res = await move(ticket.id, to);
      expect(res.statusCode, to).toBe(409);
      expect(res.json()).toEqual({ msg: m.badMove(repairStatusLabels.unrepaired, repairStatusLabels[to]) });
    }
    const edit = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { fault: 'Tjetër defekt' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ msg: m.closed });
    expect(await countRows(t, 'repair_history')).toBe(history);
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'unrepaired', fault: completeRepairIntake.fault });

    const missing = await move(2_000_000_000, 'diagnosing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: m.notFound });
    expect((await send('PATCH', '/api/admin/repairs/2000000000', { fault: 'x' })).statusCode).toBe(404);
    expect((await send('GET', '/api/admin/repairs/2000000000')).json()).toEqual({ msg: m.notFound });
    const badStatus = await move(ticket.id, 'lost' as RepairStatus);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ msg: m.status });
    const longNote = await move(ticket.id, 'cancelled', { note: 'x'.repeat(501) });
    expect(longNote.json()).toEqual({ msg: m.note });
  });

  it('changes only the fields a PATCH names, and keeps the deposit within the estimate', async () => {
    const ticket = await intake({ customerEmail: 'ndrysho@example.com' });
    const res = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { technician: 'Drita', conditions: ['water-marks'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      technician: 'Drita',
      conditions: ['water-marks'],
      estimate: 120,
      deposit: 20,
      hasPin: true,
      customerEmail: 'ndrysho@example.com',
      accessories: ['charger', 'case'],
    });
    const above = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { estimate: 10 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ msg: m.depositAboveEstimate });
    expect((await rowOf(ticket.id)).estimateCents).toBe(12_000);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'repair.update'), eq(auditLog.targetId, String(ticket.id))));
    expect(audit).toMatchObject({
      before: { code: ticket.code, technician: 'Besnik Gashi', conditions: ['scratches', 'cracked-glass'] },
      after: { code: ticket.code, technician: 'Drita', conditions: ['water-marks'] },
    });
    const empty = await send('PATCH', `/api/admin/repairs/${ticket.id}`, { pin: 'x'.repeat(33) });
    expect(empty.json()).toEqual({ msg: m.pin });
  });
});

describe('GET /api/admin/repairs', () => {
  it('finds by code, name, phone or IMEI, filters by status and open, pages newest first and counts per status', async () => {
    const a = await intake({ customerName: 'Valbona Kërkimi', customerPhone: '049 555 111', imei: '35111122223333', customerEmail: '' });
    const b = await intake({ customerName: 'Valbona Kërkimi', customerPhone: '049 555 111', imei: '35111122224444', customerEmail: '' });
    const c = await intake({ customerName: 'Valbona Kërkimi', customerPhone: '049 555 111', imei: '35111122225555', customerEmail: '' });
    await moveOk(c.id, 'cancelled');

    const byName = await search('?q=valbona%20k%C3%ABrk');
    expect(byName.repairs.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(byName).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(byName.counts).toMatchObject({ received: 2, cancelled: 1, delivered: 0 });
    expect(byName.repairs[0]).toEqual({
      id: c.id,
      code: c.code,
      status: 'cancelled',
      customerName: 'Valbona Kërkimi',
      customerPhone: '049 555 111',
      brand: 'Apple',
      model: 'iPhone 15 Pro',
      imei: '35111122225555',
      estimate: 120,
      warranty: false,
      technician: 'Besnik Gashi',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    for (const q of [b.code, b.code.toLowerCase(), b.code.slice(2), b.code.slice(2).toLowerCase()]) {
      expect(
        (await search(`?q=${encodeURIComponent(q)}`)).repairs.map((r) => r.id),
        q,
      ).toEqual([b.id]);
    }
    expect((await search('?q=22224444')).repairs.map((r) => r.id)).toEqual([b.id]);
    for (const phone of ['049555111', '+383 49 555 111', '0038349555111']) {
      expect((await search(`?q=${encodeURIComponent(phone)}`)).total, phone).toBe(3);
    }
    expect((await search('?q=valbona&status=received')).repairs.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await search('?q=valbona&open=false')).repairs.map((r) => r.id)).toEqual([c.id]);
    expect((await search('?q=valbona&open=true')).total).toBe(2);
    const second = await search('?q=valbona&pageSize=2&page=2');
    expect(second.repairs.map((r) => r.id)).toEqual([a.id]);
    expect(second.total).toBe(3);
    expect(await search('?q=valbona&pageSize=2&page=9')).toMatchObject({ repairs: [], total: 3 });
    expect((await search('?q=%25%25')).total).toBe(0);

    const bad = await send('GET', '/api/admin/repairs?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: m.status });
    expect((await send('GET', '/api/admin/repairs?warrantySheetId=abc')).json()).toEqual({ msg: m.sheet });
  });
});

describe('warranty claims', () => {
  it('prices a repair at zero while the sheet’s period runs, and as an ordinary repair after it', async () => {
    const sheetId = await printedSheet('35222233334444');
    const claim = await intake({ warrantySheetId: sheetId, imei: '35222233334444', estimate: 90, deposit: 0, customerEmail: '' });
    expect(claim).toMatchObject({ warranty: true, estimate: 0, warrantySheetId: sheetId });
    // A 15-digit IMEI of the same device (the check digit the sheet leaves out) is the same device.
    const fifteen = await intake({ warrantySheetId: sheetId, imei: '352222333344442', estimate: 50, deposit: 0, customerEmail: '' });
    expect(fifteen).toMatchObject({ warranty: true, estimate: 0 });
    // The estimate stays 0 whatever an edit sends; a deposit above it is refused.
    const edited = await send('PATCH', `/api/admin/repairs/${claim.id}`, { estimate: 40 });
    expect(edited.json()).toMatchObject({ estimate: 0, warranty: true });
    expect((await send('PATCH', `/api/admin/repairs/${claim.id}`, { deposit: 5 })).json()).toEqual({ msg: m.depositAboveEstimate });
    // A warranty repair waits for the customer's approval at zero, whatever estimate is sent.
    await moveOk(claim.id, 'diagnosing');
    expect(await moveOk(claim.id, 'awaiting-approval', { estimate: 70 })).toMatchObject({ estimate: 0, warranty: true });

    // Two years later the same 12 months are long over.
    const oldSheet = await printedSheet('35333344445555');
    await t.db.update(warrantySheets).set({ data: '2020-01-15' }).where(eq(warrantySheets.id, oldSheet));
    const paid = await intake({ warrantySheetId: oldSheet, imei: '35333344445555', estimate: 90, customerEmail: '' });
    expect(paid).toMatchObject({ warranty: false, estimate: 90, warrantySheetId: oldSheet });

    const claims = await search(`?warrantySheetId=${sheetId}`);
    expect(claims.repairs.map((r) => r.id)).toEqual([fifteen.id, claim.id]);
    expect(claims.repairs.every((r) => r.warranty && r.estimate === 0)).toBe(true);
  });

  it('refuses a draft sheet, a missing one and another device, storing nothing', async () => {
    const before = await countRows(t, 'repair_tickets');
    const draft = await send('POST', '/api/admin/warranty', { ...completeWarrantySheet, status: 'draft' });
    const draftId = (draft.json() as { id: number }).id;
    const sheetId = await printedSheet('35444455556666');
    const cases: [Record<string, unknown>, string][] = [
      [{ warrantySheetId: draftId, imei: completeWarrantySheet.imei }, m.sheet],
      [{ warrantySheetId: 2_000_000_000 }, m.sheet],
      [{ warrantySheetId: sheetId, imei: '35444455557777' }, m.sheetDevice],
    ];
    for (const [change, message] of cases) {
      const res = await send('POST', '/api/admin/repairs', { ...completeRepairIntake, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: message });
    }
    expect(await countRows(t, 'repair_tickets')).toBe(before);
  });
});

describe('the dashboard’s repair figures', () => {
  it('counts open tickets per status and those ready for pickup, and averages the days in repair of delivered ones', async () => {
    const stats = async () => {
      const res = await send('GET', '/api/admin/stats');
      expect(res.statusCode).toBe(200);
      return (res.json() as AdminStats).repairs;
    };
    const before = await stats();
    const ready = await intake({ customerEmail: '' });
    for (const s of ['diagnosing', 'repairing', 'ready'] as const) await moveOk(ready.id, s);
    const delivered = await intake({ customerEmail: '' });
    for (const s of ['diagnosing', 'repairing', 'ready', 'delivered'] as const) await moveOk(delivered.id, s);
    const old = await intake({ customerEmail: '' });
    for (const s of ['diagnosing', 'repairing', 'ready', 'delivered'] as const) await moveOk(old.id, s);
    // Every other delivered ticket of this file took seconds; these two took 3 and 5 days, and one long ago does not count.
    await t.db
      .update(repairTickets)
      .set({ createdAt: sql`now() - interval '4 days'`, closedAt: sql`now() - interval '1 day'` })
      .where(eq(repairTickets.id, delivered.id));
    await t.db
      .update(repairTickets)
      .set({ createdAt: sql`now() - interval '400 days'`, closedAt: sql`now() - interval '200 days'` })
      .where(eq(repairTickets.id, old.id));
    await t.db.execute(
      sql`update repair_tickets set closed_at = created_at where status = 'delivered' and id not in (${delivered.id}, ${old.id})`,
    );
    const delivered2 = await intake({ customerEmail: '' });
    for (const s of ['diagnosing', 'repairing', 'ready', 'delivered'] as const) await moveOk(delivered2.id, s);
    await t.db
      .update(repairTickets)
      .set({ createdAt: sql`now() - interval '5 days'`, closedAt: sql`now()` })
      .where(eq(repairTickets.id, delivered2.id));

    const after = await stats();
    expect(after.readyForPickup).toBe(before.readyForPickup + 1);
    expect(after.openByStatus.ready).toBe((before.openByStatus.ready ?? 0) + 1);
    expect(after.openByStatus.delivered).toBeUndefined();
    expect(after.open).toBe(Object.values(after.openByStatus).reduce((a, b) => a + b, 0));
    const delivered90 = (await t.db.execute(
      sql`select count(*)::int as n from repair_tickets where status = 'delivered' and closed_at > now() - interval '90 days'`,
    )) as unknown as { rows: { n: number }[] };
    // (3 + 5 + 0 × the others) / their number, to one decimal.
    expect(after.averageDaysInRepair).toBe(Math.round((8 / delivered90.rows[0]!.n) * 10) / 10);
  });
});
