import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { prepareDatabase } from '../startup';
import { createTestDatabase } from '../test/harness';
import { redactUrl } from './log-redaction';

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
    const config = testConfig({ LOG_LEVEL: 'info' });
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
    expect(log).toContain('incoming request');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('c2VjcmV0LXBheWxvYWQ');
  });
});
