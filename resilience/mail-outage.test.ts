/**
 * Faults, the SMTP server goes away: two built servers on one PostgreSQL database send their
 * outbox to a real SMTP server in-process (tools/test-smtp.ts). Mails are caused while it is up
 * and while it is down (registrations through the API, which queue what the accounts code mails,
 * and outbox rows written straight into the database as any transaction would); while it is down
 * they stay pending with the error, nothing is lost and no server breaks. Once it listens again
 * on the same port every mail of the outbox arrives exactly once, whichever instance sent it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createStorage, startShopServer, type ShopServer, type ShopStorage } from '../tools/shop-server';
import { startTestSmtp, type TestSmtpServer } from '../tools/test-smtp';
import { HttpClient, sleep } from './lib/http';
import { register, runId } from './lib/shop';
import { logFileIn, logTail, postgresAvailable, postgresServer, serverEnv } from './lib/env';

/** How long the SMTP server stays down: several attempts fail meanwhile. */
const DOWN_MS = 4_000;
/** How long after the SMTP server is back every mail must have arrived. */
const DELIVERY_LIMIT_MS = 30_000;

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe.runIf(postgresAvailable)('the SMTP server stops and starts again', () => {
  let pgServer: Awaited<ReturnType<typeof postgresServer>>;
  let storage: ShopStorage;
  let smtp: TestSmtpServer;
  let a: ShopServer;
  let b: ShopServer;
  let ca: HttpClient;
  let cb: HttpClient;
  let db: pg.Client;
  let seq = 0;

  const outbox = async () =>
    (await db.query<OutboxRow>('select id, to_address, subject, status, attempts, last_error from mail_outbox order by id')).rows;

  /** A mail written into the outbox as a committed transaction would. */
  const queueDirect = (tag: string) => {
    seq += 1;
    return db.query(`insert into mail_outbox (kind, to_address, subject, text_body, html_body) values ('resilience', $1, $2, $3, $4)`, [
      `direct-${runId}-${seq}@example.com`,
      `Provë ${tag} ${seq}`,
      `Teksti ${seq}`,
      `<p>Teksti ${seq}</p>`,
    ]);
  };

  /** Causes mails: `direct` outbox rows, and `registrations` accounts on alternate instances. */
  async function causeMails(tag: string, direct: number, registrations: number) {
    for (let i = 0; i < direct; i++) await queueDirect(tag);
    for (let i = 0; i < registrations; i++) {
      const reg = await register(i % 2 ? cb : ca, `${tag}${i}`);
      expect(reg.answer.status, JSON.stringify(reg.answer.body)).toBe(201);
    }
  }

  async function waitAllSent(limitMs: number) {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const rows = await outbox();
      if (rows.every((r) => r.status === 'sent')) return rows;
      if (Date.now() > deadline) {
        const left = rows.filter((r) => r.status !== 'sent');
        throw new Error(`${left.length} mails not sent: ${JSON.stringify(left.slice(0, 5))}\n${logTail(a)}\n${logTail(b)}`);
      }
      await sleep(200);
    }
  }

  /** Every row of the outbox arrived exactly once, and nothing else arrived. */
  function expectEachOnce(rows: OutboxRow[]) {
    const received = new Map<string, number>();
    for (const m of smtp.messages) {
      for (const to of m.to) received.set(`${to}\n${m.subject}`, (received.get(`${to}\n${m.subject}`) ?? 0) + 1);
    }
    const expected = new Map<string, number>();
    for (const r of rows)
      expected.set(`${r.to_address.toLowerCase()}\n${r.subject}`, (expected.get(`${r.to_address.toLowerCase()}\n${r.subject}`) ?? 0) + 1);
    expect(smtp.messages.length).toBe(rows.length);
    expect(Object.fromEntries(received)).toEqual(Object.fromEntries(expected));
  }

  beforeAll(async () => {
    pgServer = await postgresServer();
    storage = await createStorage({ databaseUrl: pgServer.url, prefix: 'res_mail' });
    smtp = await startTestSmtp();
    const env = serverEnv(
      {
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '100',
        MAIL_RETRY_BASE_MS: '200',
        // The outage must not use up the attempts: every mail is still pending when SMTP is back.
        MAIL_MAX_ATTEMPTS: '100',
        RATE_LIMIT_AUTH_MAX: '10000',
      },
      `res-${runId}-mail:`,
    );
    [a, b] = await Promise.all([
      startShopServer({ storage, env, logFile: logFileIn(storage, 'a') }),
      startShopServer({ storage, env, logFile: logFileIn(storage, 'b') }),
    ]);
    ca = new HttpClient(a.url, { connections: 4 });
    cb = new HttpClient(b.url, { connections: 4 });
    db = new pg.Client({ connectionString: storage.databaseUrl });
    await db.connect();
    console.log(`[mail outage] on ${pgServer.source}, SMTP on port ${smtp.port}`);
  });
  afterAll(async () => {
    ca?.close();
    cb?.close();
    await db?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.stop();
    await storage?.dispose();
    await pgServer?.dispose();
  });

  it('while SMTP is up, mails arrive once each', async () => {
    await causeMails('up', 10, 4);
    const rows = await waitAllSent(DELIVERY_LIMIT_MS);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expectEachOnce(rows);
  });

  it('while SMTP is down mails stay pending with the error; once it is back each arrives exactly once', async () => {
    const before = (await outbox()).length;
    const receivedBefore = smtp.messages.length;
    await smtp.stop();
    await causeMails('down', 30, 6);
    await sleep(DOWN_MS);

    // Nothing arrived, nothing was lost or given up, and the attempts failed with a reason.
    expect(smtp.messages.length).toBe(receivedBefore);
    const during = (await outbox()).slice(before);
    expect(during.length).toBeGreaterThanOrEqual(30);
    for (const r of during) {
      expect(r.status, JSON.stringify(r)).toBe('pending');
    }
    const tried = during.filter((r) => r.attempts >= 2);
    expect(tried.length, JSON.stringify(during.slice(0, 3))).toBe(during.length);
    for (const r of tried) expect(r.last_error).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
    // The servers still answer while mail cannot go out.
    expect((await ca.get('/api/health')).status).toBe(200);
    expect((await cb.get('/api/health')).status).toBe(200);

    await smtp.start();
    const rows = await waitAllSent(DELIVERY_LIMIT_MS);
    // A little longer: a duplicate would show up now.
    await sleep(1_000);
    expectEachOnce(rows);
    for (const r of rows.slice(before)) expect(r.last_error).toBeNull();
  });
});
