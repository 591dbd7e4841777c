/**
 * `npm run bench -- lists`: the admin's lists with 10 rows of each kind and with 10,000
 * (decision 021). Each call is made in process (`app.inject`) on a fresh PGlite database and,
 * with DATABASE_URL, on a fresh PostgreSQL one; the figure is the median of BENCH_LIST_CALLS
 * calls (30) and the ratio of 10,000 to 10. A paged list should stay near 1x; the spec's
 * "everything at once" orders list is measured beside them for contrast.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext } from './lib/context';
import { openShop } from './lib/in-process-shop';
import { printTable } from './lib/report';
import { envNumber } from './lib/load';
import { createUser, type TestApp } from '../apps/api/src/test/harness';
import { seedBulk } from '../apps/api/src/test/bulk-seed';

const paged = [
  '/api/admin/orders/search',
  '/api/admin/orders/search?sort=total&page=7',
  '/api/admin/orders/search?status=pending&page=3',
  '/api/admin/products/search',
  '/api/admin/products/search?sort=name&page=3',
  '/api/admin/products/search?sort=price&dir=asc',
  '/api/admin/users_new/search',
  '/api/admin/users_new/search?sort=email&page=2',
  '/api/admin/warranty/search',
  '/api/admin/warranty/search?sort=price&dir=desc&page=5',
];
/** Searches read until a page is full or the table ends: they grow with the table, measured apart. */
const searches = ['/api/admin/orders/search?q=Klient', '/api/admin/users_new/search?q=masive', '/api/admin/warranty/search?q=Emri1'];
/** The spec's list that loads every order: what the paged list replaces. */
const everything = ['/api/admin/orders'];

/** Both shops answer the same call in turn, so a busy moment of the machine falls on both alike. */
async function medians(shops: { t: TestApp; headers: Record<string, string> }[], url: string, calls: number): Promise<number[]> {
  const times: number[][] = shops.map(() => []);
  for (let i = 0; i < calls + 3; i += 1) {
    for (const [k, shop] of shops.entries()) {
      const start = performance.now();
      const res = await shop.t.app.inject({ method: 'GET', url, headers: shop.headers });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      // The first 3 rounds warm up.
      if (i >= 3) times[k]!.push(ms);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

interface Row {
  url: string;
  kind: 'paged' | 'search' | 'everything';
  ms10: number;
  ms10k: number;
  ratio: number;
}

async function measure(storage: 'pglite' | 'postgres', url: string | undefined, calls: number): Promise<Row[]> {
  const small = await openShop(url);
  const large = await openShop(url);
  try {
    await seedBulk(small.db, 10, 'small');
    console.log(`  ${storage}: seeding 10,000 of each ...`);
    await seedBulk(large.db, 10_000, 'large');
    const shops = [
      { t: small, headers: (await createUser(small, { role: 'admin' })).auth },
      { t: large, headers: (await createUser(large, { role: 'admin' })).auth },
    ];
    const all = [
      ...paged.map((u) => ({ url: u, kind: 'paged' as const, calls })),
      ...searches.map((u) => ({ url: u, kind: 'search' as const, calls })),
      ...everything.map((u) => ({ url: u, kind: 'everything' as const, calls: Math.max(3, Math.floor(calls / 6)) })),
    ];
    const rows: Row[] = [];
    for (const c of all) {
      const [ms10, ms10k] = (await medians(shops, c.url, c.calls)) as [number, number];
      rows.push({ url: c.url, kind: c.kind, ms10: round(ms10), ms10k: round(ms10k), ratio: round(ms10k / ms10) });
    }
    return rows;
  } finally {
    await large.close();
    await small.close();
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export default async function listsBench(ctx: BenchContext): Promise<void> {
  const calls = envNumber('BENCH_LIST_CALLS', 30);
  const figures: Record<string, Row[]> = {};
  const kinds: ['pglite' | 'postgres', string | undefined][] = [['pglite', undefined]];
  if (ctx.databaseUrl) kinds.push(['postgres', ctx.databaseUrl]);
  else console.log('  (DATABASE_URL is not set: PostgreSQL is skipped)');
  for (const [storage, url] of kinds) {
    const rows = await measure(storage, url, calls);
    figures[storage] = rows;
    printTable(
      `Admin lists, ${storage === 'pglite' ? 'PGlite' : 'PostgreSQL'}: median ms per call (${calls} calls), 10 rows vs 10,000`,
      ['call', 'kind', '10 rows (ms)', '10,000 rows (ms)', 'ratio'],
      rows.map((r) => [r.url, r.kind, r.ms10, r.ms10k, `${r.ratio}x`]),
    );
  }
  ctx.record('lists', figures);
}
