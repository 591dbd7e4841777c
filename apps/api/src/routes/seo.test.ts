import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { indexedPagePaths, servicePageSlugs } from '@shop/shared/domain/routes';
import { seedBlogPosts } from '../db/seed/blog';
import { createTestApp, createUser, type TestApp } from '../test/harness';

const BASE = 'https://dyqani.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: BASE });
});
afterAll(async () => {
  await t?.close();
});

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap's addresses and their lastmod, read with a strict XML parser (a malformed document throws). */
async function sitemap(): Promise<Map<string, string | undefined>> {
  const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  const urls = [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')];
  return new Map(
    urls.map((u) => [
      u.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent!,
      u.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? undefined,
    ]),
  );
}

describe('/sitemap.xml', () => {
  it('lists the fixed shopper pages, every product, every catalogue and every blog post on the public address, with lastmod', async () => {
    const urls = await sitemap();
    const products = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string }[];
    expect(products.length).toBeGreaterThan(50);
    for (const path of indexedPagePaths) expect(urls.has(BASE + path), path).toBe(true);
    for (const slug of servicePageSlugs) expect(urls.has(`${BASE}/sherbimet/${slug}`)).toBe(true);
    for (const p of products) expect(urls.get(`${BASE}/products/${p.id}`), p.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const post of seedBlogPosts) expect(urls.get(`${BASE}/blog/${post.id}`)).toBe(post.date);
    expect(urls.get(`${BASE}/products/iphone`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(urls.size).toBe(indexedPagePaths.length + products.length + seedBlogPosts.length);
    // Accounts, cart, checkout and admin pages are not in it.
    for (const loc of urls.keys()) expect(loc).not.toMatch(/\/(admin|cart|checkout|profile|porosia|warranty)/);
  });

  it('holds a product an admin adds, at once', async () => {
    const admin = await createUser(t, { role: 'admin', name: 'Admin Sitemap' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Karikues Sitemap 65W', price: 29.9 },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    const urls = await sitemap();
    expect(urls.get(`${BASE}/products/${id}`)).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('/robots.txt', () => {
  it('names the sitemap on the public address and keeps accounts, admin and the API out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    for (const p of ['/api/', '/admin', '/profile', '/cart', '/checkout', '/porosia']) expect(res.body).toContain(`Disallow: ${p}\n`);
    expect(res.body).toContain('User-agent: *');
  });
});
