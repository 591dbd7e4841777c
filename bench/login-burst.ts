/**
 * Catalogue p99 during a login burst (issue 24 finding 15, decision 029): the built server on
 * PGlite and, with DATABASE_URL, on a fresh PostgreSQL database. Four shoppers ask the catalogue
 * one request after another (GET /api/products and ?collection=iphone, gzip as a browser asks);
 * their latency is measured alone, then while 200 logins arrive at once, on a server with the
 * default password queue (PASSWORD_CONCURRENCY one per core but one, PASSWORD_QUEUE_MAX 32: past
 * it 503 + Retry-After at once) and on one whose line is unbounded as before decision 029
 * (min(cores, 4) at once, PASSWORD_QUEUE_MAX 10000). `npm run bench -- login-burst` runs only this.
 *
 * Knobs: BENCH_BURST_LOGINS (200), BENCH_BURST_ALONE_S (5), BENCH_STORAGE (pglite,postgres).
 */
import http from 'node:http';
import os from 'node:os';
import type { BenchContext } from './lib/context';
import { createStorage, startShopServer, type ShopServer } from '../tools/shop-server';
import { printTable } from './lib/report';
import { envNumber } from './lib/load';
import { expectCall, pool } from './lib/http';

interface Answer {
  status: number;
  ms: number;
  retryAfter?: string;
}

interface Latency {
  answers: number;
  non200: number;
  p50: number;
  p99: number;
  max: number;
}

interface BurstFigures {
  queue: string;
  catalogueAlone: Latency;
  catalogueDuringBurst: Latency;
  logins: { sent: number; ok: number; busy: number; other: number; p99Ok: number; p99Busy: number; burstMs: number };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

function request(agent: http.Agent, base: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      new URL(path, base),
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

/** Four shoppers ask the catalogue until `running()` says stop; every answer's latency. */
async function catalogueShoppers(base: string, running: () => boolean): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const out: Answer[] = [];
  const paths = ['/api/products', '/api/products?collection=iphone'];
  try {
    await Promise.all(
      Array.from({ length: 4 }, async (_, k) => {
        for (let i = k; running(); i++) out.push(await request(agent, base, paths[i % 2]!, undefined, { 'accept-encoding': 'gzip' }));
      }),
    );
  } finally {
    agent.destroy();
  }
  return out;
}

const latency = (answers: Answer[]): Latency => {
  const ms = answers.map((a) => a.ms);
  return {
    answers: answers.length,
    non200: answers.filter((a) => a.status !== 200).length,
    p50: round(percentile(ms, 50)),
    p99: round(percentile(ms, 99)),
    max: round(percentile(ms, 100)),
  };
};

async function measure(server: ShopServer, queue: string, logins: number, aloneS: number): Promise<BurstFigures> {
  const base = server.url;
  // A few customers; the burst logs each of them in many times (the login limit is raised here).
  const customers = await pool(
    Array.from({ length: 10 }, (_, i) => i),
    2,
    async (i) => {
      const email = `burst-${Date.now().toString(36)}-${i}@example.com`;
      const password = `Ylberi-Prishtina-2026!-${i}`;
      await expectCall(201, base, '/api/auth/register', { body: { name: `Klient Bench ${i + 1}`, email, password } });
      return { email, password };
    },
  );
  const deadline = performance.now() + aloneS * 1000;
  const alone = await catalogueShoppers(base, () => performance.now() < deadline);

  const agent = new http.Agent({ keepAlive: true, maxSockets: logins });
  try {
    // Every connection is open before the burst, so the logins really arrive together.
    await Promise.all(Array.from({ length: logins }, () => request(agent, base, '/api/health')));
    let bursting = true;
    const during = catalogueShoppers(base, () => bursting);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: logins }, (_, i) => request(agent, base, '/api/auth/login', customers[i % customers.length])),
    );
    const burstMs = performance.now() - started;
    bursting = false;
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503 && a.retryAfter);
    return {
      queue,
      catalogueAlone: latency(alone),
      catalogueDuringBurst: latency(await during),
      logins: {
        sent: logins,
        ok: ok.length,
        busy: busy.length,
        other: logins - ok.length - busy.length,
        p99Ok: round(
          percentile(
            ok.map((a) => a.ms),
            99,
          ),
        ),
        p99Busy: round(
          percentile(
            busy.map((a) => a.ms),
            99,
          ),
        ),
        burstMs: Math.round(burstMs),
      },
    };
  } finally {
    agent.destroy();
  }
}

export default async function loginBurst(ctx: BenchContext): Promise<void> {
  const logins = envNumber('BENCH_BURST_LOGINS', 200);
  const aloneS = envNumber('BENCH_BURST_ALONE_S', 5);
  const kinds = (process.env.BENCH_STORAGE ?? 'pglite,postgres').split(',').filter((k) => k !== 'postgres' || ctx.databaseUrl);
  const before = String(Math.max(1, Math.min(os.availableParallelism(), 4)));
  const queues: { label: string; env: Record<string, string> }[] = [
    { label: 'bounded (defaults, decision 029)', env: {} },
    { label: `unbounded as before (${before} at once, no bound)`, env: { PASSWORD_CONCURRENCY: before, PASSWORD_QUEUE_MAX: '10000' } },
  ];
  const all: Record<string, BurstFigures[]> = {};
  for (const kind of kinds) {
    const figures: BurstFigures[] = [];
    for (const q of queues) {
      const storage = await createStorage({ databaseUrl: kind === 'postgres' ? ctx.databaseUrl : undefined, prefix: 'bench_burst' });
      const server = await startShopServer({
        storage,
        env: { LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000', RATE_LIMIT_NAMESPACE: `bench-burst-${Date.now()}:`, ...q.env },
      });
      try {
        console.log(`  ${kind}: ${q.label}`);
        figures.push(await measure(server, q.label, logins, aloneS));
      } finally {
        await server.stop();
        await storage.dispose();
      }
    }
    all[kind] = figures;
    printTable(
      `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: catalogue during a burst of ${logins} logins at once (4 shoppers, one request after another)`,
      [
        'password queue',
        'catalogue alone p50/p99',
        'during burst p50/p99 (max)',
        'catalogue non-200',
        'logins 200',
        '503 + Retry-After',
        'other',
        'login 200 p99',
        '503 p99',
        'burst',
      ],
      figures.map((f) => [
        f.queue,
        `${f.catalogueAlone.p50} / ${f.catalogueAlone.p99} ms`,
        `${f.catalogueDuringBurst.p50} / ${f.catalogueDuringBurst.p99} ms (${f.catalogueDuringBurst.max})`,
        f.catalogueAlone.non200 + f.catalogueDuringBurst.non200,
        f.logins.ok,
        f.logins.busy,
        f.logins.other,
        `${f.logins.p99Ok} ms`,
        `${f.logins.p99Busy} ms`,
        `${(f.logins.burstMs / 1000).toFixed(1)} s`,
      ]),
    );
  }
  ctx.record('login-burst', all);
}
