/**
 * Issue 24 finding 15: a burst of 200 sign-ups starved the shop (116 clients waited 30 s in the
 * argon2 line). Against the built server: 200 registrations at once. Each is answered 201 or, past
 * the bounded password queue (decision 029), 503 at once with Retry-After and the Albanian text;
 * nothing else, no 5xx besides. Meanwhile the catalogue keeps answering (every probe 200, p99
 * printed and bounded), and the refused sign-ups all get through when they come back after their
 * Retry-After.
 */
import { describe, expect } from 'vitest';
import type { ShopServer } from '../tools/shop-server';
import { HttpClient, percentile, type Answer } from './lib/http';
import { isPasswordBusy, register } from './lib/shop';
import { logTail, serverEnv } from './lib/env';
import { onEachDatabase } from './lib/on-each-database';

const SIGNUPS = 200;
/** The queue's bounds, set explicitly so the figures do not depend on the machine's cores. */
const QUEUE = { PASSWORD_CONCURRENCY: '1', PASSWORD_QUEUE_MAX: '32' };
/** Catalogue p99 while the burst is in flight must stay under this (it was tens of seconds of starvation). */
const CATALOGUE_P99_AIM_MS = 1500;

const env = serverEnv({ RATE_LIMIT_AUTH_MAX: '1000000', ...QUEUE });

async function burst(server: ShopServer, label: string): Promise<void> {
  const client = new HttpClient(server.url, { connections: SIGNUPS, timeoutMs: 120_000 });
  const probe = new HttpClient(server.url, { connections: 4, timeoutMs: 60_000 });
  try {
    // Every connection is open before the burst, so the 200 requests really arrive together.
    const warm = await Promise.all(Array.from({ length: SIGNUPS }, () => client.get('/api/health')));
    expect(warm.filter((a) => a.status !== 200)).toEqual([]);
    expect((await probe.get('/api/products')).status).toBe(200);

    // The catalogue, asked over and over by 4 shoppers until the burst is answered.
    let bursting = true;
    const catalogue: Answer[] = [];
    const shoppers = Array.from({ length: 4 }, async (_, k) => {
      while (bursting) catalogue.push(await probe.get(k % 2 ? '/api/products' : '/api/products?collection=iphone'));
    });
    const started = performance.now();
    const first = await Promise.all(Array.from({ length: SIGNUPS }, (_, i) => register(client, `burst${i}`)));
    const burstMs = performance.now() - started;
    bursting = false;
    await Promise.all(shoppers);

    const answers = first.map((r) => r.answer);
    const created = answers.filter((a) => a.status === 201);
    const busy = answers.filter(isPasswordBusy);
    const other = answers.filter((a) => a.status !== 201 && !isPasswordBusy(a));
    const catalogueMs = catalogue.map((a) => a.ms);
    console.log(
      `[signup-burst ${label}] ${SIGNUPS} sign-ups at once in ${(burstMs / 1000).toFixed(1)} s: ${created.length} × 201 ` +
        `(p99 ${percentile(
          created.map((a) => a.ms),
          99,
        ).toFixed(0)} ms), ${busy.length} × 503 + Retry-After ` +
        `(p99 ${percentile(
          busy.map((a) => a.ms),
          99,
        ).toFixed(0)} ms), ${other.length} other; catalogue during the burst: ` +
        `${catalogue.length} answers, p50 ${percentile(catalogueMs, 50).toFixed(0)} ms, p99 ${percentile(catalogueMs, 99).toFixed(0)} ms`,
    );
    expect(
      other.map((a) => ({ status: a.status, body: a.body, error: a.error })),
      `server log: ${logTail(server)}`,
    ).toEqual([]);
    expect(busy.length, 'the line is bounded: some sign-ups are told to come back').toBeGreaterThan(0);
    // At most one running and 32 waiting at a time: the line never holds more than that.
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(catalogue.filter((a) => a.status !== 200)).toEqual([]);
    expect(catalogue.length).toBeGreaterThan(0);
    expect(percentile(catalogueMs, 99)).toBeLessThan(CATALOGUE_P99_AIM_MS);
    // Refused at once: a 503 is never the answer to a long wait in line.
    expect(Math.max(...busy.map((a) => a.ms))).toBeLessThan(Math.max(...created.map((a) => a.ms)));

    // The refused come back after their Retry-After, all together again, until each is registered.
    let pending = first.map((r, i) => ({ i, answer: r.answer })).filter((x) => isPasswordBusy(x.answer));
    let rounds = 0;
    while (pending.length > 0) {
      expect(rounds++, 'the refused sign-ups get through within a few rounds').toBeLessThan(20);
      const wait = Math.max(...pending.map((x) => Number(x.answer.headers['retry-after'])));
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      const again = await Promise.all(pending.map(async (x) => ({ i: x.i, answer: (await register(client, `burst${x.i}-again`)).answer })));
      expect(again.filter((x) => x.answer.status !== 201 && !isPasswordBusy(x.answer)).map((x) => x.answer)).toEqual([]);
      pending = again.filter((x) => isPasswordBusy(x.answer));
    }
    console.log(`[signup-burst ${label}] every refused sign-up registered after its Retry-After, in ${rounds} round(s)`);
  } finally {
    client.close();
    probe.close();
  }
}

describe('issue 24 finding 15: a burst of 200 sign-ups', () => {
  onEachDatabase('201 or 503 with Retry-After at once, nothing else; the catalogue keeps answering', { prefix: 'res-signup', env }, burst);
});
