/** Where the resilience tests get their PostgreSQL and the settings every server they start gets. */
import path from 'node:path';
import type { ShopServer, ShopStorage } from '../../tools/shop-server';
import { runId } from './shop';
import { postgresBinDir, startPrivatePostgres } from './pg-cluster';

let serverSeq = 0;

/**
 * Settings for one test server: a rate-limit namespace of its own in Redis (so runs, and other
 * suites sharing the machine's Redis, never count each other's attempts), the order abuse limits
 * lifted (these tests send hundreds of orders per customer from one address on purpose; the
 * limits themselves are tested in apps/api), plus `extra`.
 */
export function serverEnv(extra: Record<string, string> = {}, namespace = `res-${runId}-${++serverSeq}:`): Record<string, string> {
  return {
    RATE_LIMIT_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    ORDER_MAX_OPEN: '1000000',
    // Their customers register and order at once, unverified (decision 028): lifted as well.
    UNVERIFIED_ORDER_MAX_OPEN: '1000000',
    UNVERIFIED_ORDER_MAX_UNITS: '100000000',
    RATE_LIMIT_ORDERS_MAX: '1000000',
    RATE_LIMIT_ORDERS_IP_MAX: '1000000',
    ...extra,
  };
}

export const databaseUrl = process.env.DATABASE_URL || undefined;
export const redisUrl = process.env.REDIS_URL || undefined;

/** PostgreSQL is there for the tests that need it: DATABASE_URL, or a private cluster we can start. */
export const postgresAvailable = Boolean(databaseUrl || postgresBinDir());

/**
 * A PostgreSQL server for the tests that need one: DATABASE_URL when set (each test still makes
 * its own database on it), else a private cluster started for the file.
 */
export async function postgresServer(): Promise<{ url: string; source: string; dispose: () => Promise<void> }> {
  if (databaseUrl) return { url: databaseUrl, source: 'DATABASE_URL', dispose: async () => {} };
  const pg = await startPrivatePostgres();
  return { url: pg.url, source: `private cluster on port ${pg.port}`, dispose: () => pg.dispose() };
}

/** A server's log inside its storage's temporary folder, so it goes when the storage is disposed. */
export function logFileIn(storage: Pick<ShopStorage, 'dataDir'>, name = 'server'): string {
  return path.join(path.dirname(storage.dataDir), `${name}.log`);
}

/** The end of a server's log, for a failure message. */
export function logTail(server: ShopServer, chars = 4000): string {
  const log = server.log();
  return log.length > chars ? `…${log.slice(-chars)}` : log;
}
