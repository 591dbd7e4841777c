import zlib from 'node:zlib';
import { type Page, type Request } from '@playwright/test';
import { appReady, expect, test } from './support/test';

/**
 * Guards of the storefront's start-up (issue 25, decision 031), made not to be flaky on a shared,
 * noisy machine:
 *
 * - the main thread's long tasks (over 50 ms) of `/` and a product page, from the first byte
 *   until the hydrated page is idle, under 4x CPU throttling, against a budget counted in units
 *   of a fixed piece of JavaScript timed in the same page at the same moment (so a machine twice
 *   as busy moves both alike) and set several times above what the page costs now;
 * - the JavaScript a shopper's browser downloads for `/`, gzip -9, against a budget: the aim is
 *   110 KB (issue 25), not met yet (116.2 KB after decision 031, 117.9 before); until it is, the
 *   budget holds the line where the page is now, so nothing grows it unnoticed.
 */

const THROTTLE = 4;

/**
 * Long-task total allowed, in units of the reference loop below. Measured in decision 031 on the
 * 2-core machine: about 3-6 units for `/` and for a product page once the start-up was cut down
 * (14-20 before); a budget of 12 fails on a return of the old start-up, not on a busy machine.
 */
const LONG_TASK_BUDGET_UNITS = 12;

/**
 * JavaScript for `/`, gzip -9 of each file, summed (bench/web-size.ts counts the same way). Lower
 * it to the aim, 110 KB, once the page gets there (decision 031 says what is left to cut).
 */
const HOME_JS_BUDGET = 117 * 1024;

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
 * a render does), timed in the page under the same throttling; the fastest of five runs, in ms.
 */
async function referenceMs(page: Page): Promise<number> {
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
    return Math.min(...times);
  });
}

async function firstHomeProduct(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/products?collection=home`);
  const list = (await res.json()) as { id: string }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0]!.id;
}

test.describe('start-up of the storefront', () => {
  test('long tasks of / and a product page under 4x CPU throttling stay within a generous budget', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const productPath = `/products/${await firstHomeProduct(baseURL!)}`;
    for (const path of ['/', productPath]) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
        await observeLongTasks(page);
        await page.goto(path);
        await appReady(page);
        await idle(page);
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
        const total = tasks.reduce((s, d) => s + d, 0);
        const unit = await referenceMs(page);
        const units = total / unit;
        console.log(
          `${path}: ${tasks.length} long tasks, ${Math.round(total)} ms in all (longest ${Math.round(Math.max(0, ...tasks))} ms); ` +
            `reference ${unit.toFixed(1)} ms: ${units.toFixed(1)} units (budget ${LONG_TASK_BUDGET_UNITS})`,
        );
        expect(units, `${path}: long tasks ${Math.round(total)} ms = ${units.toFixed(1)} x the reference loop`).toBeLessThanOrEqual(
          LONG_TASK_BUDGET_UNITS,
        );
      } finally {
        await context.close();
      }
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
