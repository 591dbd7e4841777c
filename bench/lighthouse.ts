/**
 * Lighthouse 12 (its default mobile settings: a mid-range phone's screen, 4x CPU slow-down and a
 * slow 4G network, simulated) against the built server with fresh PGlite data, in the system
 * Chromium. Each page is run several times (`LIGHTHOUSE_RUNS`, default 5) and the median of each
 * figure is reported: Lighthouse simulates the phone from the tasks it sees on this machine, so
 * total blocking time follows how busy the machine is (a shared 2-core machine wanders by tens of
 * points from run to run). Lighthouse's own CPU benchmark of the machine is printed beside it
 * (about 1000 or more on a desktop; lower means a slower or busier machine, and worse TBT).
 *
 * `BENCH_WEB_BEFORE` (another checkout's built `apps/api/dist/server.js`, like BENCH_API_BEFORE):
 * that build is started beside this one, on its own fresh data, and each page is audited on both
 * in turn (before, this build, before, ...), so both see the same machine at the same moments;
 * both are reported, side by side.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../playwright.config';
import path from 'node:path';
import { repoRoot, startOnFreshStorage, type ShopServer } from '../tools/shop-server';
import { printTable } from './lib/report';
import type { BenchContext } from './lib/context';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface RunFigures {
  scores: Record<(typeof categories)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** audits of any category that did not pass (score below 0.9), with their score */
  failing: Record<string, number>;
  version: string;
  benchmarkIndex: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing: Record<string, number> = {};
  for (const cat of categories) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
      if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'manual') continue;
      failing[a.id] = a.score;
    }
  }
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as RunFigures['scores'],
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    failing,
    version: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** A busy machine sometimes spoils a trace (NO_NAVSTART, NO_FCP): such a run is made again. */
async function auditWithRetry(url: string, port: number): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (run again: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
    }
  }
}

interface PageFigures {
  path: string;
  runs: number;
  scores: Record<string, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  benchmarkIndex: number;
  performanceRange: [number, number];
  failing: Record<string, number>;
}

function summarise(path: string, all: RunFigures[]): PageFigures {
  return {
    path,
    runs: all.length,
    scores: Object.fromEntries(categories.map((c) => [c, median(all.map((r) => r.scores[c]))])),
    lcpMs: Math.round(median(all.map((r) => r.lcpMs))),
    cls: Number(median(all.map((r) => r.cls)).toFixed(3)),
    tbtMs: Math.round(median(all.map((r) => r.tbtMs))),
    fcpMs: Math.round(median(all.map((r) => r.fcpMs))),
    benchmarkIndex: Math.round(median(all.map((r) => r.benchmarkIndex))),
    performanceRange: [Math.min(...all.map((r) => r.scores.performance)), Math.max(...all.map((r) => r.scores.performance))],
    // the lowest score each failing audit had in any run
    failing: all.reduce<Record<string, number>>((acc, r) => {
      for (const [id, score] of Object.entries(r.failing)) acc[id] = Math.min(acc[id] ?? 1, score);
      return acc;
    }, {}),
  };
}

/** A built server on its own fresh PGlite data; `serverJs` another checkout's build (BENCH_WEB_BEFORE). */
function startBuild(prefix: string, serverJs?: string): Promise<{ server: ShopServer; stop: () => Promise<void> }> {
  return startOnFreshStorage({ prefix, serverJs: serverJs ? path.resolve(repoRoot, serverJs) : undefined });
}

/** The id of the first product of the home list (the product page measured). */
export async function firstHomeProduct(url: string): Promise<string> {
  const products = (await (await fetch(`${url}/api/products?collection=home`)).json()) as { id: string }[];
  const product = products[0];
  if (!product) throw new Error('No seeded product');
  return product.id;
}

export default async function lighthouseSection(ctx: BenchContext): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
  const beforeJs = process.env.BENCH_WEB_BEFORE || undefined;
  const builds: { name: string; server: ShopServer; stop: () => Promise<void> }[] = [];
  // chrome-launcher adds its own flags for a clean profile; --headless=new is Chromium's headless mode.
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    if (beforeJs) builds.push({ name: 'before', ...(await startBuild('bench-lh-before', beforeJs)) });
    builds.push({ name: beforeJs ? 'this build' : '', ...(await startBuild('bench-lh')) });
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [...chromiumArgs.filter((f) => f !== '--headless'), '--headless=new'],
    });
    const productIds = await Promise.all(builds.map((b) => firstHomeProduct(b.server.url)));
    if (new Set(productIds).size > 1) console.log(`  (the builds' first home products differ: ${productIds.join(', ')})`);
    const pages = ['/', `/products/${productIds.at(-1)}`, '/products/iphone'];
    const results: (PageFigures & { build: string })[] = [];
    let version = '';
    for (const page of pages) {
      const all = builds.map((): RunFigures[] => []);
      // Builds in turn, run by run: a busy moment of the machine falls on both alike.
      for (let i = 0; i < runs; i++) {
        for (const [b, build] of builds.entries()) all[b]!.push(await auditWithRetry(`${build.server.url}${page}`, chrome.port));
      }
      version = all[0]![0]!.version;
      for (const [b, build] of builds.entries()) results.push({ build: build.name, ...summarise(page, all[b]!) });
    }
    const withBuild = builds.length > 1;
    printTable(
      `Lighthouse ${version} (default mobile settings, simulated throttling), median of ${runs} run(s) per page${withBuild ? `; before = ${beforeJs}, audited in turn with this build` : ''}`,
      [
        'page',
        ...(withBuild ? ['build'] : []),
        'performance (range)',
        'accessibility',
        'best practices',
        'SEO',
        'FCP',
        'LCP',
        'CLS',
        'TBT',
        'CPU benchmark',
      ],
      results.map((r) => [
        r.path,
        ...(withBuild ? [r.build] : []),
        `${r.scores.performance} (${r.performanceRange[0]}–${r.performanceRange[1]})`,
        r.scores.accessibility!,
        r.scores['best-practices']!,
        r.scores.seo!,
        `${(r.fcpMs / 1000).toFixed(2)} s`,
        `${(r.lcpMs / 1000).toFixed(2)} s`,
        r.cls,
        `${r.tbtMs} ms`,
        r.benchmarkIndex,
      ]),
    );
    const ours = results.filter((r) => r.build === builds.at(-1)!.name);
    const below = ours.flatMap((r) => categories.filter((c) => r.scores[c]! < 95).map((c) => `${r.path} ${c} ${r.scores[c]}`));
    console.log(below.length ? `Below the aim of 95: ${below.join('; ')}` : 'Every score meets the aim of 95.');
    for (const r of ours) {
      const list = Object.entries(r.failing).map(([id, score]) => `${id} ${score}`);
      if (list.length) console.log(`${r.path}: audits below 0.9 in some run: ${list.join(', ')}`);
    }
    ctx.record('lighthouse', {
      lighthouseVersion: version,
      aim: 95,
      runsPerPage: runs,
      pages: ours.map(({ build: _build, ...r }) => r),
      ...(withBuild
        ? { before: { serverJs: beforeJs, pages: results.filter((r) => r.build === 'before').map(({ build: _build, ...r }) => r) } }
        : {}),
    });
  } finally {
    chrome?.kill();
    for (const b of builds) await b.stop();
  }
}
