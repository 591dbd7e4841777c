/**
 * `npm run bench -- forgot`: how long 'Forgot password' (`POST /api/auth/forgot-password`) takes
 * for an address with an account and for one without (issue 24 finding 12, decision 026). Each
 * call is made in process (`app.inject`) on a fresh PGlite database and, with DATABASE_URL, on a
 * fresh PostgreSQL one. One round asks, in turn: an unknown address, a known one for the first time
 * (a mail goes out) and the same known one again (within 5 minutes: no second mail). Every round
 * uses new addresses and its own client address, so no limit is reached. The figure is the mean
 * (and median) of BENCH_FORGOT_CALLS rounds (200) after 10 rounds of warm-up.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext } from './lib/context';
import { openShop } from './lib/in-process-shop';
import { printTable } from './lib/report';
import { envNumber } from './lib/load';
import { users } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/lib/passwords';

const WARM_UP = 10;

interface Row {
  what: string;
  mean: number;
  median: number;
}

const round = (n: number) => Math.round(n * 100) / 100;
const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { mean: round(list.reduce((s, x) => s + x, 0) / list.length), median: round(sorted[Math.floor(sorted.length / 2)]!) };
};

async function measure(url: string | undefined, calls: number): Promise<Row[]> {
  const t = await openShop(url, { RATE_LIMIT_AUTH_MAX: 1_000_000 });
  try {
    const rounds = calls + WARM_UP;
    const passwordHash = await hashPassword('Ylberi-Prishtina-2026!');
    const known = Array.from({ length: rounds }, (_, i) => `forgot-bench-${i}@example.com`);
    for (let i = 0; i < known.length; i += 100) {
      await t.db.insert(users).values(known.slice(i, i + 100).map((email, k) => ({ name: `Klient ${i + k}`, email, passwordHash })));
    }
    const times = { unknown: [] as number[], first: [] as number[], again: [] as number[] };
    const ask = async (email: string, ip: string): Promise<number> => {
      const start = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
      const ms = performance.now() - start;
      if (res.statusCode !== 202) throw new Error(`forgot-password: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return ms;
    };
    for (let i = 0; i < rounds; i += 1) {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const unknown = await ask(`nobody-bench-${i}@example.com`, ip);
      const first = await ask(known[i]!, ip);
      const again = await ask(known[i]!, ip);
      if (i < WARM_UP) continue;
      times.unknown.push(unknown);
      times.first.push(first);
      times.again.push(again);
    }
    return [
      { what: 'unknown address', ...stats(times.unknown) },
      { what: 'known address, first request', ...stats(times.first) },
      { what: 'known address, again at once', ...stats(times.again) },
    ];
  } finally {
    await t.close();
  }
}

export default async function forgotBench(ctx: BenchContext): Promise<void> {
  const calls = envNumber('BENCH_FORGOT_CALLS', 200);
  const figures: Record<string, Row[]> = {};
  const kinds: ['pglite' | 'postgres', string | undefined][] = [['pglite', undefined]];
  if (ctx.databaseUrl) kinds.push(['postgres', ctx.databaseUrl]);
  else console.log('  (DATABASE_URL is not set: PostgreSQL is skipped)');
  for (const [storage, url] of kinds) {
    const rows = await measure(url, calls);
    figures[storage] = rows;
    printTable(
      `'Forgot password', ${storage === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ms per request (${calls} of each)`,
      ['request', 'mean (ms)', 'median (ms)'],
      rows.map((r) => [r.what, r.mean, r.median]),
    );
  }
  ctx.record('forgot', figures);
}
