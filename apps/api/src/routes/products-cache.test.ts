import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { msg } from '@shop/shared/messages';
import { products } from '../db/schema';
import { createSecondInstance, createTestApp, createUser, type TestApp } from '../test/harness';

/**
 * The public product answers are kept between writes (decision 008). Every test reads first, so
 * the answers are in the cache, then writes, then expects the new data: on this instance at once,
 * on another instance sharing the database as soon as the database's notification arrives.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  other = await createSecondInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface Listed {
  id: string;
  name: string;
  price: number;
}

async function list(app: FastifyInstance, collection?: string): Promise<Listed[]> {
  const res = await app.inject({ method: 'GET', url: collection ? `/api/products?collection=${collection}` : '/api/products' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as Listed[];
}

async function detail(app: FastifyInstance, id: string) {
  const res = await app.inject({ method: 'GET', url: `/api/products/${id}` });
  return {
    status: res.statusCode,
    body: res.json() as { id: string; name: string; price: number; collection: string | null; msg?: string },
  };
}

/** Reads everything a shopper can read about `id`, so it is all in the cache before a write. */
async function warm(app: FastifyInstance, id: string, collections: string[]) {
  await list(app);
  for (const c of collections) await list(app, c);
  await detail(app, id);
  await detail(app, id.toUpperCase());
}

const adminCall = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

describe('the product cache', () => {
  it('is on and keeps the answers while nothing changes', async () => {
    expect(t.app.productCache.isLive).toBe(true);
    const [first] = await list(t.app);
    await warm(t.app, first!.id, ['iphone']);
    expect(t.app.productCache.size).toBeGreaterThanOrEqual(3);
    const again = await t.app.inject({ method: 'GET', url: '/api/products' });
    const fromDb = (await t.db.select().from(products)).length;
    expect((again.json() as Listed[]).length).toBe(fromDb);
  });

  it('an admin creating a product: it shows at once in the list, its collection and its page (both create routes)', async () => {
    await warm(t.app, 'kufje-cache-test', ['accessories']);
    expect((await detail(t.app, 'kufje-cache-test')).status).toBe(404);
    const created = await adminCall('POST', '/api/admin/products', { name: 'Kufje Cache Test', price: 25.5, collection: 'accessories' });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBe('kufje-cache-test');
    expect((await list(t.app)).find((p) => p.id === 'kufje-cache-test')).toMatchObject({ name: 'Kufje Cache Test', price: 25.5 });
    expect((await list(t.app, 'accessories')).map((p) => p.id)).toContain('kufje-cache-test');
    expect(await detail(t.app, 'KUFJE-cache-test')).toMatchObject({ status: 200, body: { name: 'Kufje Cache Test', price: 25.5 } });

    await warm(t.app, 'mbrojtese-cache-test', []);
    const viaForm = await adminCall('POST', '/api/products', { name: 'Mbrojtëse Cache Test', price: 9.99, category: 'case' });
    expect(viaForm.statusCode).toBe(201);
    expect((await list(t.app)).map((p) => p.id)).toContain('mbrojtese-cache-test');
    expect((await detail(t.app, 'mbrojtese-cache-test')).status).toBe(200);
  });

  it('an admin editing a product: new name, price and collection show at once everywhere', async () => {
    const target = (await list(t.app, 'iphone'))[0]!;
    await warm(t.app, target.id, ['iphone', 'samsung']);
    const res = await adminCall('PUT', `/api/admin/products/${target.id}`, {
      name: 'Emër i Ri Cache',
      price: 123.45,
      collection: 'samsung',
    });
    expect(res.statusCode).toBe(200);
    expect((await list(t.app)).find((p) => p.id === target.id)).toMatchObject({ name: 'Emër i Ri Cache', price: 123.45 });
    expect((await list(t.app, 'iphone')).map((p) => p.id)).not.toContain(target.id);
    expect((await list(t.app, 'samsung')).map((p) => p.id)).toContain(target.id);
    expect((await detail(t.app, target.id.toUpperCase())).body).toMatchObject({
      name: 'Emër i Ri Cache',
      price: 123.45,
      collection: 'samsung',
    });
  });

  it('an admin deleting a product: it is gone at once from the list, its collection and its page', async () => {
    const target = (await list(t.app, 'accessories'))[0]!;
    await warm(t.app, target.id, ['accessories']);
    expect((await adminCall('DELETE', `/api/admin/products/${target.id}`)).statusCode).toBe(200);
    expect((await list(t.app)).map((p) => p.id)).not.toContain(target.id);
    expect((await list(t.app, 'accessories')).map((p) => p.id)).not.toContain(target.id);
    expect(await detail(t.app, target.id)).toEqual({ status: 404, body: { msg: msg.productNotFound } });
    expect((await detail(t.app, target.id.toUpperCase())).status).toBe(404);
  });

  it('a change made in the database directly (not through this API) reaches the cache through its notification', async () => {
    const target = (await list(t.app))[3]!;
    await warm(t.app, target.id, []);
    await t.db.update(products).set({ name: 'Ndryshuar me SQL', priceCents: 4242 }).where(eq(products.id, target.id));
    await vi.waitFor(async () => {
      expect((await list(t.app)).find((p) => p.id === target.id)).toMatchObject({ name: 'Ndryshuar me SQL', price: 42.42 });
      expect((await detail(t.app, target.id)).body).toMatchObject({ name: 'Ndryshuar me SQL', price: 42.42 });
    });
  });
});

describe('compressed answers', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('gives a browser the list as brotli (or gzip), the same JSON as uncompressed, and nothing compressed to a client that asks for none', async () => {
    const plain = await get('/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await get('/api/products', 'gzip, deflate, br, zstd');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const gz = await get('/api/products?collection=iphone', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe((await get('/api/products?collection=iphone')).body);
    const refused = await get('/api/products', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const missing = await get('/api/products/nuk-ekziston', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: msg.productNotFound });
  });

  it('gives the compressed answer the new data after a write too', async () => {
    const target = (await list(t.app))[2]!;
    await get('/api/products', 'br');
    await get(`/api/products/${target.id}`, 'br');
    expect((await adminCall('PUT', `/api/admin/products/${target.id}`, { name: 'Emër i Ngjeshur', price: 33.33 })).statusCode).toBe(200);
    const listed = JSON.parse(zlib.brotliDecompressSync((await get('/api/products', 'br')).rawPayload).toString()) as Listed[];
    expect(listed.find((p) => p.id === target.id)).toMatchObject({ name: 'Emër i Ngjeshur', price: 33.33 });
    const one = await get(`/api/products/${target.id}`, 'br');
    const body = one.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(one.rawPayload).toString() : one.body;
    expect(JSON.parse(body)).toMatchObject({ name: 'Emër i Ngjeshur', price: 33.33 });
  });
});

describe('two API instances on one database', () => {
  it("an admin's create, edit and delete on one instance show on the other", async () => {
    expect(other.app.productCache.isLive).toBe(true);
    const seen = async (id: string) => (await list(other.app)).find((p) => p.id === id);

    await warm(other.app, 'ore-dy-instanca', ['accessories']);
    expect(
      (await adminCall('POST', '/api/admin/products', { name: 'Orë Dy Instanca', price: 80, collection: 'accessories' })).statusCode,
    ).toBe(201);
    await vi.waitFor(async () => {
      expect(await seen('ore-dy-instanca')).toMatchObject({ name: 'Orë Dy Instanca', price: 80 });
      expect((await list(other.app, 'accessories')).map((p) => p.id)).toContain('ore-dy-instanca');
      expect((await detail(other.app, 'ORE-DY-INSTANCA')).status).toBe(200);
    });

    await warm(other.app, 'ore-dy-instanca', ['accessories']);
    expect((await adminCall('PUT', '/api/admin/products/ore-dy-instanca', { name: 'Orë e Ndryshuar', price: 75.5 })).statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect(await seen('ore-dy-instanca')).toMatchObject({ name: 'Orë e Ndryshuar', price: 75.5 });
      expect((await detail(other.app, 'ore-dy-instanca')).body).toMatchObject({ name: 'Orë e Ndryshuar', price: 75.5 });
    });

    await warm(other.app, 'ore-dy-instanca', ['accessories']);
    expect((await adminCall('DELETE', '/api/admin/products/ore-dy-instanca')).statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect(await seen('ore-dy-instanca')).toBeUndefined();
      expect((await list(other.app, 'accessories')).map((p) => p.id)).not.toContain('ore-dy-instanca');
      expect((await detail(other.app, 'ore-dy-instanca')).status).toBe(404);
    });
  });

  it('an edit on the other instance shows on this one too', async () => {
    const target = (await list(t.app))[5]!;
    await warm(t.app, target.id, []);
    const otherAdmin = await other.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${target.id}`,
      headers: admin.auth,
      payload: { name: 'Nga Instanca Tjetër', price: 10 },
    });
    expect(otherAdmin.statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect((await detail(t.app, target.id)).body).toMatchObject({ name: 'Nga Instanca Tjetër', price: 10 });
    });
  });
});

// PGlite runs inside this process: there is no connection to lose, so this is PostgreSQL's alone.
describe.runIf(process.env.DATABASE_URL)('on PostgreSQL, when the listening connection is lost', () => {
  it('turns the cache off, then listens again with an empty cache, so no change is missed', async () => {
    const target = (await list(t.app))[7]!;
    await warm(t.app, target.id, []);
    const setLive = vi.spyOn(t.app.productCache, 'setLive');
    // Ends the LISTEN connections of both instances, as a restart of PostgreSQL or a network cut would.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN products_changed'`,
    );
    await vi.waitFor(() => expect(setLive).toHaveBeenCalledWith(false));
    await t.db.update(products).set({ name: 'Gjatë ndërprerjes', priceCents: 777 }).where(eq(products.id, target.id));
    await vi.waitFor(() => expect(setLive).toHaveBeenLastCalledWith(true), { timeout: 10_000 });
    await vi.waitFor(async () => {
      expect((await detail(t.app, target.id)).body).toMatchObject({ name: 'Gjatë ndërprerjes', price: 7.77 });
      expect((await list(t.app)).find((p) => p.id === target.id)).toMatchObject({ name: 'Gjatë ndërprerjes', price: 7.77 });
    });
    expect(t.app.productCache.isLive).toBe(true);
    await vi.waitFor(() => expect(other.app.productCache.isLive).toBe(true), { timeout: 10_000 });
    setLive.mockRestore();
  });
});
