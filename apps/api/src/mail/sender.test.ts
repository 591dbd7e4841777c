import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { mailRetryDelayMs } from '@shop/shared/domain/mail';
import { createSecondInstance, createTestApp, type TestApp } from '../test/harness';
import { startTestSmtp, type TestSmtpServer } from '../test/smtp';
import { mailOutbox } from '../db/schema';
import { queueMail } from '../services/mail';
import { renderMail } from './layout';
import { createMailSender, type MailSender } from './sender';

/**
 * The outbox's sender against a real SMTP server in-process (smtp-server): what arrives, retries
 * with backoff, failing after the last attempt, two instances on one database, and mail that
 * exists only when its transaction committed. The loop's own poll is slow here (1 min), so each
 * test drives the passes itself with runOnce().
 */

const quiet = { info() {}, warn() {}, error() {} };
const FROM = 'MobileShop KS <no-reply@mobileshop-ks.com>';

function testMail(to: string, n = 1) {
  return {
    kind: 'verify-email' as const,
    to,
    ...renderMail({
      subject: `Provë ${n}: mirë se vini`,
      greeting: 'Përshëndetje Arta,',
      paragraphs: ['Ky është një e-mail prove nga dyqani.'],
      action: { label: 'Hapni lidhjen', url: `http://127.0.0.1/verifiko-email?token=t${n}` },
    }),
  };
}

const rows = (t: TestApp) => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs passes until `done` holds (the waits between attempts are short in these tests). */
async function drive(t: TestApp, done: () => Promise<boolean>, sender: MailSender = t.app.mailSender, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done: ${JSON.stringify(await rows(t))}`);
    await sender.runOnce();
    await sleep(20);
  }
}

describe('mail sender with a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  // One app for the file (a fresh database per test costs seconds); each test starts with an empty outbox.
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
      MAIL_POLL_MS: 60_000,
      MAIL_RETRY_BASE_MS: 100,
      MAIL_MAX_ATTEMPTS: 4,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    if (!smtp.running) await smtp.start();
    await t.db.delete(mailOutbox);
    smtp.messages.length = 0;
    smtp.refused.length = 0;
    smtp.refuse(undefined);
  });

  it('delivers a queued mail with its subject, text, html, from and to, and marks it sent', async () => {
    const mail = testMail('Arta@Example.com');
    await t.db.transaction((tx) => queueMail(tx, mail));
    expect(await t.app.mailSender.runOnce()).toBe(1);

    expect(smtp.messages).toHaveLength(1);
    const got = smtp.messages[0]!;
    expect(got.to).toEqual(['arta@example.com']);
    expect(got.from).toBe('no-reply@mobileshop-ks.com');
    expect(got.subject).toBe('Provë 1: mirë se vini');
    expect(got.text.trim()).toBe(mail.text.trim());
    expect(got.html).toContain('Ky është një e-mail prove nga dyqani.');
    expect(got.html).toContain('href="http://127.0.0.1/verifiko-email?token=t1"');

    const [row] = await rows(t);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Sent is sent: another pass sends nothing.
    expect(await t.app.mailSender.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('the loop started with the app delivers by itself, and wake() sends at once', async () => {
    await t.db.transaction((tx) => queueMail(tx, testMail('loop@example.com')));
    t.app.mailSender.wake();
    await smtp.waitFor((m) => m.length === 1, 5_000);
    expect(smtp.to('loop@example.com')).toHaveLength(1);
  });

  it('a mail exists only if its transaction committed: a rollback leaves no row and sends nothing', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, testMail('rollback@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows(t)).toHaveLength(0);
    await t.app.mailSender.runOnce();
    expect(smtp.messages).toHaveLength(0);
  });

  it('a temporary refusal (451) is retried with a growing pause, then the mail arrives once', async () => {
    smtp.refuse({ code: 451, message: 'Try again later', times: 2 });
    await t.db.transaction((tx) => queueMail(tx, testMail('retry@example.com')));

    const before = Date.now();
    expect(await t.app.mailSender.runOnce()).toBe(0);
    let [row] = await rows(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('451');
    // Due again one base pause later (100 ms), not at once.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 100 - 50);
    expect(await t.app.mailSender.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    await drive(t, async () => (await rows(t))[0]!.attempts === 2);
    [row] = await rows(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    await drive(t, async () => (await rows(t))[0]!.status === 'sent');
    [row] = await rows(t);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.refused).toHaveLength(2);
    expect(smtp.to('retry@example.com')).toHaveLength(1);
    expect(smtp.refused[1]!.at - smtp.refused[0]!.at).toBeGreaterThanOrEqual(100 - 20);
  });

  it('after MAIL_MAX_ATTEMPTS temporary failures the mail is failed with the last error', async () => {
    smtp.refuse({ code: 421, message: 'Service not available' });
    await t.db.transaction((tx) => queueMail(tx, testMail('fail@example.com')));
    await drive(t, async () => (await rows(t))[0]!.status !== 'pending');
    const [row] = await rows(t);
    expect(row).toMatchObject({ status: 'failed', attempts: 4 });
    expect(row!.lastError).toMatch(/421/);
    expect(row!.sentAt).toBeNull();
    expect(smtp.refused).toHaveLength(4);
    // Failed stays failed: later passes leave it alone.
    smtp.refuse(undefined);
    await t.app.mailSender.runOnce();
    expect(smtp.messages).toHaveLength(0);
  });

  it('a permanent refusal (550) fails sooner than a temporary one', async () => {
    // A sender allowed 8 attempts: a 550 is believed after 3.
    const sender = createMailSender({ db: t.db, config: { ...t.config, MAIL_RETRY_BASE_MS: 50, MAIL_MAX_ATTEMPTS: 8 }, log: quiet });
    smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
    await t.db.transaction((tx) => queueMail(tx, testMail('nobody@example.com')));
    await drive(t, async () => (await rows(t))[0]!.status !== 'pending', sender);
    await sender.stop();
    const [row] = await rows(t);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.lastError).toContain('550');
  });

  it('an SMTP server that is down keeps the mail pending; once it is back the mail arrives', async () => {
    await smtp.stop();
    await t.db.transaction((tx) => queueMail(tx, testMail('outage@example.com')));
    await t.app.mailSender.runOnce();
    const [row] = await rows(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
    await smtp.start();
    await drive(t, async () => (await rows(t))[0]!.status === 'sent');
    expect(smtp.to('outage@example.com')).toHaveLength(1);
  });

  it('two instances on one database never send the same mail twice', async () => {
    const second = await createSecondInstance(t);
    try {
      const n = 40;
      await t.db.transaction(async (tx) => {
        for (let i = 1; i <= n; i++) await queueMail(tx, testMail(`pair${i}@example.com`, i));
      });
      // Both claim and send at the same time.
      const sent = await Promise.all([t.app.mailSender.runOnce(), second.app.mailSender.runOnce()]);
      await drive(t, async () => (await t.db.$count(mailOutbox, eq(mailOutbox.status, 'sent'))) === n);
      expect(sent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(n);
      expect(smtp.messages).toHaveLength(n);
      const subjects = smtp.messages.map((m) => m.subject);
      expect(new Set(subjects).size).toBe(n);
      for (const r of await rows(t)) expect(r).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await second.close();
    }
  });

  it('without SMTP_URL nothing is sent: mails stay pending for the admin to see', async () => {
    const sender = createMailSender({ db: t.db, config: { ...t.config, SMTP_URL: undefined }, log: quiet });
    expect(sender.configured).toBe(false);
    await t.db.transaction((tx) => queueMail(tx, testMail('nosmtp@example.com')));
    sender.start();
    sender.wake();
    await sleep(200);
    await sender.stop();
    expect((await rows(t))[0]).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(smtp.messages).toHaveLength(0);
  });

  it('stopping finishes the send in flight and puts the claimed mails not started back in the queue at once', async () => {
    for (let i = 1; i <= 5; i++) await queueMail(t.db, testMail(`stop${i}@example.com`, i));
    let started = 0;
    let release: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => (release = resolve));
    const slow = {
      sendMail: async () => {
        started += 1;
        release();
        await sleep(200);
        return {};
      },
      close: () => {},
    } as unknown as Parameters<typeof createMailSender>[0]['transport'];
    const sender = createMailSender({ db: t.db, config: t.config, log: quiet, transport: slow });
    const pass = sender.runOnce();
    await firstStarted;
    await sender.stop();
    expect(await pass).toBe(1);
    expect(started).toBe(1);
    const all = await rows(t);
    expect(all.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
    for (const r of all.slice(1)) expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Another instance sends them right away.
    expect(await t.app.mailSender.runOnce()).toBe(4);
  });

  it('logs sends and failures by id and kind, never the body or its link', async () => {
    const lines: string[] = [];
    const capture = (o: object, m?: string) => void lines.push(`${m} ${JSON.stringify(o)}`);
    const sender = createMailSender({ db: t.db, config: t.config, log: { info: capture, warn: capture, error: capture } });
    smtp.refuse({ code: 451, times: 1 });
    await t.db.transaction((tx) => queueMail(tx, testMail('log@example.com', 7)));
    await drive(t, async () => (await rows(t))[0]!.status === 'sent', sender);
    await sender.stop();
    expect(lines.some((l) => l.startsWith('mail not sent, will retry') && l.includes('"kind":"verify-email"') && l.includes('451'))).toBe(
      true,
    );
    expect(lines.some((l) => l.startsWith('mail sent') && l.includes('"mailId"'))).toBe(true);
    for (const l of lines) {
      expect(l).not.toContain('token=t7');
      expect(l).not.toContain('Ky është një e-mail prove');
    }
  });

  it('a claimed mail is leased: while one instance is sending it, another pass does not take it', async () => {
    await t.db.transaction((tx) => queueMail(tx, testMail('lease@example.com')));
    // Claim it as a sender would, then look again: it is no longer due.
    await t.db.execute(
      sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes' where status = 'pending'`,
    );
    expect(await t.app.mailSender.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    // The lease runs out (a sender died): another instance sends it.
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second'`);
    expect(await t.app.mailSender.runOnce()).toBe(1);
    expect((await rows(t))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('retry schedule', () => {
  it('doubles from the base and stops at the cap (30 s, 1 min, 2 min ... 1 h)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => mailRetryDelayMs(n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(mailRetryDelayMs(1, 100)).toBe(100);
    expect(mailRetryDelayMs(1000)).toBe(3_600_000);
  });
});
