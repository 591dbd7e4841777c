/**
 * The catalogue's faceted list and search with 10,000 products (issue 18, decision 022): a fresh
 * database (PGlite, and PostgreSQL when DATABASE_URL is set) gets the seed plus 10,000 made-up
 * products (apps/api/src/test/catalogue-fixture.ts), then the built server answers
 * GET /api/products/browse for a mix of narrowed lists and of searches (typos and Albanian words
 * among them), one request at a time, and the latency of each group is printed (p50, p99). The
 * aim is under 50 ms on PostgreSQL. `npm run bench -- catalogue` runs only this.
 *
 * BENCH_CATALOGUE_BEFORE: other checkouts (their roots, comma-separated, each built with `npm run
 * build`) measured in the same run, each on its own fresh storage prepared by its own code
 * (migrations and fixture); the servers are asked in turn round by round (the order rotating), so a
 * load on the machine falls on all alike. Their figures are printed beside ours with the ratio
 * now / before of the medians (decision 045).
 */
import path from 'node:path';
import type { BenchContext } from './lib/context';
import { createStorage, startShopServer, type ShopServer, type ShopStorage } from '../tools/shop-server';
import { printTable } from './lib/report';
import { envNumber } from './lib/load';
import { openDatabase } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/startup';
import { testConfig } from '../apps/api/src/config';
import { insertScaleProducts } from '../apps/api/src/test/catalogue-fixture';

const PRODUCTS = 10_000;
const AIM_MS = 50;

/** Lists a shopper narrows (none of them kept in the product cache: each is made on request). */
const facetedLists = [
  '/api/products/browse?category=phone&sort=price-asc',
  '/api/products/browse?brand=Samsung&storage=256&sort=price-desc',
  '/api/products/browse?brand=Apple&brand=Xiaomi&inStock=1&page=3',
  '/api/products/browse?min=100&max=599.99&sort=name&page=2',
  '/api/products/browse?category=case&brand=Google&inStock=1',
  '/api/products/browse?storage=1024&sort=newest&page=5',
];
/** Searches, with typos and Albanian category words, some narrowed. */
const searches = [
  '/api/products/browse?q=samsung%20galaxy',
  '/api/products/browse?q=samsng%20a55',
  '/api/products/browse?q=ip%2015%20pro',
  '/api/products/browse?q=kufje',
  '/api/products/browse?q=mbrojt%C3%ABse%20pixel&sort=price-asc',
  '/api/products/browse?q=karikues&inStock=1',
  '/api/products/browse?q=xiaomi%20redmi&category=phone&storage=256',
  '/api/products/browse?q=ora%20apple',
];
/** The plain catalogue's first page (kept in the product cache between product changes). */
const plainList = ['/api/products/browse', '/api/products/browse?sort=price-asc'];

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Asks each path in turn once, one request at a time, adding the times (and each path's own, in
 * `byPath`); every answer must be 200. `totals` keeps what each path's answer counted.
 */
async function askEach(
  base: string,
  paths: string[],
  times: number[],
  byPath?: Map<string, number[]>,
  totals?: Map<string, number>,
): Promise<void> {
  for (const p of paths) {
    const start = performance.now();
    const res = await fetch(base + p);
    const body = await res.arrayBuffer();
    const ms = performance.now() - start;
    times.push(ms);
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    if (byPath) byPath.set(p, [...(byPath.get(p) ?? []), ms]);
    if (totals && !totals.has(p)) totals.set(p, (JSON.parse(Buffer.from(body).toString('utf8')) as { total: number }).total);
  }
}

function latency(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)!) };
}

/** One request's median and what its answer counted (the products matching). */
interface PathFigure {
  path: string;
  p50: number;
  total: number;
}

interface Figures {
  faceted: Latency;
  search: Latency;
  plain: Latency;
  total: number;
  requests: PathFigure[];
  /** BENCH_CATALOGUE_BEFORE's builds, measured in the same rounds. */
  before?: { root: string; faceted: Latency; search: Latency; plain: Latency; requests: PathFigure[] }[];
}

interface Code {
  root?: string;
  openDatabase: typeof openDatabase;
  prepareDatabase: typeof prepareDatabase;
  testConfig: typeof testConfig;
  insertScaleProducts: typeof insertScaleProducts;
  serverJs?: string;
}

/** Another checkout's own code to prepare its database with (its migrations, its fixture). */
async function codeOf(root: string): Promise<Code> {
  const at = (p: string) => path.resolve(root, p);
  return {
    ...((await import(at('apps/api/src/db/client.ts'))) as Pick<Code, 'openDatabase'>),
    ...((await import(at('apps/api/src/startup.ts'))) as Pick<Code, 'prepareDatabase'>),
    ...((await import(at('apps/api/src/config.ts'))) as Pick<Code, 'testConfig'>),
    ...((await import(at('apps/api/src/test/catalogue-fixture.ts'))) as Pick<Code, 'insertScaleProducts'>),
    serverJs: at('apps/api/dist/server.js'),
    root,
  };
}

/** A fresh storage with the seed and the made-up products, and a server on it. */
async function startOn(kind: 'pglite' | 'postgres', databaseUrl: string | undefined, code: Code, prefix: string) {
  const storage: ShopStorage = await createStorage({ databaseUrl: kind === 'postgres' ? databaseUrl : undefined, prefix });
  try {
    // The products go in before the server starts (a PGlite folder has one owner at a time).
    const database = await code.openDatabase({ databaseUrl: storage.databaseUrl || undefined, dataDir: storage.dataDir });
    try {
      await code.prepareDatabase(database, code.testConfig(), { info() {}, warn() {} });
      await code.insertScaleProducts(database.db, PRODUCTS);
    } finally {
      await database.close();
    }
    const server: ShopServer = await startShopServer({ storage, ...(code.serverJs ? { serverJs: code.serverJs } : {}) });
    return { server, storage };
  } catch (e) {
    await storage.dispose();
    throw e;
  }
}

async function benchStorage(
  kind: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  rounds: number,
  before: Code[],
): Promise<Figures> {
  const started: Awaited<ReturnType<typeof startOn>>[] = [];
  try {
    started.push(
      await startOn(kind, databaseUrl, { openDatabase, prepareDatabase, testConfig, insertScaleProducts }, 'shop_bench_catalogue'),
    );
    for (const code of before) started.push(await startOn(kind, databaseUrl, code, 'shop_bench_catalogue_before'));
    const servers = started.map((s) => s.server);
    const ours = started[0]!;
    const first = (await (await fetch(`${ours.server.url}/api/products/browse`)).json()) as { total: number };
    // Warm-up: the server's code paths, the database's caches and plans.
    for (const s of servers) for (let r = 0; r < 2; r++) await askEach(s.url, [...facetedLists, ...searches, ...plainList], []);
    const groups = [facetedLists, searches, plainList];
    const times = servers.map(() => groups.map(() => [] as number[]));
    const byPath = servers.map(() => new Map<string, number[]>());
    const totals = servers.map(() => new Map<string, number>());
    // Round by round, each server in turn (which goes first rotates).
    for (let r = 0; r < rounds; r++) {
      const order = servers.map((_, i) => (i + r) % servers.length);
      for (const i of order)
        for (let g = 0; g < groups.length; g++) await askEach(servers[i]!.url, groups[g]!, times[i]![g]!, byPath[i], totals[i]);
    }
    const figures = (i: number) => ({
      faceted: latency(times[i]![0]!),
      search: latency(times[i]![1]!),
      plain: latency(times[i]![2]!),
      requests: [...facetedLists, ...searches].map((p) => ({ path: p, p50: latency(byPath[i]!.get(p)!).p50, total: totals[i]!.get(p)! })),
    });
    return {
      ...figures(0),
      total: first.total,
      ...(before.length ? { before: before.map((b, i) => ({ root: b.root ?? '', ...figures(i + 1) })) } : {}),
    };
  } finally {
    for (const s of started) {
      await s.server.stop();
      await s.storage.dispose();
    }
  }
}

export default async function catalogueBench(ctx: BenchContext): Promise<void> {
  const rounds = envNumber('BENCH_CATALOGUE_ROUNDS', 30);
  const wanted = (process.env.BENCH_STORAGE ?? 'pglite,postgres').split(',').map((x) => x.trim());
  const kinds = (['pglite', 'postgres'] as const).filter((k) => wanted.includes(k) && (k === 'pglite' || ctx.databaseUrl));
  if (wanted.includes('postgres') && !ctx.databaseUrl) console.log('  (DATABASE_URL is not set: PostgreSQL is skipped)');
  const before: Code[] = [];
  for (const root of (process.env.BENCH_CATALOGUE_BEFORE ?? '').split(',').filter(Boolean)) before.push(await codeOf(root.trim()));
  const results: Partial<Record<(typeof kinds)[number], Figures>> = {};
  for (const kind of kinds) {
    console.log(`\n-- ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: seed + ${PRODUCTS.toLocaleString('en')} products`);
    results[kind] = await benchStorage(kind, ctx.databaseUrl, rounds, before);
  }
  const rows: (string | number)[][] = [];
  for (const kind of kinds) {
    const f = results[kind]!;
    const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const aim = (l: Latency) => (kind === 'postgres' ? (l.p99 < AIM_MS ? 'yes' : 'NO') : '-');
    rows.push([name, 'faceted list (not cached)', f.faceted.requests, `${f.faceted.p50} ms`, `${f.faceted.p99} ms`, aim(f.faceted)]);
    rows.push([name, 'search (typos, Albanian words)', f.search.requests, `${f.search.p50} ms`, `${f.search.p99} ms`, aim(f.search)]);
    rows.push([name, 'plain list (kept)', f.plain.requests, `${f.plain.p50} ms`, `${f.plain.p99} ms`, aim(f.plain)]);
    for (const b of f.before ?? []) {
      const vs = (now: Latency, was: Latency) => `${was.p50} / ${was.p99} ms (now/before p50 ${(now.p50 / was.p50).toFixed(2)}×)`;
      rows.push([
        `${name} ${path.basename(b.root)}`,
        'faceted list (not cached)',
        b.faceted.requests,
        `${b.faceted.p50} ms`,
        `${b.faceted.p99} ms`,
        vs(f.faceted, b.faceted),
      ]);
      rows.push([
        `${name} ${path.basename(b.root)}`,
        'search (typos, Albanian words)',
        b.search.requests,
        `${b.search.p50} ms`,
        `${b.search.p99} ms`,
        vs(f.search, b.search),
      ]);
      rows.push([
        `${name} ${path.basename(b.root)}`,
        'plain list (kept)',
        b.plain.requests,
        `${b.plain.p50} ms`,
        `${b.plain.p99} ms`,
        vs(f.plain, b.plain),
      ]);
    }
  }
  printTable(
    `GET /api/products/browse with ${PRODUCTS.toLocaleString('en')} products more than the seed, one request at a time`,
    ['storage', 'requests', 'count', 'p50', 'p99', `p99 < ${AIM_MS} ms (PostgreSQL)`],
    rows,
  );
  // Request by request against each build before: a group's p50 mixes requests of very different
  // cost, and a build whose fixture matches no product for a request answers it with nothing to
  // count. The ratios' geometric mean is taken over the requests both builds answer alike.
  for (const kind of kinds) {
    const f = results[kind]!;
    const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const b of f.before ?? []) {
      const alike: number[] = [];
      const perRequest = f.requests.map((r) => {
        const was = b.requests.find((x) => x.path === r.path)!;
        const ratio = r.p50 / was.p50;
        const same = r.total === was.total;
        if (same) alike.push(ratio);
        return [
          r.path.replace('/api/products/browse', '') || '/',
          `${r.p50} ms`,
          `${was.p50} ms`,
          `${ratio.toFixed(2)}×`,
          same ? `${r.total}` : `${r.total} / ${was.total} (not alike)`,
        ];
      });
      const mean = alike.length ? Math.exp(alike.reduce((t, x) => t + Math.log(x), 0) / alike.length) : NaN;
      perRequest.push([`geometric mean of ${alike.length} requests answered alike`, '', '', `${mean.toFixed(2)}×`, '']);
      printTable(
        `${name}: each request's p50, now against ${path.basename(b.root)}`,
        ['request', 'now', 'before', 'now / before', 'matching (now / before)'],
        perRequest,
      );
    }
  }
  ctx.record('catalogue', { products: PRODUCTS, aimMs: AIM_MS, ...results });
}
