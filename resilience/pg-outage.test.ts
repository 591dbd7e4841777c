/**
 * Faults, PostgreSQL stops: the server runs on a private PostgreSQL cluster (never the machine's
 * service, which others use) under steady load; the cluster is stopped (once with a fast shutdown,
 * once with an immediate one, which is like a crash) and started again. While it is down every
 * request gets a clean 503 with the Albanian { msg } at once: no hang, no crash, no other 5xx.
 * Once it is back the server recovers by itself, orders work again, and no order answered 201
 * is lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shop/shared/messages';
import { createStorage, startShopServer, type ShopServer, type ShopStorage } from '../tools/shop-server';
import { HttpClient, percentile, sleep, type Answer } from './lib/http';
import { adminToken, newIdempotencyKey, OrderLedger, products, randomOrder, register, setStock, type Customer } from './lib/shop';
import { logFileIn, logTail, serverEnv } from './lib/env';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './lib/pg-cluster';

const WORKERS = 8;
/** Requests that get no answer within this are counted as hangs (status 0, error "timeout"). */
const HANG_MS = 10_000;
const DOWN_MS = 4_000;
/** How long the server may take to serve again once PostgreSQL is back. */
const RECOVERY_LIMIT_MS = 15_000;

type Phase = 'up' | 'stopping' | 'down' | 'back';

interface Sent {
  label: string;
  phase: Phase;
  answer: Answer;
}

/** "label status (error) × n" of some answers, for a failure message. */
function summarize(list: Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of list) {
    const k = `${s.label} ${s.answer.status}${s.answer.error ? ` ${s.answer.error}` : ''}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} × ${n}`).join(', ') || 'none';
}

describe.runIf(postgresBinDir())('PostgreSQL stops and starts again under load', () => {
  let pg: PrivatePostgres;
  let storage: ShopStorage;
  let server: ShopServer;
  let client: HttpClient;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    storage = await createStorage({ databaseUrl: pg.url, prefix: 'res_outage' });
    server = await startShopServer({
      storage,
      env: serverEnv({ RATE_LIMIT_AUTH_MAX: '10000' }),
      logFile: logFileIn(storage),
    });
    client = new HttpClient(server.url, { connections: 30, timeoutMs: HANG_MS });
  });
  afterAll(async () => {
    if (server && (server.child.exitCode !== null || server.child.signalCode !== null)) {
      console.log(
        `[pg outage] the server exited (${server.child.exitCode ?? server.child.signalCode}); its log ends:\n${logTail(server, 6000)}`,
      );
    }
    client?.close();
    await server?.stop();
    if (pg && !pg.running()) await pg.start();
    await storage?.dispose();
    await pg?.dispose();
  });

  it('answers 503 { msg } while it is down, recovers by itself, loses and doubles no order', async () => {
    const list = (await products(client)).list;
    // Deep shelves: this test is about the outage, and its workers order fast enough to empty the
    // seeded ones (a sold-out 409 after recovery would read as a failure to recover).
    const admin = await adminToken(client);
    for (const p of list) await setStock(client, admin, p, 1_000_000);
    const customers: Customer[] = [];
    for (let i = 0; i < 4; i++) {
      const { customer } = await register(client, `outage${i}`);
      customers.push(customer!);
    }
    const ledger = new OrderLedger();
    const sent: Sent[] = [];
    let phase: Phase = 'up';
    let running = true;

    /** One request of a random kind; returns its status. */
    const one = async (w: number): Promise<number> => {
      const customer = customers[w % customers.length]!;
      const r = Math.random();
      const at = phase;
      let label: string;
      let answer: Answer;
      if (r < 0.3) [label, answer] = ['products', (await products(client)).answer];
      else if (r < 0.45) [label, answer] = ['product', await client.get(`/api/products/${encodeURIComponent(list[w % list.length]!.id)}`)];
      else if (r < 0.55) [label, answer] = ['mine', await client.get('/api/orders/mine', { token: customer.token })];
      else if (r < 0.6) [label, answer] = ['health', await client.get('/api/health')];
      else if (r < 0.65)
        [label, answer] = ['login', await client.post('/api/auth/login', { email: customer.email, password: customer.password })];
      else [label, answer] = ['order', await ledger.place(client, customer, randomOrder(list), newIdempotencyKey())];
      sent.push({ label, phase: at, answer });
      return answer.status;
    };
    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      while (running) {
        // A client told "unavailable" waits a little before the next try.
        await sleep((await one(w)) === 503 ? 200 : 20);
      }
    });

    const lines: string[] = [];
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        phase = 'up';
        await sleep(1_500);
        phase = 'stopping';
        await pg.stop(mode);
        phase = 'down';
        const downFrom = sent.length;
        await sleep(DOWN_MS);
        const downAnswers = sent.slice(downFrom).filter((s) => s.phase === 'down');
        phase = 'back';
        const backFrom = sent.length;
        const starting = performance.now();
        await pg.start();
        const started = performance.now();
        let recoveredMs: number | undefined;
        while (performance.now() - started < RECOVERY_LIMIT_MS) {
          const ok = sent.slice(backFrom).find((s) => s.phase === 'back' && s.answer.status >= 200 && s.answer.status < 300);
          if (ok) {
            recoveredMs = Math.max(0, ok.answer.sentAt + ok.answer.ms - started);
            break;
          }
          await sleep(50);
        }
        expect(
          recoveredMs,
          `no request succeeded within ${RECOVERY_LIMIT_MS} ms of PostgreSQL being back (${mode} stop); answers meanwhile: ` +
            summarize(sent.slice(backFrom)),
        ).toBeDefined();
        // From a second after the first success on, everything must succeed again.
        await sleep(1_000);
        const settledFrom = sent.length;
        await sleep(2_000);
        const settled = sent.slice(settledFrom);
        expect(
          settled.filter((s) => s.answer.status < 200 || s.answer.status >= 300).map((s) => `${s.label} ${s.answer.status}`),
          'after recovery',
        ).toEqual([]);
        expect(settled.some((s) => s.label === 'order' && s.answer.status === 201)).toBe(true);

        expect(downAnswers.length).toBeGreaterThan(0);
        expect(
          downAnswers.filter((s) => s.answer.status !== 503).map((s) => `${s.label} ${s.answer.status} ${s.answer.error ?? ''}`),
          'while PostgreSQL is down every request gets 503',
        ).toEqual([]);
        lines.push(
          `${mode} stop: ${downAnswers.length} requests while down, all 503 in ≤ ${percentile(
            downAnswers.map((s) => s.answer.ms),
            100,
          ).toFixed(0)} ms (p50 ${percentile(
            downAnswers.map((s) => s.answer.ms),
            50,
          ).toFixed(
            0,
          )} ms); PostgreSQL started in ${(started - starting).toFixed(0)} ms, the shop served again ${recoveredMs!.toFixed(0)} ms later`,
        );
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }

    // Every answer, whatever the phase: 2xx, or a clean 503 with the Albanian message.
    const bad = sent.filter((s) => !(s.answer.status >= 200 && s.answer.status < 300) && s.answer.status !== 503);
    expect(
      bad.map((s) => `${s.phase} ${s.label}: ${s.answer.status} ${s.answer.error ?? JSON.stringify(s.answer.body)}`),
      'answers other than 2xx and 503 (0 = no answer within 10 s or connection lost)',
    ).toEqual([]);
    const unavailable = sent.filter((s) => s.answer.status === 503);
    for (const s of unavailable) {
      expect(s.answer.body).toEqual({ msg: msg.unavailable });
      expect(s.answer.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(server.child.exitCode).toBeNull();

    // Orders whose answer was a 503 may or may not have been committed: a retry with the same
    // key settles each to exactly one order; then the database holds exactly the orders answered 201.
    const unsettled = ledger.unsettledKeys();
    let committed = 0;
    for (const a of unsettled) {
      const customer = customers.find((c) => c.email === a.email)!;
      const retry = await ledger.place(client, customer, a.body, a.key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      if (retry.headers['idempotent-replayed'] === 'true') committed++;
    }
    const figures = ledger.verify(await OrderLedger.stored(client, admin), { strict: true });
    console.log(
      `[pg outage] ${sent.length} requests, ${unavailable.length} answered 503 { msg }, none hung or failed otherwise; ` +
        `${unsettled.length} orders answered 503 retried with their key (${committed} had been committed after all); ${figures.stored} orders stored, each answered 201 once`,
    );
    for (const l of lines) console.log(`[pg outage] ${l}`);
  });
});
