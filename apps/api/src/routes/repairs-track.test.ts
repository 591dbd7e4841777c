import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@shop/shared/messages';
import { repairStatusLabels, type RepairStatus } from '@shop/shared/domain/repairs';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type { RepairDetail, RepairTracking } from '@shop/shared/schemas/repairs';
import { mailOutbox, repairTickets } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { completeRepairIntake, moveNeeds } from '../test/admin-helpers';
import { startTestSmtp } from '../test/smtp';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  // The per-IP limit is raised here: one test below checks it on an app of its own.
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example', RATE_LIMIT_REPAIR_TRACK_MAX: 10_000 });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

async function intake(overrides: Record<string, unknown> = {}): Promise<RepairDetail> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/repairs',
    headers: admin.auth,
    payload: { ...completeRepairIntake, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RepairDetail;
}
async function moveOk(id: number, status: RepairStatus, notes: { note?: string; customerNote?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/repairs/${id}/status`,
    headers: admin.auth,
    payload: { status, ...moveNeeds(status), ...notes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RepairDetail;
}
const track = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/repairs/track', payload: payload as object });
const answer = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/repairs/track/answer', payload: payload as object });

describe('POST /api/repairs/track', () => {
  it('shows the status, the history without the staff’s notes, and the estimate; nothing else', async () => {
    const ticket = await intake();
    await moveOk(ticket.id, 'diagnosing', { note: 'SEKRET: klienti i vështirë', customerNote: 'Po e kontrollojmë.' });
    const res = await track({ code: ticket.code, proof: '3456' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RepairTracking;
    expect(body).toEqual({
      code: ticket.code,
      status: 'diagnosing',
      device: 'Apple iPhone 15 Pro',
      estimate: 120,
      warranty: false,
      canAnswer: false,
      history: [
        { status: 'received', at: expect.any(String), customerNote: '', amount: null },
        { status: 'diagnosing', at: expect.any(String), customerNote: 'Po e kontrollojmë.', amount: null },
      ],
    });
    for (const secret of [
      'SEKRET',
      completeRepairIntake.customerName,
      completeRepairIntake.imei,
      admin.user.email,
      completeRepairIntake.pin,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('takes the code in any case, with or without R- and dashes, and the phone instead of the IMEI', async () => {
    const ticket = await intake({ customerEmail: '' });
    const body = ticket.code.slice(2);
    for (const [code, proof] of [
      [ticket.code.toLowerCase(), '3456'],
      [body, ' 3456 '],
      [`${body.slice(0, 5)}-${body.slice(5)}`, '3456'],
      [ticket.code, '+383 44 987 654'],
      [ticket.code, '044 987 654'],
      [ticket.code, '044987654'],
    ]) {
      const res = await track({ code, proof });
      expect(res.statusCode, `${code} ${proof}: ${res.body}`).toBe(200);
      expect((res.json() as RepairTracking).code).toBe(ticket.code);
    }
  });

  it('answers a wrong code and a wrong proof with the very same 404', async () => {
    const ticket = await intake({ customerEmail: '' });
    const otherCode = ticket.code.endsWith('0') ? `${ticket.code.slice(0, -1)}1` : `${ticket.code.slice(0, -1)}0`;
    const answers = [
      await track({ code: otherCode, proof: '3456' }),
      await track({ code: 'R-0000000000', proof: '0000' }),
      await track({ code: ticket.code, proof: '3457' }),
      await track({ code: ticket.code, proof: '044 987 655' }),
      await track({ code: ticket.code, proof: '3456 7' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(JSON.stringify({ msg: m.trackNotFound }));
      expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(res.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }
  });

  it('refuses a malformed code or proof with the form’s message', async () => {
    for (const code of ['', 'R-123', 'R-UUUUUUUUUU', 'X'.repeat(41), 42, null]) {
      const res = await track({ code, proof: '3456' });
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json()).toEqual({ msg: m.trackBadCode });
    }
    for (const proof of ['', '12', 'abcd', '1'.repeat(31), 1234]) {
      const res = await track({ code: 'R-0000000000', proof });
      expect(res.statusCode, String(proof)).toBe(400);
      expect(res.json()).toEqual({ msg: m.trackBadProof });
    }
  });
});

describe('POST /api/repairs/track/answer', () => {
  it('approves the estimate: the repair goes ahead, recorded as the customer’s, with no mail for that step', async () => {
    const email = 'aprovim@example.com';
    const ticket = await intake({ customerEmail: email });
    const early = await answer({ code: ticket.code, proof: '3456', approve: true, amount: 120 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ msg: m.notAwaitingApproval });

    await moveOk(ticket.id, 'diagnosing');
    await moveOk(ticket.id, 'awaiting-approval', { customerNote: 'Ekrani i ri kushton 120 €.' });
    const waiting = (await track({ code: ticket.code, proof: '3456' })).json() as RepairTracking;
    expect(waiting).toMatchObject({ status: 'awaiting-approval', canAnswer: true, estimate: 120 });

    const wrong = await answer({ code: ticket.code, proof: '9999', approve: true, amount: 120 });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ msg: m.trackNotFound });

    const mails = await countRows(t, 'mail_outbox');
    const res = await answer({ code: ticket.code, proof: '044 987 654', approve: true, amount: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'repairing', canAnswer: false });
    expect(await countRows(t, 'mail_outbox')).toBe(mails);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/repairs/${ticket.id}`, headers: admin.auth })
    ).json() as RepairDetail;
    expect(detail.history.at(-1)).toMatchObject({
      from: 'awaiting-approval',
      status: 'repairing',
      by: 'customer',
      actor: null,
      note: 'Klienti e aprovoi çmimin në faqen e statusit.',
    });
    expect(detail.hasPin).toBe(true);
    const again = await answer({ code: ticket.code, proof: '3456', approve: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: m.notAwaitingApproval });
  });

  it('refuses the estimate: the device goes back unrepaired, the PIN is deleted and the customer is mailed', async () => {
    const email = 'refuzim@example.com';
    const ticket = await intake({ customerEmail: email });
    await moveOk(ticket.id, 'diagnosing');
    await moveOk(ticket.id, 'awaiting-approval');
    const res = await answer({ code: ticket.code, proof: '3456', approve: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'unrepaired', canAnswer: false });
    const [row] = await t.db.select().from(repairTickets).where(eq(repairTickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'unrepaired', pinCipher: null });
    expect(row!.closedAt).not.toBeNull();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
    expect(mails.map((r) => r.subject)).toEqual([
      `Riparimi ${ticket.code} u pranua`,
      `Riparimi ${ticket.code}: ${repairStatusLabels['awaiting-approval']}`,
      `Riparimi ${ticket.code}: ${repairStatusLabels.unrepaired}`,
    ]);
  });

  it('refuses a body without an answer', async () => {
    const res = await answer({ code: 'R-0000000000', proof: '3456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: m.status });
  });
});

describe('the per-IP limit of the tracking page', () => {
  it('answers 429 after RATE_LIMIT_REPAIR_TRACK_MAX lookups, right or wrong, answers included', async () => {
    const limited = await createTestApp({ RATE_LIMIT_REPAIR_TRACK_MAX: 3 });
    try {
      const send = (url: string, payload: object) => limited.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });
      expect((await send('/api/repairs/track', { code: 'R-0000000000', proof: '1234' })).statusCode).toBe(404);
      expect((await send('/api/repairs/track', { code: 'R-0000000001', proof: '1234' })).statusCode).toBe(404);
      expect((await send('/api/repairs/track', { code: 'R-0000000002', proof: '1234' })).statusCode).toBe(404);
      const blocked = await send('/api/repairs/track', { code: 'R-0000000003', proof: '1234' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ msg: msg.tooManyRequests });
      // Another address still gets through.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/repairs/track',
        payload: { code: 'R-0000000000', proof: '1234' },
        remoteAddress: '203.0.113.10',
      });
      expect(other.statusCode).toBe(404);
      // The answers share the lookups' limit.
      const answers = await send('/api/repairs/track/answer', { code: 'R-0000000000', proof: '1234', approve: true, amount: 1 });
      expect(answers.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('issue 24 finding 9: /track and /track/answer share one limit per address', () => {
  it('answers 429 once N requests split across both endpoints pass the one limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_REPAIR_TRACK_MAX: 4 });
    try {
      const send = (url: string, payload: object, remoteAddress = '198.51.100.7') =>
        limited.app.inject({ method: 'POST', url, payload, remoteAddress });
      const lookUp = (n: number, ip?: string) => send('/api/repairs/track', { code: `R-000000000${n}`, proof: '1234' }, ip);
      const answer = (n: number, ip?: string) =>
        send('/api/repairs/track/answer', { code: `R-000000000${n}`, proof: '1234', approve: true, amount: 1 }, ip);
      // Two of each: four requests, the limit, and no endpoint alone near it.
      for (const res of [await lookUp(1), await answer(2), await lookUp(3), await answer(4)]) expect(res.statusCode).toBe(404);
      for (const res of [await answer(5), await lookUp(6)]) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({ msg: msg.tooManyRequests });
        expect(res.headers['retry-after']).toBeDefined();
      }
      // Starting with answers is the same budget; another address has its own.
      for (const res of [await answer(1, '198.51.100.8'), await answer(2, '198.51.100.8'), await answer(3, '198.51.100.8')])
        expect(res.statusCode).toBe(404);
      expect((await lookUp(4, '198.51.100.8')).statusCode).toBe(404);
      expect((await lookUp(5, '198.51.100.8')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the repair mails over SMTP', () => {
  it('delivers the intake and the estimate mails to the customer, with the tracking link that opens the page pre-filled', async () => {
    const smtp = await startTestSmtp();
    const mailing = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 60_000, PUBLIC_URL: 'https://shop.example' });
    try {
      const staff = await createUser(mailing, { role: 'admin' });
      const created = await mailing.app.inject({
        method: 'POST',
        url: '/api/admin/repairs',
        headers: staff.auth,
        payload: { ...completeRepairIntake, customerEmail: 'Klienti.Servis@Example.com' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const ticket = created.json() as RepairDetail;
      for (const status of ['diagnosing', 'awaiting-approval'] as const) {
        const moved = await mailing.app.inject({
          method: 'POST',
          url: `/api/admin/repairs/${ticket.id}/status`,
          headers: staff.auth,
          payload: { status, ...moveNeeds(status), customerNote: status === 'awaiting-approval' ? 'Ekrani i ri.' : '' },
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      expect(await mailing.app.mailSender.runOnce()).toBe(2);
      const got = smtp.to('klienti.servis@example.com');
      expect(got.map((mail) => mail.subject)).toEqual([
        `Riparimi ${ticket.code} u pranua`,
        `Riparimi ${ticket.code}: ${repairStatusLabels['awaiting-approval']}`,
      ]);
      const link = `https://shop.example/servisi/statusi?kodi=${ticket.code}&imei=3456`;
      for (const mail of got) {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
        expect(mail.text).not.toContain(completeRepairIntake.pin);
      }
      expect(got[1]!.text).toContain('120,00 €');
      expect(got[1]!.text).toContain('Ekrani i ri.');
    } finally {
      await mailing.close();
      await smtp.stop();
    }
  });
});
