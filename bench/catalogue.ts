/**
 * The catalogue's faceted list and search with 10,000 products (issue 18, decision 022): a fresh
 * database (PGlite, and PostgreSQL when DATABASE_URL is set) gets the seed plus 10,000 made-up
 * products (apps/api/src/test/catalogue-fixture.ts), then the built server answers
 * GET /api/products/browse for a mix of narrowed lists and of searches (typos and Albanian words
 * among them), one request at a time, and the latency of each group is printed (p50, p99). The
 * aim is under 50 ms on PostgreSQL. `npm run bench -- catalogue` runs only this.
 */
import type { BenchContext } from './lib/context';
import { createStorage, startShopServer } from '../tools/shop-server';
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

/** Asks each path in turn, `rounds` times over, one request at a time; every answer must be 200. */
async function measure(base: string, paths: string[], rounds: number): Promise<Latency> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of paths) {
      const start = performance.now();
      const res = await fetch(base + p);
      await res.arrayBuffer();
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    }
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), max: round(times.at(-1)!) };
}

interface Figures {
  faceted: Latency;
  search: Latency;
  plain: Latency;
  total: number;
}

async function benchStorage(kind: 'pglite' | 'postgres', databaseUrl: string | undefined, rounds: number): Promise<Figures> {
  const storage = await createStorage({ databaseUrl: kind === 'postgres' ? databaseUrl : undefined, prefix: 'shop_bench_catalogue' });
  try {
    // The products go in before the server starts (a PGlite folder has one owner at a time).
    const database = await openDatabase({ databaseUrl: storage.databaseUrl || undefined, dataDir: storage.dataDir });
    try {
      await prepareDatabase(database, testConfig(), { info() {}, warn() {} });
      await insertScaleProducts(database.db, PRODUCTS);
    } finally {
      await database.close();
    }
    const server = await startShopServer({ storage });
    try {
      const first = (await (await fetch(`${server.url}/api/products/browse`)).json()) as { total: number };
      // Warm-up: the server's code paths, the database's caches and plans.
      await measure(server.url, [...facetedLists, ...searches, ...plainList], 2);
      return {
        faceted: await measure(server.url, facetedLists, rounds),
        search: await measure(server.url, searches, rounds),
        plain: await measure(server.url, plainList, rounds),
        total: first.total,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await storage.dispose();
  }
}

export default async function catalogueBench(ctx: BenchContext): Promise<void> {
  const rounds = envNumber('BENCH_CATALOGUE_ROUNDS', 30);
  const wanted = (process.env.BENCH_STORAGE ?? 'pglite,postgres').split(',').map((x) => x.trim());
  const kinds = (['pglite', 'postgres'] as const).filter((k) => wanted.includes(k) && (k === 'pglite' || ctx.databaseUrl));
  if (wanted.includes('postgres') && !ctx.databaseUrl) console.log('  (DATABASE_URL is not set: PostgreSQL is skipped)');
  const results: Partial<Record<(typeof kinds)[number], Figures>> = {};
  for (const kind of kinds) {
    console.log(`\n-- ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: seed + ${PRODUCTS.toLocaleString('en')} products`);
    results[kind] = await benchStorage(kind, ctx.databaseUrl, rounds);
  }
  const rows: (string | number)[][] = [];
  for (const kind of kinds) {
    const f = results[kind]!;
    const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const aim = (l: Latency) => (kind === 'postgres' ? (l.p99 < AIM_MS ? 'yes' : 'NO') : '-');
    rows.push([name, 'faceted list (not cached)', f.faceted.requests, `${f.faceted.p50} ms`, `${f.faceted.p99} ms`, aim(f.faceted)]);
    rows.push([name, 'search (typos, Albanian words)', f.search.requests, `${f.search.p50} ms`, `${f.search.p99} ms`, aim(f.search)]);
    rows.push([name, 'plain list (kept)', f.plain.requests, `${f.plain.p50} ms`, `${f.plain.p99} ms`, aim(f.plain)]);
  }
  printTable(
    `GET /api/products/browse with ${PRODUCTS.toLocaleString('en')} products more than the seed, one request at a time`,
    ['storage', 'requests', 'count', 'p50', 'p99', `p99 < ${AIM_MS} ms (PostgreSQL)`],
    rows,
  );
  ctx.record('catalogue', { products: PRODUCTS, aimMs: AIM_MS, ...results });
}
