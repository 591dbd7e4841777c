import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breadcrumbCategory } from '@shop/shared/domain/routes';
import type { Product } from '@shop/shared/schemas/product';
import { createTestApp, type TestApp } from '../test/harness';
import { adminActors } from '../test/admin-helpers';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="sq"><head><meta name="description" content="Dyqani i parazgjedhur" /><title>Dyqani</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1);'.repeat(200));
  fs.writeFileSync(path.join(root, 'default-product.jpg'), 'jpg');
  // As the web build writes them: a brotli and a gzip copy beside the file.
  const css = Buffer.from('.a{color:red}'.repeat(200));
  fs.writeFileSync(path.join(root, 'assets', 'app-def456.css'), css);
  fs.writeFileSync(path.join(root, 'assets', 'app-def456.css.br'), zlib.brotliCompressSync(css));
  fs.writeFileSync(path.join(root, 'assets', 'app-def456.css.gz'), zlib.gzipSync(css));
  t = await createTestApp({ WEB_DIST: root });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html for / and for client routes, never cached', async () => {
    for (const url of ['/', '/products/iphone', '/nuk/ekziston']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Dyqani');
    }
  });

  it('answers a guest order page (its address is its secret) uncached, noindex, without a Referer, and never keeps it (decision 042)', async () => {
    const before = t.app.pageCache!.size;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/porosia-ime/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(t.app.pageCache!.size).toBe(before);
  });

  it('says in every page that Google sign-in is not configured, so the login screens show no Google button (issue 26)', async () => {
    for (const url of ['/', '/login', '/kycu', '/products/iphone']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, url).toContain('<meta name="google-signin-client_id" content="" />');
    }
  });

  it('answers 404 (with the app, which says so) for a product or blog post that does not exist', async () => {
    const product = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<{ id: string }[]>()[0]!;
    const post = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json<{ id: string }[]>()[0]!;
    const cases: [string, number][] = [
      [`/products/${product.id}`, 200],
      [`/products/${product.id.toUpperCase()}`, 200],
      ['/products/nuk-ekziston-kjo', 404],
      [`/blog/${post.id}`, 200],
      ['/blog/nuk-ekziston', 404],
      ['/products', 200],
      ['/products/samsung', 200],
      ['/blog', 200],
      // Any other unknown address is the spec's redirect to '/': without a server renderer (this
      // build has none) the app does it; with one, the server (page-forms.test.ts, issue 26).
      ['/nuk/ekziston', 200],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  interface Ld {
    '@type': string;
    image: string[];
    offers: { availability: string };
    itemListElement: { position: number; name: string }[];
    [key: string]: unknown;
  }

  it('gives a product page and a blog post their own title, description, canonical, preview tags and valid JSON-LD', async () => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld);
    // A product without options (the seed's iPhone 16 Pro Max has colours and sizes: a ProductGroup, below).
    const product = (await t.app.inject({ method: 'GET', url: '/api/products/airpods-pro-2' })).json<
      Pick<Product, 'id' | 'name' | 'price' | 'sku' | 'category' | 'collection'>
    >();
    const page = await t.app.inject({ method: 'GET', url: '/products/AIRPODS-PRO-2' });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(`<title>${product.name} | MobileShop KS</title>`);
    expect(html).not.toContain('Dyqani i parazgjedhur');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const base = `http://localhost:${t.config.PORT}`;
    expect(html).toContain(`<link rel="canonical" href="${base}/products/${product.id}"`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${base}/images/[^"]+"`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    const [offerData, crumbs] = jsonLd(html);
    // schema.org Product: name, image, offers (Offer: price, priceCurrency, availability) are what rich results need.
    expect(offerData).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: product.name, sku: product.sku });
    expect(offerData!.image[0]).toMatch(/^http:\/\/localhost:\d+\/images\//);
    expect(offerData!.offers).toMatchObject({
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'EUR',
      url: `${base}/products/${product.id}`,
    });
    expect(offerData!.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(crumbs!.itemListElement.map((i) => [i.position, i.name])).toEqual([
      [1, 'Ballina'],
      [2, breadcrumbCategory(product).label],
      [3, product.name],
    ]);

    const post = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json<{ id: string; title: string; date: string }[]>()[0]!;
    const article = (await t.app.inject({ method: 'GET', url: `/blog/${post.id}` })).body;
    expect(article).toContain(`<title>${post.title} | MobileShop KS</title>`);
    expect(jsonLd(article)[0]).toMatchObject({ '@type': 'BlogPosting', headline: post.title, datePublished: post.date });
    // Pages without their own head keep the app's.
    expect((await t.app.inject({ method: 'GET', url: '/products/samsung' })).body).toContain('<title>Dyqani</title>');
  });

  it('gives a product with options a ProductGroup with a Product and an Offer per variant (decision 039)', async () => {
    const { admin } = await adminActors(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Telefon me variante', price: 899, sku: 'TMV' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}/variants`,
      headers: admin.auth,
      payload: {
        options: [
          { name: 'Ngjyra', values: ['Titanium i zi', 'E bardhë'] },
          { name: 'Memoria', values: ['256 GB'] },
        ],
        variants: [
          { values: ['Titanium i zi', '256 GB'], sku: 'TMV-BLK', price: 899, stock: 3, barcode: '4006381333931' },
          { values: ['E bardhë', '256 GB'], sku: 'TMV-WHT', price: 949, stock: 0 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = new Map(saved.json<{ variants: { id: number; sku: string }[] }>().variants.map((v) => [v.sku, v.id]));
    const html = (await t.app.inject({ method: 'GET', url: `/products/${id}` })).body;
    const [group] = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const base = `http://localhost:${t.config.PORT}`;
    const url = `${base}/products/${id}`;
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Telefon me variante',
      productGroupID: 'TMV',
      url,
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
    });
    expect(group).not.toHaveProperty('offers');
    const offer = (price: string, availability: string, variantId: number) => ({
      '@type': 'Offer',
      price,
      priceCurrency: 'EUR',
      availability: `https://schema.org/${availability}`,
      url: `${url}?variant=${variantId}`,
    });
    expect(group!.hasVariant).toMatchObject([
      {
        '@type': 'Product',
        name: 'Telefon me variante (Titanium i zi / 256 GB)',
        sku: 'TMV-BLK',
        gtin: '4006381333931',
        color: 'Titanium i zi',
        size: '256 GB',
        offers: offer('899.00', 'LimitedAvailability', ids.get('TMV-BLK')!),
      },
      {
        '@type': 'Product',
        name: 'Telefon me variante (E bardhë / 256 GB)',
        sku: 'TMV-WHT',
        color: 'E bardhë',
        size: '256 GB',
        offers: offer('949.00', 'OutOfStock', ids.get('TMV-WHT')!),
      },
    ]);
    const variants = group!.hasVariant as Record<string, unknown>[];
    expect(variants[1]).not.toHaveProperty('gtin');
    expect((variants[0]!.image as string[])[0]).toMatch(/^http:\/\/localhost:\d+\//);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the precompressed copies of the build as they are, and the plain file to a client without compression', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-def456.css', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/css');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('.a{color:red}'.repeat(200));

    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-def456.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('.a{color:red}'.repeat(200));

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-def456.css', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('.a{color:red}'.repeat(200));
  });

  it('answers a missing file with 404 and unknown API paths with JSON', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ msg: 'Kjo adresë e API-së nuk ekziston.' });
  });
});
