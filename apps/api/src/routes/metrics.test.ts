import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { opsText } from '@shop/shared/messages-ops';
import { buildApp } from '../app';
import { createTestApp, createTestDatabase, createUser, type TestApp } from '../test/harness';
import { placeOrder, storefrontProducts } from '../test/admin-helpers';
import { prepareDatabase } from '../startup';
import { ConfigError, loadConfig, testConfig } from '../config';

type Labels = Record<string, string>;

/** The samples of one metric in Prometheus' text format, with their labels. */
function samples(text: string, name: string): { labels: Labels; value: number }[] {
  const out: { labels: Labels; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Labels = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the sample of `name` whose labels include `want` (0 when there is none yet). */
function value(text: string, name: string, want: Labels = {}): number {
  const found = samples(text, name).filter((s) => Object.entries(want).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(want)} matches one sample at most`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

let t: TestApp;
const scrape = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /metrics', () => {
  it('counts requests by method, route pattern and status, and times them', async () => {
    const list = await storefrontProducts(t);
    const before = await scrape();
    const products = { method: 'GET', route: '/api/products', status_code: '200' };
    const one = { method: 'GET', route: '/api/products/:id', status_code: '200' };
    const missing = { method: 'GET', route: '/api/products/:id', status_code: '404' };

    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    for (const p of list.slice(0, 4)) {
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(p.id)}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products/no-such-phone' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-address-42' })).statusCode).toBe(404);

    const after = await scrape();
    expect(value(after, 'http_requests_total', products) - value(before, 'http_requests_total', products)).toBe(3);
    expect(value(after, 'http_requests_total', one) - value(before, 'http_requests_total', one)).toBe(4);
    expect(value(after, 'http_requests_total', missing) - value(before, 'http_requests_total', missing)).toBe(1);
    // The histogram saw the same requests, every one in the +Inf bucket and some time spent.
    expect(value(after, 'http_request_duration_seconds_count', one) - value(before, 'http_request_duration_seconds_count', one)).toBe(4);
    expect(value(after, 'http_request_duration_seconds_bucket', { ...one, le: '+Inf' })).toBe(
      value(after, 'http_request_duration_seconds_count', one),
    );
    expect(value(after, 'http_request_duration_seconds_sum', one)).toBeGreaterThan(value(before, 'http_request_duration_seconds_sum', one));
    // The route label is the pattern: no URL, no product id, no unknown address becomes a series.
    const routes = new Set(samples(after, 'http_requests_total').map((s) => s.labels.route));
    for (const r of routes) expect(r, 'a route label').not.toMatch(/no-such|%|\?/);
    for (const p of list.slice(0, 4)) expect([...routes].some((r) => r!.includes(p.id))).toBe(false);
    // An unknown address counts once under one label, whatever the URL.
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(value(after, 'http_requests_total', unmatched) - value(before, 'http_requests_total', unmatched)).toBe(1);
    // The previous scrape is itself counted.
    expect(value(after, 'http_requests_total', { route: '/metrics', status_code: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the product cache answering from memory, and the entries it keeps', async () => {
    const before = await scrape();
    const hit = { cache: 'products', result: 'hit' };
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/api/products' });
    const after = await scrape();
    // The cache is live (PGlite's and PostgreSQL's notifications both arrive): repeated reads are hits.
    expect(value(after, 'shop_cache_lookups_total', hit) - value(before, 'shop_cache_lookups_total', hit)).toBeGreaterThanOrEqual(4);
    expect(value(after, 'shop_cache_entries', { cache: 'products' })).toBeGreaterThanOrEqual(1);
  });

  it("reads the mail outbox's backlog from the database on each scrape", async () => {
    const customer = await createUser(t);
    const [p] = await storefrontProducts(t);
    const before = value(await scrape(), 'shop_mail_outbox_messages', { status: 'pending' });
    await placeOrder(t, customer, [{ id: p!.id, price: p!.price, quantity: 1 }]);
    const text = await scrape();
    // No SMTP_URL in tests: the 'order placed' mail waits in the outbox.
    expect(value(text, 'shop_mail_outbox_messages', { status: 'pending' })).toBe(before + 1);
    expect(samples(text, 'shop_mail_outbox_messages').map((s) => s.labels.status)).toEqual(['pending', 'failed']);
    expect(value(text, 'shop_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("gives the database pool's use and Node's own figures, event-loop delay included", async () => {
    const text = await scrape();
    expect(value(text, 'shop_db_pool_max', { kind: t.database.kind })).toBe(t.database.kind === 'postgres' ? 5 : 1);
    expect(value(text, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    const states = samples(text, 'shop_db_pool_connections').map((s) => s.labels.state);
    expect(states).toEqual(t.database.kind === 'postgres' ? ['total', 'idle', 'waiting'] : ['total']);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes']) {
      expect(samples(text, name).length, name).toBe(1);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('asks for the token as a Bearer header: 401 with an Albanian msg without it or with another', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const guarded = await createTestApp({ METRICS_TOKEN: token });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', token, `Basic ${token}`, `Bearer ${token}x`]) {
        const res = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toEqual({ msg: opsText.metricsUnauthorized });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      }
      const ok = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_requests_total{');
    } finally {
      await guarded.close();
    }
  });

  it('is at least 16 printable characters without spaces, or unset', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars with spaces' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'metrics-token-0123456789abcdef' }).METRICS_TOKEN).toBe('metrics-token-0123456789abcdef');
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});

describe('GET /api/ready', () => {
  it('is 200 when the database answers and has every committed migration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.database.pendingMigrations()).toEqual([]);
  });

  it('is 503 with an Albanian msg while a committed migration is missing, and 200 again once it is there', async () => {
    const rows = (await t.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const last = rows.rows[0]!;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ msg: opsText.notReadyMigrations });
      expect(res.headers['retry-after']).toBe('5');
      expect(await t.database.pendingMigrations()).toHaveLength(1);
      // Liveness does not care: the process and its database are fine.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is 503 with an Albanian msg when the database is closed', async () => {
    const { database, drop } = await createTestDatabase();
    const config = testConfig();
    const { jwtSecret } = await prepareDatabase(database, config, { info() {}, warn() {} });
    const app = await buildApp({ config, database, jwtSecret, logger: false });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ msg: opsText.notReadyDatabase });
      // /metrics still answers without the database (the outbox gauge is left out).
      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(samples(metrics.body, 'shop_mail_outbox_messages')).toEqual([]);
    } finally {
      await app.close();
      await drop();
    }
  });
});
