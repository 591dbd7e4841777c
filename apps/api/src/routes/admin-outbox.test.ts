import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { mailMsg } from '@shop/shared/messages-mail';
import { outboxPageSchema, type OutboxPage } from '@shop/shared/schemas/outbox';
import { mailOutbox } from '../db/schema';
import { insertMail } from '../repositories/mail-outbox';
import { createTestApp, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly } from '../test/admin-helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  // The embedded default: no SMTP_URL, so nothing is sent and the admin reads the outbox.
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});

const mail = (n: number) => ({
  kind: n % 2 ? ('verify-email' as const) : ('reset-password' as const),
  to: `klient${n}@example.com`,
  subject: `Subjekti ${n}`,
  text: `Lidhja: http://localhost/rivendos-fjalekalimin?token=tok${n}`,
  html: `<p>${n}</p>`,
});

async function queue(n: number, status: 'pending' | 'sent' | 'failed' = 'pending') {
  const id = await insertMail(t.db, mail(n));
  // Creation times one second apart, so "newest first" has one answer.
  await t.db.execute(sql`update mail_outbox set created_at = now() + make_interval(secs => ${n}) where id = ${id}`);
  if (status === 'sent') await t.db.update(mailOutbox).set({ status, attempts: 1, sentAt: new Date() }).where(eq(mailOutbox.id, id));
  if (status === 'failed')
    await t.db.update(mailOutbox).set({ status, attempts: 8, lastError: 'EMESSAGE: 451 Try later' }).where(eq(mailOutbox.id, id));
  return id;
}

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers: actors.admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return outboxPageSchema.parse(res.json()) as OutboxPage;
};
const retry = (id: number | string, headers = actors.admin.auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers });

describe('admin guard on the outbox', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin, changing nothing', async () => {
    const id = await queue(1, 'failed');
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/outbox' });
    await expectAdminOnly(t, actors, { method: 'POST', url: `/api/admin/outbox/${id}/retry` });
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists mails newest first with their text, 20 a page, and says SMTP is not configured', async () => {
    for (let n = 1; n <= 23; n++) await queue(n);
    const first = await list();
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20, smtpConfigured: false });
    expect(first.items.map((m) => m.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `Subjekti ${23 - i}`));
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'verify-email',
      to: 'klient23@example.com',
      subject: 'Subjekti 23',
      text: 'Lidhja: http://localhost/rivendos-fjalekalimin?token=tok23',
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      nextAttemptAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sentAt: null,
    });
    const second = await list('?page=2');
    expect(second).toMatchObject({ total: 23, page: 2 });
    expect(second.items.map((m) => m.subject)).toEqual(['Subjekti 3', 'Subjekti 2', 'Subjekti 1']);
    const past = await list('?page=5');
    expect(past).toMatchObject({ items: [], total: 23, page: 5 });
  });

  it('filters by status', async () => {
    await queue(1, 'sent');
    await queue(2, 'failed');
    await queue(3);
    await queue(4, 'failed');
    const failed = await list('?status=failed');
    expect(failed.total).toBe(2);
    expect(failed.items.map((m) => [m.subject, m.status, m.lastError])).toEqual([
      ['Subjekti 4', 'failed', 'EMESSAGE: 451 Try later'],
      ['Subjekti 2', 'failed', 'EMESSAGE: 451 Try later'],
    ]);
    expect((await list('?status=sent')).items.map((m) => m.subject)).toEqual(['Subjekti 1']);
    expect((await list('?status=sent')).items[0]!.sentAt).toMatch(/^\d{4}-/);
    expect((await list('?status=pending')).items.map((m) => m.subject)).toEqual(['Subjekti 3']);
    expect((await list('?status=')).total).toBe(4);
  });

  it('refuses a bad page or status with an Albanian message', async () => {
    for (const [q, text] of [
      ['?page=0', mailMsg.badPage],
      ['?page=abc', mailMsg.badPage],
      ['?page=1.5', mailMsg.badPage],
      ['?status=lost', mailMsg.badStatus],
      ['?status=SENT', mailMsg.badStatus],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/outbox${q}`, headers: actors.admin.auth });
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toEqual({ msg: text });
    }
  });
});

describe('POST /api/admin/outbox/:id/retry', () => {
  it('puts a failed mail back in the queue, due now, with a fresh count of attempts', async () => {
    const id = await queue(1, 'failed');
    const res = await retry(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: mailMsg.retryQueued, mail: { id, status: 'pending', attempts: 0 } });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Pending now: a second click is refused.
    const again = await retry(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: mailMsg.retryOnlyFailed });
  });

  it('refuses a sent or pending mail (409) and an unknown one (404), changing nothing', async () => {
    const sent = await queue(1, 'sent');
    const pending = await queue(2);
    for (const id of [sent, pending]) {
      const res = await retry(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: mailMsg.retryOnlyFailed });
    }
    const missing = await retry(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: mailMsg.mailNotFound });
    const rows = await t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['pending', 0],
    ]);
  });
});
