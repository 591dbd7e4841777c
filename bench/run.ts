/**
 * `npm run bench`: builds, then measures the API (throughput, latency, memory), the web build's
 * size and Lighthouse scores. Each section prints its tables; all figures go to
 * bench/results/latest.json. `npm run bench -- api` (or `web-size`, `lighthouse`, `lists`, `catalogue`, `login-burst`, `forgot`, `balanced`) runs one section.
 */
import { newReport, saveReport } from './lib/report';
import type { BenchContext } from './lib/context';

type Section = (ctx: BenchContext) => Promise<void>;

const sections: Record<string, () => Promise<Section>> = {
  api: async () => (await import('./api')).default,
  catalogue: async () => (await import('./catalogue')).default,
  'web-size': async () => (await import('./web-size')).default,
  lighthouse: async () => (await import('./lighthouse')).default,
  lists: async () => (await import('./lists')).default,
  'login-burst': async () => (await import('./login-burst')).default,
  forgot: async () => (await import('./forgot')).default,
  balanced: async () => (await import('./balanced')).default,
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !(w in sections));
  if (unknown.length) throw new Error(`Unknown section(s): ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
  const report = newReport();
  const ctx: BenchContext = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    record: (section, figures) => {
      report.sections[section] = figures;
    },
  };
  for (const [name, load] of Object.entries(sections)) {
    if (wanted.length && !wanted.includes(name)) continue;
    console.log(`\n=== ${name}`);
    await (
      await load()
    )(ctx);
    // Saved after each section, so a later section that fails keeps the figures already taken.
    saveReport(report);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
