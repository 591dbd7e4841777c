import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { opsText } from '@shop/shared/messages-ops';
import * as schema from './schema';
import { makePrivate, OwnerOnlyNodeFS, prepareDataDir, type PrivateOptions } from './data-dir';
import { lockDataDir } from './data-dir-lock';

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
  /**
   * The committed migrations (drizzle/meta/_journal.json) this database has not applied, by tag;
   * empty when it is up to date. Fails when the database cannot be reached.
   */
  pendingMigrations(): Promise<string[]>;
  /** Connections for /metrics: PostgreSQL's pool; PGlite is one connection inside the process. */
  poolStats(): PoolStats;
  close(): Promise<void>;
  /**
   * Follows committed changes to the products table, by this or any other process, through the
   * products_changed notification (migration 0001). `onChange` runs after each change;
   * `onListening(false)` says changes may be missed from now on (connection lost), and
   * `onListening(true)` that they are followed (again). Resolves with a function that stops.
   */
  watchProducts(handlers: ChangeHandlers): Promise<() => Promise<void>>;
}

export interface PoolStats {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open now. */
  total: number;
  /** Open connections not handed out (PostgreSQL only). */
  idle?: number;
  /** Queries waiting for a connection (PostgreSQL only). */
  waiting?: number;
}

interface ChangeHandlers {
  onChange(): void;
  onListening(listening: boolean): void;
}

const PRODUCTS_CHANNEL = 'products_changed';
/** How often the listening connection is checked, and how long a check may take, on PostgreSQL. */
const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one could be handed to a query meanwhile). When the
 * connection drops or stops answering, the handlers hear `onListening(false)` at once, and it
 * connects again with a growing pause until it listens again.
 */
async function listenPostgres(url: string, channel: string, handlers: ChangeHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = 250;
  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    current = client;
    let heartbeat: NodeJS.Timeout | undefined = undefined;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      handlers.onListening(false);
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (!stopped) {
        retry = setTimeout(() => void connect(), pause);
        pause = Math.min(pause * 2, 10_000);
      }
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.onChange();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lose();
      return;
    }
    if (stopped || lost) return;
    pause = 250;
    handlers.onListening(true);
    // A connection that silently went away (no FIN, no error) would leave the listener deaf.
    heartbeat = setInterval(() => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('heartbeat timeout')), HEARTBEAT_TIMEOUT_MS).unref());
      Promise.race([client.query('select 1'), timeout]).catch(lose);
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };
  // The first attempt is awaited, so an instance starts with its cache on.
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
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

interface JournalEntry {
  tag: string;
  /** drizzle's migrator records it as the migration's created_at. */
  when: number;
}

let journal: JournalEntry[] | undefined;
/** The committed migrations, read once (they are part of the build). */
function committedMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] })
    .entries;
  return journal;
}

/**
 * The committed migrations missing from drizzle's own record (drizzle.__drizzle_migrations, one
 * row per applied migration with the journal's `when` as created_at). No record at all (a database
 * never migrated) means all of them.
 */
async function pendingMigrationsOf(query: (text: string) => Promise<{ rows: { created_at: unknown }[] }>): Promise<string[]> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as created_at`);
  const applied = exists.rows[0]?.created_at
    ? new Set((await query('select created_at from drizzle.__drizzle_migrations')).rows.map((r) => String(r.created_at)))
    : new Set<string>();
  return committedMigrations()
    .filter((m) => !applied.has(String(m.when)))
    .map((m) => m.tag);
}

const STARTUP_LOCK_ID = 746_202_611;

/**
 * How long a request may wait for a free connection when all of the pool's are busy (a burst of
 * load): long, so a busy shop queues rather than failing; past it the request gets a 503.
 */
const POOL_WAIT_MS = 30_000;
/**
 * How long opening one new connection may take (PostgreSQL down or out of reach): short, so
 * requests fail fast with a 503 during an outage instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * pg's pool uses one setting for both waits above; its clients get their own, shorter connect
 * timeout through this subclass.
 */
class FastConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: POOL_WAIT_MS,
    Client: FastConnectClient,
    // Notice a peer that vanished without closing the connection (a network cut).
    keepAlive: true,
    // No JIT compilation: the shop's statements take milliseconds, and compiling one the planner
    // thinks costly (the catalogue's facets over 10,000 products) took 80-100 ms more than running
    // it (decision 039). An `options` parameter in DATABASE_URL overrides this.
    options: '-c jit=off',
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may one checked out for a transaction: pg-pool takes its own listener off while a client
  // is out, so a connection ended between two statements (PostgreSQL shutting down, 57P01) would
  // be an unhandled 'error' event. With this listener the next statement fails instead (a 503) and
  // the pool drops the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let poolEnded = false;
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
    pendingMigrations: () => pendingMigrationsOf((text) => pool.query(text)),
    poolStats: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      // Idempotent, as on PGlite (pg's pool refuses a second end()).
      if (poolEnded) return;
      poolEnded = true;
      await pool.end();
    },
    watchProducts: (handlers) => listenPostgres(url, PRODUCTS_CHANNEL, handlers),
  };
}

/**
 * PGlite's PostgreSQL keeps 160 MB of shared buffers by default, all of it resident from the
 * start. The shop's data is a few megabytes (and PGlite reads its files through the operating
 * system's cache anyway), so 32 MB holds all of it and saves about 110 MB (decision 008).
 */
export const pgliteOptions = {
  postgresqlconf: ["shared_buffers = '32MB'"],
  // The catalogue's search (migration 0009, decision 022): trigrams for typos, unaccent for ë/ç.
  extensions: { pg_trgm, unaccent },
};

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. PGlite runs initdb in
 * a second WebAssembly instance beside the first; a process that did it keeps about 850 MB
 * resident for good (WebAssembly memory never shrinks, and the dead instance lingers), while one
 * that opens an existing folder holds about 400 MB (decision 008).
 *
 * The child's files come out 0666 (PGlite's tarball of initdb's files), inside a DATA_DIR that is
 * already 0700 so no one else can reach them; the caller makes them private before going on
 * (decision 024). The child's umask keeps the rest owner-only.
 */
async function initPgliteFolder(pgdata: string): Promise<void> {
  const script = `process.umask(0o077);
const { PGlite } = require(process.env.PGLITE_MODULE);
(async () => { const db = new PGlite(process.env.PGLITE_DATA); await db.waitReady; await db.close(); })()
  .catch((err) => { console.error(err); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', script], {
    env: { ...process.env, PGLITE_MODULE: createRequire(import.meta.url).resolve('@electric-sql/pglite'), PGLITE_DATA: pgdata },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * A PGlite on the folder `pgdata` through `OwnerOnlyNodeFS` (decision 024): nothing it writes is
 * readable by group or others. Also for backups and restores (db/backup.ts).
 */
export function pgliteOnFolder(pgdata: string, options: Omit<PGliteOptions, 'dataDir' | 'fs'> = {}): PGlite {
  return new PGlite({ ...pgliteOptions, ...options, dataDir: pgdata, fs: new OwnerOnlyNodeFS(pgdata) });
}

export interface PgliteOpenOptions extends PrivateOptions {
  /** Hears the warning that an older folder had files others could read (the server's log). */
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * Embedded PostgreSQL (PGlite). dataDir undefined means in memory (tests).
 * A lock on the folder keeps a second process from opening the same data. The folder and all in
 * it are readable by this process's user only (decision 024): made so at open (an older folder is
 * repaired, with a warning that its secrets may have been read), kept so by `OwnerOnlyNodeFS`, and
 * a folder that belongs to another user or cannot be made private is refused (`DataDirNotPrivate`).
 */
export async function openPglite(dataDir?: string, opts: PgliteOpenOptions = {}): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    const hadData = fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
    const repaired = prepareDataDir(dataDir, opts);
    if (hadData && repaired.readableFiles > 0)
      opts.log?.warn(
        { dataDir, readableFiles: repaired.readableFiles },
        `${opsText.dataDirRepaired(dataDir, repaired.readableFiles)} / The data folder had ${repaired.readableFiles} files other local users could read (now owner-only): the JWT secret, sessions and password hashes may have leaked. Rotate the secret: set a new JWT_SECRET, or delete the jwt_secret row of app_settings (everyone signs in again).`,
      );
    release = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    const pgdata = dataDir && path.join(dataDir, 'pgdata');
    if (pgdata && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
      await initPgliteFolder(pgdata);
      makePrivate(dataDir, opts);
    }
    client = pgdata ? pgliteOnFolder(pgdata) : new PGlite(pgliteOptions);
    await client.waitReady;
    // The lock's files and whatever PostgreSQL wrote at start, checked once more.
    if (dataDir) makePrivate(dataDir, opts);
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
    pendingMigrations: () => pendingMigrationsOf((text) => client.query<{ created_at: unknown }>(text)),
    poolStats: () => ({ max: 1, total: closed ? 0 : 1 }),
    // One process owns the database: its own notifications arrive as each write's result is read.
    watchProducts: async (handlers) => {
      const unlisten = await client.listen(PRODUCTS_CHANNEL, () => handlers.onChange());
      handlers.onListening(true);
      return async () => {
        handlers.onListening(false);
        if (!closed) await unlisten().catch(() => {});
      };
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

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  log?: PgliteOpenOptions['log'];
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir, { log: opts.log });
}
