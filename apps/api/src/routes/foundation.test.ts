import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, countRows, type TestApp } from '../test/harness';
import { seedProducts } from '../db/seed/products';
import { seedGiftCards } from '../db/seed/giftcards';
import { seedBlogPosts } from '../db/seed/blog';
import { seedCatalogue } from '../db/seed/seed';
import { ensureAdmin } from '../db/bootstrap';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers ok once the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('seeded catalogue', () => {
  it('holds the whole catalogue with the spec counts', async () => {
    expect(await countRows(t, 'products')).toBe(24 + 12 + 11 + 8);
    expect(await countRows(t, 'gift_cards')).toBe(16);
    expect(await countRows(t, 'blog_posts')).toBe(2);
    expect(seedProducts.filter((p) => p.collection === 'home').map((p) => p.sku)).toEqual(
      Array.from({ length: 24 }, (_, i) => String(100001 + i)),
    );
    expect(seedGiftCards).toHaveLength(16);
    expect(seedBlogPosts).toHaveLength(2);
  });

  it('runs once: a second seed changes nothing', async () => {
    expect(await seedCatalogue(t.db)).toBe(false);
    expect(await countRows(t, 'products')).toBe(55);
  });

  it('creates the configured first admin once', async () => {
    const before = await countRows(t, 'users');
    await ensureAdmin(t.db, { email: 'other@test.local', password: 'another-pass-1' }, { info() {}, warn() {} });
    expect(await countRows(t, 'users')).toBe(before);
  });
});

describe('GET /api/products', () => {
  it('lists products with the fields of the spec, prices in euros', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list).toHaveLength(55);
    // A product without options (the seed's first phones have colours and sizes: they add `colors`
    // and `hasOptions`, issue 27, decision 039).
    const first = list.find((p) => p.id === 'airpods-pro-2')!;
    const grouped = list[0]!;
    expect(grouped.id).toBe('iphone-16-pro-max');
    expect(Object.keys(grouped).sort()).toEqual([...Object.keys(first), 'colors', 'hasOptions'].sort());
    expect(grouped).toMatchObject({
      hasOptions: true,
      colors: expect.arrayContaining([expect.objectContaining({ name: 'Titanium i zi' })]),
    });
    // The spec's fields, the stock as shoppers see it (issue 14) and the honest rating (issue 18).
    expect(Object.keys(first).sort()).toEqual(
      // ... and the first photo's copies (issue 17; null for an image link).
      [
        'category',
        'desc',
        'description',
        'id',
        'image',
        'imageAvifSrcset',
        'imageSrcset',
        'name',
        'oldPrice',
        'price',
        // The variants' lowest and highest price (issue 27, decision 039).
        'priceFrom',
        'priceTo',
        'stock',
        'rating',
        'reviewCount',
      ].sort(),
    );
    // A fresh database has no reviews, so no product has a rating.
    expect(list.every((p) => p.rating === 0 && p.reviewCount === 0)).toBe(true);
    expect(first.stock).toMatchObject({ status: expect.stringMatching(/^(in-stock|low|out-of-stock)$/) });
    expect(first.desc).toBe(first.description);
    expect(typeof first.price).toBe('number');
  });

  it('filters by collection', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?collection=iphone' });
    expect(res.json()).toHaveLength(12);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products?collection=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/collection/);
  });

  it('finds one product case-insensitively and says Produkt jo i gjetur otherwise', async () => {
    const id = seedProducts[0]!.id;
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(id);
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/nuk-ekziston' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: 'Produkt jo i gjetur' });
  });

  it('answers bad requests with JSON errors in Albanian', async () => {
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/products' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toEqual({ msg: 'Kjo metodë nuk lejohet për këtë adresë.' });
    expect(String(wrongMethod.headers.allow).split(', ').sort()).toEqual(expect.arrayContaining(['GET', 'POST']));
    const wrongOnParam = await t.app.inject({ method: 'PATCH', url: '/api/products/iphone-16-pro-max' });
    expect(wrongOnParam.statusCode).toBe(405);
    expect(wrongOnParam.headers.allow).toContain('GET');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nuk-ekziston' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: 'Kjo adresë e API-së nuk ekziston.' });
    // POST /api/products needs an admin (checked before the body is read), so the limit is tested as one.
    const { auth: adminAuth } = await createUser(t, { role: 'admin' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json', ...adminAuth },
      payload: JSON.stringify({ name: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ msg: 'Kërkesa është shumë e madhe.' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 401, 404]).toContain(badJson.statusCode);
    expect(badJson.json().msg).toBeTruthy();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the API set of security headers on every kind of API answer: cached, error, unknown address, wrong method', async () => {
    const expected = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    };
    for (const [method, url] of [
      ['GET', '/api/products'],
      ['GET', '/api/products'],
      ['GET', '/api/products?collection=iphone'],
      ['GET', '/api/products/nuk-ekziston'],
      ['GET', '/api/nuk-ekziston'],
      ['DELETE', '/api/products'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.headers, `${method} ${url}`).toMatchObject(expected);
      // Page-only headers stay off API answers.
      expect(res.headers['cross-origin-opener-policy'], `${method} ${url}`).toBeUndefined();
    }
  });

  it("sends helmet's page set on pages: the web app's addresses and the API's browsable docs", async () => {
    const page = {
      'content-security-policy':
        "default-src 'self';script-src 'self' https://accounts.google.com/gsi/client;" +
        "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style;img-src 'self' data: blob: https:;media-src 'self';" +
        "font-src 'self';connect-src 'self' https://accounts.google.com/gsi/;frame-src https://accounts.google.com/gsi/;" +
        "frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const app = await t.app.inject({ method: 'GET', url: '/produkte/nje-faqe' });
    expect(app.headers).toMatchObject(page);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const { 'content-security-policy': _ownCsp, ...rest } = page;
    // The docs page sets its own CSP (@fastify/swagger-ui's staticCSP); the rest is the page set.
    expect(docs.headers).toMatchObject({ ...rest, 'cache-control': 'no-store' });
    expect(String(docs.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('OpenAPI', () => {
  it('describes the API at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/products']).toBeDefined();
    // The product reads answer cached JSON text; the document still describes what it holds.
    const list = res.json().paths['/api/products'].get.responses['200'].content['application/json'].schema;
    expect(list.type).toBe('array');
    expect(Object.keys(list.items.properties)).toEqual([
      'id',
      'name',
      'description',
      'desc',
      'price',
      'oldPrice',
      'image',
      'imageSrcset',
      'imageAvifSrcset',
      'category',
      'stock',
      'priceFrom',
      'priceTo',
      'colors',
      'hasOptions',
      'rating',
      'reviewCount',
    ]);
    const one = res.json().paths['/api/products/{id}'].get.responses['200'].content['application/json'].schema;
    expect(one.properties).toMatchObject({ id: { type: 'string' }, price: { type: 'number' }, specs: { type: 'object' } });
  });
});
