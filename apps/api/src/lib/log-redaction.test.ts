import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { prepareDatabase } from '../startup';
import { createTestDatabase } from '../test/harness';
import { redactUrl } from './log-redaction';
import { loggerOptions } from './logger-options';

describe('redactUrl', () => {
  it('replaces the values of secret parameters and keeps the rest', () => {
    expect(redactUrl('/?token=eyJhbGciOi.x.y')).toBe('/?token=[redacted]');
    expect(redactUrl('/rivendos-fjalekalimin?token=abc&lang=sq')).toBe('/rivendos-fjalekalimin?token=[redacted]&lang=sq');
    expect(redactUrl('/api/products?q=iphone&page=2')).toBe('/api/products?q=iphone&page=2');
    expect(redactUrl('/x?TOKEN=a&%74oken=b&code=123456')).toBe('/x?TOKEN=[redacted]&%74oken=[redacted]&code=[redacted]');
    expect(redactUrl('/x?token')).toBe('/x?token=[redacted]');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });
});

describe('finding 2: tokens in the address never reach the logs', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    // Every request's line (decision 030: by default successful reads have none).
    const config = testConfig({ LOG_LEVEL: 'info', LOG_REQUESTS: 'all' });
    const { jwtSecret } = await prepareDatabase(created.database, config, { info() {}, warn() {} });
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, database: created.database, jwtSecret, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('logs sign-in, verification and reset links with the token redacted', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJlLXNlY3JldA';
    for (const url of [
      `/?token=${secret}`,
      `/verifiko-email?token=${secret}`,
      `/rivendos-fjalekalimin?token=${secret}&x=1`,
      `/api/health?token=${secret}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('c2VjcmV0LXBheWxvYWQ');
  });
});

describe('issue 24 finding 9: the repair tracking link never reaches the logs', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const lines: string[] = [];

  it('redacts kodi, imei and the other tracking proofs like token', () => {
    expect(redactUrl('/servisi/statusi?kodi=R-7K2M9Q4XHD&imei=3456')).toBe('/servisi/statusi?kodi=[redacted]&imei=[redacted]');
    expect(redactUrl('/servisi/statusi?KODI=R-7K2M9Q4XHD&%69mei=3456&proof=044123456&phone=1&telefoni=2&pin=2580&faqe=2')).toBe(
      '/servisi/statusi?KODI=[redacted]&%69mei=[redacted]&proof=[redacted]&phone=[redacted]&telefoni=[redacted]&pin=[redacted]&faqe=2',
    );
  });

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    // Every request's line (decision 030: by default successful reads have none).
    const config = testConfig({ LOG_LEVEL: 'info', LOG_REQUESTS: 'all' });
    const { jwtSecret } = await prepareDatabase(created.database, config, { info() {}, warn() {} });
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The options the server starts with when stdout is not a terminal (server.ts), writing here instead of stdout.
    const options = loggerOptions({ LOG_LEVEL: 'info' }, false);
    app = await buildApp({ config, database: created.database, jwtSecret, logger: { ...options, stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('logs the tracking page and the API asked with the code and IMEI in the address, both redacted', async () => {
    const code = 'R-7K2M9Q4XHD';
    for (const url of [
      `/servisi/statusi?kodi=${code}&imei=3456`,
      `/servisi/statusi?imei=3456&kodi=${encodeURIComponent(code)}`,
      `/api/repairs/track?kodi=${code}&imei=3456&telefoni=044123456`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('kodi=[redacted]');
    expect(log).toContain('imei=[redacted]');
    expect(log).not.toContain('7K2M9Q4XHD');
    expect(log).not.toContain('imei=3456');
    expect(log).not.toContain('telefoni=044123456');
    const urls = lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => (JSON.parse(l) as { req?: { url: string } }).req?.url);
    expect(urls.filter((u) => u?.includes('kodi'))).toEqual([
      '/servisi/statusi?kodi=[redacted]&imei=[redacted]',
      '/servisi/statusi?imei=[redacted]&kodi=[redacted]',
      '/api/repairs/track?kodi=[redacted]&imei=[redacted]&telefoni=[redacted]',
    ]);
  });
});
