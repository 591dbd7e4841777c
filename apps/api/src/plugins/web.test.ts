import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Dyqani</title>');
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
      // Any other unknown address is the spec's redirect to '/', done by the app.
      ['/nuk/ekziston', 200],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Dyqani');
    }
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
