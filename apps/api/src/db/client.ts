import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database handle or an open transaction on it: repositories accept both. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations (under an advisory lock on PostgreSQL, so instances can start together). */
  migrate(): Promise<void>;
  /** Runs fn while holding the start-up lock (migrations, seed, first admin). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The drizzle/ folder with the committed migrations, found from this file whether bundled or not. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (drizzle/) not found');
}

const STARTUP_LOCK_ID = 746_202_611;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
      client.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    withStartupLock,
    migrate: () => withStartupLock(() => migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() })),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * Embedded PostgreSQL (PGlite). dataDir undefined means in memory (tests).
 * A lock on the folder keeps a second process from opening the same data.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, {
        realpath: false,
        stale: 15_000,
        update: 5_000,
        lockfilePath: path.join(dataDir, '.lock'),
        onCompromised: () => {},
      });
    } catch {
      throw new Error(`The data folder ${dataDir} is in use by another process (lock ${path.join(dataDir, '.lock')}).`);
    }
  }
  let client: PGlite;
  try {
    client = dataDir ? new PGlite(path.join(dataDir, 'pgdata')) : new PGlite();
    await client.waitReady;
  } catch (err) {
    await release?.();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    // One process owns the folder, so the folder lock is the start-up lock.
    withStartupLock: (fn) => fn(),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        if (dataDir) await client.exec('CHECKPOINT');
        await client.close();
      } finally {
        await release?.();
      }
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}
