import zlib from 'node:zlib';
import { type Browser, type Page, type Request } from '@playwright/test';
import { appReady, expect, test } from './support/test';

/**
 * Guards of the storefront's start-up (issue 25, decision 031), made not to be flaky on a shared,
 * noisy machine:
 *
 * - the main thread's long tasks (over 50 ms) of `/` and a product page, from the first byte
 *   until the hydrated page is idle, under 4x CPU throttling, against a budget counted in units
 *   of a fixed piece of JavaScript timed in the same page at the same moment (so a machine twice
 *   as busy moves both alike) and set several times above what the page costs now;
 * - the JavaScript a shopper's browser downloads for `/`, gzip -9, against a budget: the aim of
 *   110 KB (issue 25), met since decision 038 (108.7 KB with wouter in place of React Router;
 *   117.7 KB before), so nothing grows it past the aim unnoticed.
 */

const THROTTLE = 4;

/**
 * Long-task total allowed, in units of the reference loop below. Measured in decision 031 on the
 * shared 2-core machine: about 4-10 units for `/` and for a product page at quiet moments (15-25 on
 * today's main), and anything up to 100 on a single load while other work fills the cores; with
 * the best of ATTEMPTS loads, 60 units is several times the page's own cost (and over twice main's
 * before decision 031) and still fails when
 * the start-up grows several-fold.
 */
const LONG_TASK_BUDGET_UNITS = 60;
/** Fresh loads per page at most; the first within the budget ends the test for that page. */
const ATTEMPTS = 4;

/**
 * JavaScript for `/`, gzip -9 of each file, summed (bench/web-size.ts counts the same way): the
 * aim, 110 KB. Lowered from 118 KB by decision 038 (the router: 117.7 KB -> 108.7 KB).
 */
const HOME_JS_BUDGET = 110 * 1024;

/** Records every long task of the page from its first byte (the observer runs before any script of the page). */
async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Resolves once the page has had a moment with nothing to do (an idle callback with time to spare). */
async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const wait = () => requestIdleCallback((deadline) => (deadline.timeRemaining() >= 40 ? resolve() : wait()), { timeout: 10_000 });
        wait();
      }),
  );
}

/**
 * The reference: a fixed piece of JavaScript (string building, objects, sorting: the kind of work
 * a render does), timed in the page under the same throttling, five runs, in ms.
 */
async function referenceRuns(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const once = () => {
      const t0 = performance.now();
      let acc = 0;
      for (let round = 0; round < 4; round++) {
        const items = Array.from({ length: 4000 }, (_, i) => ({
          id: `p-${(i * 7919) % 4000}`,
          price: (i * 31) % 997,
          name: `Produkt ${i}`,
        }));
        items.sort((a, b) => a.price - b.price || a.id.localeCompare(b.id));
        acc += items.map((x) => `${x.name}:${x.price}`).join('|').length;
      }
      return { ms: performance.now() - t0, acc };
    };
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(once().ms);
    return times;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function firstHomeProduct(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/products?collection=home`);
  const list = (await res.json()) as { id: string }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0]!.id;
}

/** One fresh load of `path` under throttling: its long tasks, in ms and in units of the reference loop. */
async function measureLoad(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await observeLongTasks(page);
    // The reference is timed just before the load and just after it: the unit is the median of
    // both, how fast the machine ran this kind of code around the load, not at its best moment.
    const before = await referenceRuns(page);
    await page.goto(path);
    await appReady(page);
    await idle(page);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const total = tasks.reduce((s, d) => s + d, 0);
    const unit = median([...before, ...(await referenceRuns(page))]);
    return { count: tasks.length, total, longest: Math.max(0, ...tasks), unit, units: total / unit };
  } finally {
    await context.close();
  }
}

test.describe('start-up of the storefront', () => {
  test('long tasks of / and a product page under 4x CPU throttling stay within a generous budget', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const productPath = `/products/${await firstHomeProduct(baseURL!)}`;
    for (const path of ['/', productPath]) {
      // A busy machine only ever adds time: the best of a few fresh loads is the page's own cost.
      // A real regression exceeds the budget on every load.
      let best = Infinity;
      const seen: string[] = [];
      for (let attempt = 0; attempt < ATTEMPTS && best > LONG_TASK_BUDGET_UNITS; attempt++) {
        const m = await measureLoad(browser, path);
        best = Math.min(best, m.units);
        seen.push(
          `${m.count} long tasks, ${Math.round(m.total)} ms (longest ${Math.round(m.longest)} ms), reference ${m.unit.toFixed(1)} ms: ${m.units.toFixed(1)} units`,
        );
      }
      console.log(`${path} (budget ${LONG_TASK_BUDGET_UNITS} units): ${seen.join('; ')}`);
      expect(best, `${path}: long tasks, best of ${seen.length} loads, in units of the reference loop`).toBeLessThanOrEqual(
        LONG_TASK_BUDGET_UNITS,
      );
    }
  });

  test('the JavaScript for / stays within its gzip budget', async ({ page }) => {
    const pending: Promise<number>[] = [];
    const onFinished = (request: Request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const response = await request.response();
          const body = response ? await response.body() : Buffer.alloc(0);
          return zlib.gzipSync(body, { level: 9 }).length;
        })(),
      );
    };
    page.on('requestfinished', onFinished);
    await page.goto('/');
    await page.locator('main article').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('requestfinished', onFinished);
    const total = (await Promise.all(pending)).reduce((s, n) => s + n, 0);
    console.log(`JavaScript for /: ${(total / 1024).toFixed(1)} KB gzip in ${pending.length} files (budget ${HOME_JS_BUDGET / 1024} KB)`);
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });
});
