import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { msg } from '@shop/shared/messages';
import errorsPlugin, { isDbUnavailable } from './errors';

/** What pg, pg-pool and Drizzle throw when PostgreSQL goes away, as the resilience suite saw them. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const drizzleWrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

const unavailable: [string, Error][] = [
  ['fast shutdown (57P01)', drizzleWrapped(pgError('57P01', 'terminating connection due to administrator command'))],
  ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
  ['refused', drizzleWrapped(refused())],
  ['refused on every address', new AggregateError([refused(), refused()], 'connect failed')],
  ['connection lost mid-query', drizzleWrapped(new Error('Connection terminated unexpectedly'))],
  ['connection lost between statements', drizzleWrapped(new Error('Client has encountered a connection error and is not queryable'))],
  ['no free pooled connection in time', drizzleWrapped(new Error('timeout exceeded when trying to connect'))],
  ['connect timeout', new Error('timeout expired')],
];

describe('database out of reach', () => {
  it.each(unavailable)('%s is recognised', (_name, err) => {
    expect(isDbUnavailable(err)).toBe(true);
  });

  it('other errors are not', () => {
    expect(isDbUnavailable(new Error('boom'))).toBe(false);
    expect(isDbUnavailable(drizzleWrapped(pgError('23505', 'duplicate key value violates unique constraint')))).toBe(false);
    expect(isDbUnavailable(undefined)).toBe(false);
  });

  it.each(unavailable)('%s answers 503 with retry-after and the Albanian { msg }', async (_name, err) => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/x', async () => {
      throw err;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ msg: msg.unavailable });
    await app.close();
  });
});
