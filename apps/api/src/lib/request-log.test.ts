import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { prepareDatabase } from '../startup';
import { createTestDatabase } from '../test/harness';
import type { Database } from '../db/client';
import { logsRequest } from './request-log';

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('one log line per request (decision 030)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let jwtSecret: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    database = created.database;
    drop = created.drop;
    ({ jwtSecret } = await prepareDatabase(database, testConfig(), { info() {}, warn() {} }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });

  /** An app logging at info into an array, with these settings. */
  async function appWith(overrides: Partial<Config>): Promise<{ app: FastifyInstance; lines: Line[] }> {
    const lines: Line[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line);
        done();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'info', ...overrides });
    const app = await buildApp({ config, database, jwtSecret, logger: { level: 'info', stream } });
    await app.ready();
    apps.push(app);
    lines.length = 0;
    return { app, lines };
  }

  const requestLines = (lines: Line[]) => lines.filter((l) => l.req !== undefined);

  it('by default writes nothing for successful reads, one line for a write and for an error', async () => {
    const { app, lines } = await appWith({});
    expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/products/iphone-16-pro-max' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/products?collection=iphone' })).statusCode).toBe(200);
    expect(lines).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/products/no-such-phone' })).statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/products/no-such-phone' } });
    expect(lines[0]!.res).toEqual({ statusCode: 404 });
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);

    lines.length = 0;
    const ok = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'log-line@example.com' } });
    expect(ok.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { method: 'POST', url: '/api/newsletter' }, res: { statusCode: 200 } });

    lines.length = 0;
    const bad = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ res: { statusCode: 400 } });
  });

  it('with LOG_REQUESTS=all writes exactly one line for every request, reads included', async () => {
    const { app, lines } = await appWith({ LOG_REQUESTS: 'all' });
    for (const url of ['/api/products', '/api/products/iphone-16-pro-max', '/api/health']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(requestLines(lines).map((l) => [l.req!.url, l.res!.statusCode])).toEqual([
      ['/api/products', 200],
      ['/api/products/iphone-16-pro-max', 200],
      ['/api/health', 200],
    ]);
    expect(lines).toHaveLength(3);
  });

  it('with LOG_REQUESTS=errors writes only answers of 400 and up', async () => {
    const { app, lines } = await appWith({ LOG_REQUESTS: 'errors' });
    await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'errors-mode@example.com' } });
    await app.inject({ method: 'GET', url: '/api/products' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(lines.map((l) => l.res?.statusCode)).toEqual([404]);
  });

  it('always writes a slow request, as a warning', async () => {
    const { app, lines } = await appWith({ LOG_REQUESTS: 'errors', LOG_SLOW_MS: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'slow request', req: { url: '/api/products' }, res: { statusCode: 200 } });
  });

  it('decides by mode, method, status and time', () => {
    expect(logsRequest('changes', 'GET', 200, false)).toBe(false);
    expect(logsRequest('changes', 'HEAD', 304, false)).toBe(false);
    expect(logsRequest('changes', 'DELETE', 204, false)).toBe(true);
    expect(logsRequest('changes', 'GET', 500, false)).toBe(true);
    expect(logsRequest('changes', 'GET', 200, true)).toBe(true);
    expect(logsRequest('errors', 'POST', 201, false)).toBe(false);
    expect(logsRequest('errors', 'POST', 409, false)).toBe(true);
    expect(logsRequest('all', 'GET', 200, false)).toBe(true);
  });
});
