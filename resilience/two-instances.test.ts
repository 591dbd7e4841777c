/**
 * Two API instances on one PostgreSQL database (as behind a load balancer): a session from one
 * works on the other, an order made on one is listed by the other, an admin's price change on one
 * shows on the other (allowing a few seconds for any product-list cache to be invalidated), and
 * the login rate limit counts across both when they share REDIS_URL, per instance otherwise.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, startShopServer, testAdmin, type ShopServer, type ShopStorage } from '../tools/shop-server';
import { HttpClient, sleep } from './lib/http';
import { products, register, runId, uniqueEmail, type Customer, type ListedProduct } from './lib/shop';
import { logFileIn, postgresAvailable, postgresServer, redisUrl, serverEnv } from './lib/env';

const AUTH_MAX = 5;
/** How long a change made through one instance may take to show on the other. */
const PROPAGATION_LIMIT_MS = 5_000;

describe.runIf(postgresAvailable)('two instances on one PostgreSQL database', () => {
  let pg: Awaited<ReturnType<typeof postgresServer>>;
  let storage: ShopStorage;
  let a: ShopServer;
  let b: ShopServer;
  let ca: HttpClient;
  let cb: HttpClient;
  let admin: string;
  let customer: Customer;
  let list: ListedProduct[];

  beforeAll(async () => {
    pg = await postgresServer();
    storage = await createStorage({ databaseUrl: pg.url, prefix: 'res_pair' });
    // One shop: both instances share the rate-limit namespace (unique to this run), and trust the
    // balancer on loopback for the client's address, as the README says to run them.
    const env = serverEnv({ RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), TRUST_PROXY: 'loopback' }, `res-${runId}-pair:`);
    // Started together: migrations and the seed run once, under the advisory lock.
    [a, b] = await Promise.all([
      startShopServer({ storage, env, logFile: logFileIn(storage, 'a') }),
      startShopServer({ storage, env, logFile: logFileIn(storage, 'b') }),
    ]);
    ca = new HttpClient(a.url, { connections: 4 });
    cb = new HttpClient(b.url, { connections: 4 });
    console.log(`[two instances] on ${pg.source}, ${redisUrl ? 'rate limits in Redis' : 'rate limits in memory (no REDIS_URL)'}`);
  });
  afterAll(async () => {
    ca?.close();
    cb?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await storage?.dispose();
    await pg?.dispose();
  });

  it('seeds once and shares the session key: a token from one works on the other', async () => {
    const la = (await products(ca)).list;
    list = (await products(cb)).list;
    expect(list.map((p) => [p.id, p.price])).toEqual(la.map((p) => [p.id, p.price]));

    const reg = await register(ca, 'pair');
    expect(reg.answer.status).toBe(201);
    customer = reg.customer!;
    const profile = await cb.get('/api/auth/profile', { token: customer.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: customer.email, role: 'user' });

    const login = await cb.post('/api/auth/login', testAdmin);
    expect(login.status).toBe(200);
    admin = (login.body as { token: string }).token;
    expect((await ca.get('/api/admin/orders', { token: admin })).status).toBe(200);
  });

  it('an order made on one is listed by the other, for the customer and for admins', async () => {
    const p = list[0]!;
    const made = await ca.post(
      '/api/orders',
      { items: [{ id: p.id, quantity: 2, price: p.price }], total: (Math.round(p.price * 100) * 2) / 100 },
      {
        token: customer.token,
        headers: { 'idempotency-key': `pair-${crypto.randomUUID()}` },
      },
    );
    expect(made.status).toBe(201);
    const order = (made.body as { order: { id: number; total: number } }).order;

    const mine = await cb.get('/api/orders/mine', { token: customer.token });
    expect(mine.status).toBe(200);
    expect((mine.body as { id: number; total: number }[]).map((o) => [o.id, o.total])).toEqual([[order.id, order.total]]);
    const all = await cb.get('/api/admin/orders', { token: admin });
    expect((all.body as { id: number; user: string; total: number }[]).find((o) => o.id === order.id)).toMatchObject({
      user: customer.email,
      total: order.total,
    });
  });

  it("an admin's price change on one shows on the other, and the other prices orders with it", async () => {
    const p = list[1]!;
    const newPrice = Math.round(p.price * 100 + 111) / 100;
    const put = await ca.request('PUT', `/api/admin/products/${encodeURIComponent(p.id)}`, {
      token: admin,
      json: { name: p.name, price: newPrice },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    // A product-list cache on the other instance gets a few seconds to hear of the change.
    const started = performance.now();
    let seen: number | undefined;
    while (performance.now() - started < PROPAGATION_LIMIT_MS) {
      seen = (await products(cb)).list.find((x) => x.id === p.id)?.price;
      if (seen === newPrice) break;
      await sleep(100);
    }
    expect(seen).toBe(newPrice);
    const shownAfterMs = performance.now() - started;
    const detail = await cb.get(`/api/products/${encodeURIComponent(p.id)}`);
    expect((detail.body as { price: number }).price).toBe(newPrice);

    const order = (price: number) =>
      cb.post(
        '/api/orders',
        { items: [{ id: p.id, quantity: 1, price }], total: price },
        { token: customer.token, headers: { 'idempotency-key': `pair-${crypto.randomUUID()}` } },
      );
    const stale = await order(p.price);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ total: newPrice });
    expect((await order(newPrice)).status).toBe(201);
    console.log(`[two instances] a price changed on A was on B's product list ${shownAfterMs.toFixed(0)} ms later`);
  });

  it(`the login rate limit: ${redisUrl ? 'shared through Redis' : 'per instance without REDIS_URL'}`, async () => {
    // A client of its own (a documentation address, through the trusted balancer) and an account
    // of its own, so nothing else this run or an earlier one did counts against it.
    const headers = { 'x-forwarded-for': `203.0.113.${1 + crypto.randomInt(254)}` };
    const email = uniqueEmail('limit');
    const attempts = 4 * AUTH_MAX;
    const statuses: { instance: 'A' | 'B'; status: number }[] = [];
    for (let i = 0; i < attempts; i++) {
      const [instance, client] = i % 2 === 0 ? (['A', ca] as const) : (['B', cb] as const);
      const res = await client.post('/api/auth/login', { email, password: 'wrong-password' }, { headers });
      statuses.push({ instance, status: res.status });
      if (res.status === 429) expect((res.body as { msg: string }).msg).toMatch(/\S/);
    }
    const refusedFirst = statuses.findIndex((s) => s.status === 429);
    const allowed = statuses.filter((s) => s.status === 401).length;
    // Once refused, refused on both for the rest of the window.
    expect(statuses.slice(refusedFirst).every((s) => s.status === 429)).toBe(true);
    expect(statuses.slice(0, refusedFirst).every((s) => s.status === 401)).toBe(true);
    if (redisUrl) {
      expect(allowed).toBe(AUTH_MAX);
    } else {
      expect(allowed).toBe(2 * AUTH_MAX);
      expect(statuses.filter((s) => s.status === 401 && s.instance === 'A')).toHaveLength(AUTH_MAX);
    }
    console.log(`[two instances] failed logins alternating A/B: ${allowed} answered 401, then 429 on both (limit ${AUTH_MAX})`);
  });
});
