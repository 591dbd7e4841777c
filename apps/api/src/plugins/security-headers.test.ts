import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** HSTS (issue 13): sent exactly when the shop's public address is https. */
describe('Strict-Transport-Security', () => {
  let https: TestApp;
  let http: TestApp;
  beforeAll(async () => {
    [https, http] = await Promise.all([
      createTestApp({ PUBLIC_URL: 'https://shop.example' }),
      createTestApp({ PUBLIC_URL: 'http://localhost:3000' }),
    ]);
  });
  afterAll(() => Promise.all([https.close(), http.close()]));

  it('is on every answer (pages, API, docs) when PUBLIC_URL is https', async () => {
    for (const url of ['/', '/api/health', '/api/products', '/api/docs/json', '/api/nothing-here']) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('is never sent over a plain-http address (nor without PUBLIC_URL)', async () => {
    for (const url of ['/', '/api/health', '/api/docs/json']) {
      const res = await http.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
