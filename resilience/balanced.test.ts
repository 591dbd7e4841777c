/**
 * Two built servers behind a real nginx (Debian's, with deploy/nginx/shop-locations.conf, started
 * by tools/balanced-shop.ts) on one PostgreSQL database, with REDIS_URL when set, and a real SMTP
 * server. Shoppers register, read and order through nginx; one instance is SIGKILLed in the middle
 * of it and started again. Afterwards: every order answered 201 is in the database and nothing
 * else is (a shopper whose checkout was cut off retries it with its Idempotency-Key, as the
 * storefront does), stock adds up, sessions work on both instances, a product change made on one
 * is served by the other at once, the login rate limit counts across both (Redis), and every
 * mail of the outbox arrived once, whichever instance claimed it.
 *
 * Nothing waits a fixed time for something to happen: every step polls for the state it needs,
 * with generous limits, so a busy two-core machine makes it slower, not red.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, testAdmin, type ShopStorage } from '../tools/shop-server';
import { nginxAvailable, startBalancedShop, type AccessLine, type BalancedShop } from '../tools/balanced-shop';
import { startTestSmtp, type TestSmtpServer } from '../tools/test-smtp';
import { HttpClient, sleep, type Answer } from './lib/http';
import {
  expectStockBalanced,
  newIdempotencyKey,
  OrderLedger,
  orderAnswerOk,
  products,
  randomOrder,
  register,
  runId,
  stockLevels,
  Tally,
  uniqueEmail,
  type Customer,
  type ListedProduct,
  type OrderBody,
} from './lib/shop';
import { logFileIn, logTail, postgresAvailable, postgresServer, redisUrl, serverEnv } from './lib/env';

const SHOPPERS = 8;
const AUTH_MAX = 5;
/** Orders answered 201 before the kill, and after it while one instance serves alone. */
const ORDERS_BEFORE_KILL = 40;
const ORDERS_WHILE_ALONE = 40;
/** How long a product change made through one instance may take to be served by the other. */
const PROPAGATION_LIMIT_MS = 3_000;
/** After the kill was seen, how long a request sent may still meet the dead instance's connections. */
const KILL_MARGIN_MS = 2_000;
/** The longest any state waited for may take on a busy machine. */
const STATE_LIMIT_MS = 120_000;
/** The mail sender's batch (apps/api/src/mail/sender.ts): what a killed instance can hold claimed. */
const MAIL_BATCH = 10;
/** Answers that leave an order's outcome unknown: the client tries again with the same key. */
const unsettled = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

/** A documentation address (TEST-NET) of its own for each caller, passed on by nginx. */
let addressSeq = 0;
function clientAddress(): Record<string, string> {
  addressSeq += 1;
  return { 'x-forwarded-for': `198.51.${100 + Math.floor(addressSeq / 250)}.${1 + (addressSeq % 250)}` };
}

async function waitUntil<T>(what: string, check: () => Promise<T | undefined | false>, limitMs = STATE_LIMIT_MS): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`waited ${limitMs} ms: ${what}`);
    await sleep(50);
  }
}

describe.runIf(postgresAvailable && nginxAvailable())('two instances behind nginx, one killed mid-load', () => {
  let pgServer: Awaited<ReturnType<typeof postgresServer>>;
  let storage: ShopStorage;
  let smtp: TestSmtpServer;
  let shop: BalancedShop;
  let client: HttpClient;
  let direct: HttpClient[];
  let db: pg.Client;
  let admin: string;
  const shoppers: Customer[] = [];
  let list: ListedProduct[];
  /** The instance's address as nginx's access log names it. */
  let addr: string[];
  /** PostgreSQL's now() right after instance 0 was killed. */
  let killedAt: string | undefined;

  const served = (lines: AccessLine[], i: number, pred: (l: AccessLine) => boolean = () => true) =>
    lines.filter((l) => pred(l) && l.upstreams.at(-1) === addr[i]).length;
  const logs = () =>
    `${shop.instances.map((s, i) => `--- instance ${i}\n${logTail(s)}`).join('\n')}\n--- nginx\n${shop.errorLog().slice(-4000)}`;

  beforeAll(async () => {
    pgServer = await postgresServer();
    storage = await createStorage({ databaseUrl: pgServer.url, prefix: 'res_nginx' });
    smtp = await startTestSmtp();
    // One shop: both instances share the rate-limit namespace (unique to this run).
    const env = serverEnv(
      { RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '200' },
      `res-${runId}-nginx:`,
    );
    shop = await startBalancedShop({ storage, env, logFile: (i) => logFileIn(storage, `instance-${i}`) });
    addr = shop.instancePorts.map((p) => `127.0.0.1:${p}`);
    client = new HttpClient(shop.url, { connections: 32, timeoutMs: 30_000 });
    direct = shop.instancePorts.map((p) => new HttpClient(`http://127.0.0.1:${p}`, { connections: 4, timeoutMs: 30_000 }));
    db = new pg.Client({ connectionString: storage.databaseUrl });
    await db.connect();
    console.log(
      `[nginx] ${shop.url} in front of ${addr.join(' and ')} on ${pgServer.source}, ` +
        `${redisUrl ? 'rate limits in Redis' : 'rate limits in memory (no REDIS_URL)'}, SMTP on port ${smtp.port}`,
    );
  });
  afterAll(async () => {
    client?.close();
    for (const c of direct ?? []) c.close();
    await db?.end();
    await shop?.stop();
    await smtp?.stop();
    await storage?.dispose();
    await pgServer?.dispose();
  });

  it('shoppers sign up through nginx, both instances answer, and each session works on both', async () => {
    list = (await products(client)).list;
    expect(list.length).toBeGreaterThan(3);
    const login = await client.post('/api/auth/login', testAdmin, { headers: clientAddress() });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    admin = (login.body as { token: string }).token;
    for (let i = 0; i < SHOPPERS; i++) {
      const reg = await register(client, `nginx${i}`, { headers: clientAddress() });
      expect(reg.answer.status, JSON.stringify(reg.answer.body)).toBe(201);
      shoppers.push(reg.customer!);
    }
    for (const s of shoppers) {
      for (const d of direct) expect((await d.get('/api/auth/profile', { token: s.token })).status).toBe(200);
    }
    // least_conn with one request at a time takes turns: both instances got sign-ups.
    const lines = shop.accessLog();
    for (let i = 0; i < 2; i++) expect(served(lines, i, (l) => l.uri === '/api/auth/register' && l.status === 201)).toBeGreaterThan(0);
  });

  it('a product changed through one instance is served changed by the other at once, and through nginx', async () => {
    const p = list[1]!;
    // Both instances hold the product answers in their caches.
    for (const d of direct) for (let i = 0; i < 2; i++) expect((await products(d)).list.find((x) => x.id === p.id)?.price).toBe(p.price);
    const newPrice = Math.round(p.price * 100 + 111) / 100;
    const put = await direct[0]!.put(
      `/api/admin/products/${encodeURIComponent(p.id)}`,
      { name: p.name, price: newPrice },
      { token: admin },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const changedAt = performance.now();
    // The other instance hears it through PostgreSQL's NOTIFY (decision 008): milliseconds.
    await waitUntil(
      "the other instance's product list shows the new price",
      async () => (await products(direct[1]!)).list.find((x) => x.id === p.id)?.price === newPrice,
      PROPAGATION_LIMIT_MS,
    );
    const shownAfterMs = performance.now() - changedAt;
    const detail = await direct[1]!.get(`/api/products/${encodeURIComponent(p.id)}`);
    expect((detail.body as { price: number }).price).toBe(newPrice);
    // Through nginx, whichever instance answers, only the new price.
    for (let i = 0; i < 6; i++) expect((await products(client)).list.find((x) => x.id === p.id)?.price).toBe(newPrice);
    list = (await products(client)).list;
    console.log(`[nginx] a price changed on instance 0 was on instance 1's product list ${shownAfterMs.toFixed(0)} ms later`);
  });

  it('SIGKILL of one instance mid-load: no acknowledged order lost or doubled, reads keep working, it is taken back', async () => {
    // Enough stock that orders rarely run out (a 409 is still a proper answer).
    for (const p of list) {
      const res = await client.put(
        `/api/admin/products/${encodeURIComponent(p.id)}`,
        { name: p.name, price: p.price, stock: 5_000 },
        { token: admin },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const initialStock = await stockLevels(client, admin);
    const ledger = new OrderLedger();
    const orders = new Tally();
    const reads = new Tally();
    /** Every answer that was not a proper one, with when it was sent: only the kill may cause them. */
    const faults: { what: string; answer: Answer }[] = [];
    let running = true;
    let workerError: unknown;
    /** A state the test waits for, given up at once when a shopper met a wrong answer. */
    const waitLoad = (what: string, check: () => Promise<boolean | undefined>) =>
      waitUntil(what, async () => {
        if (workerError) throw workerError;
        return check();
      });

    /** An order, tried again with its key while the outcome is unknown (as the storefront does). */
    const checkout = async (shopper: Customer, body: OrderBody) => {
      const key = newIdempotencyKey();
      for (let attempt = 1; ; attempt++) {
        const a = await ledger.place(client, shopper, body, key, 30_000);
        orders.add('order', a, (status) => unsettled(status) || orderAnswerOk(a));
        if (!unsettled(a.status)) return a;
        faults.push({ what: `order attempt ${attempt}`, answer: a });
        if (attempt >= 20) return a;
        await sleep(50 * attempt);
      }
    };
    const workers = shoppers
      .map(async (shopper, w) => {
        let n = 0;
        while (running && !workerError) {
          const order = await checkout(shopper, randomOrder(list));
          expect(orderAnswerOk(order), `order: ${order.status} ${JSON.stringify(order.body)} ${order.error ?? ''}`).toBe(true);
          n += 1;
          // A read or two between orders, as a shopper browses.
          const read =
            (w + n) % 3 === 0
              ? await client.get('/api/orders/mine', { token: shopper.token })
              : await client.get(`/api/products/${encodeURIComponent(list[(w + n) % list.length]!.id)}`);
          reads.add('read', read);
          if (read.status !== 200) faults.push({ what: 'read', answer: read });
        }
      })
      .map((p) => p.catch((err: unknown) => void (workerError ??= err)));

    try {
      // Both instances take orders before the kill.
      await waitLoad('orders answered by both instances', async () => {
        const lines = shop.accessLog();
        const isOrder = (l: AccessLine) => l.uri === '/api/orders' && l.method === 'POST' && l.status === 201;
        return ledger.confirmed().size >= ORDERS_BEFORE_KILL && served(lines, 0, isOrder) >= 5 && served(lines, 1, isOrder) >= 5;
      });
      const inFlightAtKill = [...ledger.attempts.values()].filter((a) => a.answers.length === 0).length;
      const confirmedAtKill = ledger.confirmed().size;
      const killStart = performance.now();
      await shop.stopInstance(0, 'SIGKILL');
      const killSeen = performance.now();
      // The database's clock just after: mails claimed before it may be held by the dead instance.
      killedAt = (await db.query<{ t: string }>('select now()::text as t')).rows[0]!.t;

      // The other instance serves alone.
      await waitLoad(
        `${ORDERS_WHILE_ALONE} more orders with one instance`,
        async () => ledger.confirmed().size >= confirmedAtKill + ORDERS_WHILE_ALONE,
      );
      const aloneDone = performance.now();

      // Started again on its port, nginx gives it requests again (after fail_timeout at most).
      const mark = shop.accessLog().length;
      const restarted = performance.now();
      await shop.restartInstance(0);
      direct[0]!.close();
      direct[0] = new HttpClient(`http://127.0.0.1:${shop.instancePorts[0]}`, { connections: 4, timeoutMs: 30_000 });
      await waitLoad('the restarted instance answers orders through nginx again', async () =>
        served(shop.accessLog().slice(mark), 0, (l) => l.uri === '/api/orders' && l.status === 201) >= 5 ? true : undefined,
      );
      const takenBackMs = performance.now() - restarted;
      running = false;
      await Promise.all(workers);
      if (workerError) throw workerError;

      // Only requests under way when the instance died may have gone without a proper answer: a
      // 502 from nginx (the instance went away mid-request). nginx drops the dead instance's idle
      // keep-alive connections as it reads their close, at once; the margin is for a busy machine.
      for (const f of faults) {
        const detail = `${f.what} sent ${(f.answer.sentAt - killStart).toFixed(0)} ms after the kill began got ${f.answer.status} ${f.answer.error ?? ''}`;
        expect(f.answer.status, `${detail}\n${logs()}`).toBe(502);
        expect(f.answer.sentAt, `${detail}\n${logs()}`).toBeLessThanOrEqual(killSeen + KILL_MARGIN_MS);
        expect(f.answer.sentAt + f.answer.ms, detail).toBeGreaterThanOrEqual(killStart);
      }
      expect(orders.failures, JSON.stringify(orders.failures.slice(0, 5))).toEqual([]);
      expect(reads.count((s) => s !== 200)).toBe(faults.filter((f) => f.what === 'read').length);

      // Every key answered with one order or a stock refusal; the database holds exactly the
      // orders answered 201, each once, with their lines and totals.
      expect(ledger.unsettledKeys().map((a) => a.key)).toEqual([]);
      const stored = await OrderLedger.stored(client, admin);
      const emails = new Set(shoppers.map((s) => s.email));
      const figures = ledger.verify(stored, { strict: true, emails });
      expect(figures.stored).toBe(ledger.confirmed().size);
      const stock = expectStockBalanced(initialStock, await stockLevels(client, admin), stored);

      // Sessions still work on both, the restarted one included.
      for (const s of shoppers) for (const d of direct) expect((await d.get('/api/auth/profile', { token: s.token })).status).toBe(200);

      // Of the checkouts cut off, those the dead instance had committed were answered from the key.
      const cutOff = [...ledger.attempts.values()].filter((a) => a.answers.some((x) => unsettled(x.status)));
      const replayed = cutOff.filter((a) => a.answers.some((x) => x.status === 201 && x.headers['idempotent-replayed'] === 'true')).length;
      const lines = shop.accessLog();
      const moved = lines.filter((l) => l.upstreams.length > 1).map((l) => `${l.method} ${l.uri} ${l.upstreamStatuses.join('→')}`);
      console.log(
        `[nginx] killed instance 0 with ${inFlightAtKill} orders in flight after ${confirmedAtKill} answered 201; ` +
          `${ORDERS_WHILE_ALONE} more on instance 1 alone in ${((aloneDone - killSeen) / 1000).toFixed(1)} s; ` +
          `instance 0 back in nginx's turns ${(takenBackMs / 1000).toFixed(1)} s after its restart began. ` +
          `${figures.stored} orders stored = ${figures.confirmed} answered 201; ${faults.length} answers cut off by the kill ` +
          `(${faults.map((f) => f.answer.status).join(', ') || 'none'}), each settled by a retry with its key (${replayed} of ${cutOff.length} checkouts had been stored: answered from the key); ` +
          `${moved.length} requests nginx moved to the other instance (${[...new Set(moved)].join('; ')}); orders ${orders.perLabel()}, reads ${reads.perLabel()}; ` +
          `stock + ${stock.unitsSold} units sold = initial`,
      );
    } finally {
      running = false;
      await Promise.all(workers);
    }
  });

  it('every mail of the outbox arrived once, whichever instance claimed it', async () => {
    interface Row {
      id: number;
      to_address: string;
      subject: string;
      status: string;
      attempts: number;
      held: boolean;
    }
    // A claim pushes the mail's next attempt 5 minutes (the lease) past the claim: one made before
    // the kill ends by killedAt + 5 minutes.
    const outbox = async () =>
      (
        await db.query<Row>(
          `select id, to_address, subject, status, attempts,
             coalesce(attempts > 0 and next_attempt_at > now() and next_attempt_at <= $1::timestamptz + interval '5 minutes', false) as held
           from mail_outbox order by id`,
          [killedAt ?? '-infinity'],
        )
      ).rows;
    // Done when every mail is sent, except the ones the killed instance had claimed: those are
    // left to its lease, then sent by whichever instance claims them next.
    const rows = await waitUntil('the outbox is sent, but for mails the killed instance held', async () => {
      const all = await outbox();
      return all.every((r) => r.status === 'sent' || (r.status === 'pending' && r.held)) ? all : undefined;
    });
    const leftLeased = rows.filter((r) => r.status !== 'sent');
    expect(leftLeased.length, JSON.stringify(leftLeased)).toBeLessThanOrEqual(MAIL_BATCH);

    const key = (to: string, subject: string) => `${to.toLowerCase()}\n${subject}`;
    const received = new Map<string, number>();
    for (const m of smtp.messages) for (const to of m.to) received.set(key(to, m.subject), (received.get(key(to, m.subject)) ?? 0) + 1);
    const inOutbox = new Set(rows.map((r) => key(r.to_address, r.subject)));
    expect(inOutbox.size, 'two outbox rows with one address and subject').toBe(rows.length);
    // Nothing arrived that is not in the outbox; each sent mail arrived exactly once; a mail the
    // killed instance held may have gone out just before it died, at most once.
    expect([...received.keys()].filter((k) => !inOutbox.has(k))).toEqual([]);
    for (const r of rows) {
      const n = received.get(key(r.to_address, r.subject)) ?? 0;
      if (r.status === 'sent') expect(n, `mail ${r.id} "${r.subject}" to ${r.to_address}`).toBe(1);
      else expect(n).toBeLessThanOrEqual(1);
    }
    const orderMails = rows.filter((r) => r.subject.startsWith('Porosia #')).length;
    expect(orderMails).toBeGreaterThanOrEqual(ORDERS_BEFORE_KILL + ORDERS_WHILE_ALONE);
    console.log(
      `[nginx] outbox: ${rows.length} mails (${orderMails} for orders), ${rows.length - leftLeased.length} sent once each; ` +
        `${leftLeased.length} held by the killed instance until its lease ends`,
    );
  });

  it.runIf(redisUrl)('the login rate limit counts across both instances through Redis', async () => {
    // An address and an account of their own, so nothing else this run did counts against them.
    const headers = { 'x-forwarded-for': `203.0.113.${1 + crypto.randomInt(254)}` };
    const email = uniqueEmail('nginx-limit');
    const mark = shop.accessLog().length;
    const statuses: number[] = [];
    for (let i = 0; i < 4 * AUTH_MAX; i++) {
      const res = await client.post('/api/auth/login', { email, password: 'wrong-password' }, { headers });
      statuses.push(res.status);
    }
    const refusedFirst = statuses.indexOf(429);
    expect(refusedFirst, statuses.join(' ')).toBe(AUTH_MAX);
    expect(statuses.slice(0, AUTH_MAX).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(AUTH_MAX).every((s) => s === 429)).toBe(true);
    // Both instances answered some of the 401s and of the 429s.
    const lines = shop.accessLog().slice(mark);
    const isLogin = (status: number) => (l: AccessLine) => l.uri === '/api/auth/login' && l.status === status;
    for (let i = 0; i < 2; i++) expect(served(lines, i, isLogin(401)) + served(lines, i, isLogin(429))).toBeGreaterThan(0);
    // And asked directly, each instance refuses that address now.
    for (const d of direct) expect((await d.post('/api/auth/login', { email, password: 'wrong-password' }, { headers })).status).toBe(429);
    console.log(
      `[nginx] failed logins from one address through nginx: ${AUTH_MAX} answered 401, then 429 ` +
        `(instance 0 answered ${served(lines, 0)}, instance 1 ${served(lines, 1)})`,
    );
  });
});
