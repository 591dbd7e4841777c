/**
 * Backups of the whole shop in one file, and bringing a shop back from one (decision 020):
 *
 * - PGlite (the embedded default): PGlite's own dump of its data folder (`dumpDataDir`, a gzip
 *   tarball of PostgreSQL's files), restored by opening an empty folder with it (`loadDataDir`).
 *   The folder is locked by a running server, so the shop is stopped for the few seconds it takes
 *   (the lock refuses otherwise: a copy is never taken of files that are being written).
 * - PostgreSQL (DATABASE_URL): `pg_dump` in its custom format, taken from one consistent snapshot
 *   while the shop runs; restored by `pg_restore`'s SQL run through `psql` in one transaction
 *   (all or nothing). Both tools come with PostgreSQL's client (PG_DUMP, PG_RESTORE, PSQL name others).
 *
 * A restore goes into an empty database only, unless forced: then PGlite's old folder is moved
 * aside (kept), and PostgreSQL's schemas are dropped first, in the same transaction as the restore.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pgliteOnFolder } from './client';
import { lockDataDir } from './data-dir-lock';
import { makePrivate, prepareDataDir } from './data-dir';

const run = promisify(execFile);

export type BackupKind = 'pglite' | 'postgres';

/** Refusals the command line explains in Albanian (the rest are failures with the tool's own words). */
export class BackupRefused extends Error {
  constructor(
    readonly reason: 'no-data' | 'in-use' | 'not-empty' | 'unknown-file' | 'needs-postgres' | 'needs-pglite',
    readonly where: string,
  ) {
    super(`${reason}: ${where}`);
  }
}

/** Where the PGlite files of a DATA_DIR live (as in client.ts openPglite). */
const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');
const hasPgliteData = (dataDir: string) => fs.existsSync(path.join(pgdataOf(dataDir), 'PG_VERSION'));

/** A backup file's kind by its first bytes: pg_dump's custom format starts with PGDMP, PGlite's dump is gzip. */
export function backupKindOf(file: string): BackupKind | undefined {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const n = fs.readSync(fd, head, 0, 5, 0);
    if (n === 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** The file name a backup gets when none is given: backups/shop-<kind>-<UTC time>.<ext>. */
export function defaultBackupFile(kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return path.join('backups', `shop-${kind}-${stamp}${kind === 'pglite' ? '.tar.gz' : '.dump'}`);
}

/**
 * Writes `file` by way of a temporary file beside it, readable by its owner only (a backup holds
 * password hashes, the JWT secret and 2FA secrets): a failed backup never leaves half a file
 * under the real name.
 */
async function writeAtomically(file: string, write: (tmp: string) => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial-${process.pid}`;
  try {
    fs.writeFileSync(tmp, '', { mode: 0o600 });
    await write(tmp);
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** Takes the data folder's lock, or refuses in Albanian when a running server holds it. */
async function lockOrRefuse(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof Error && /in use by another process/.test(err.message)) throw new BackupRefused('in-use', dataDir);
    throw err;
  }
}

/** PGlite: the data folder's dump, taken under the folder's lock (so never while a server writes it). */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!hasPgliteData(dataDir)) throw new BackupRefused('no-data', dataDir);
  // Opening the folder writes to it (WAL, postmaster.pid): owner-only, as the server's (decision 024).
  prepareDataDir(dataDir);
  const release = await lockOrRefuse(dataDir);
  try {
    const client = pgliteOnFolder(pgdataOf(dataDir));
    try {
      await client.waitReady;
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      await writeAtomically(file, async (tmp) => fs.writeFileSync(tmp, bytes));
    } finally {
      await client.close();
    }
  } finally {
    await release();
  }
}

/** The connection string without its password, and the password for PGPASSWORD (kept off the command line). */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const PG_DUMP = () => process.env.PG_DUMP ?? 'pg_dump';
const PG_RESTORE = () => process.env.PG_RESTORE ?? 'pg_restore';
const PSQL = () => process.env.PSQL ?? 'psql';

/** The tool's own message (its stderr) when it failed. */
function toolError(tool: string, err: unknown): Error {
  const e = err as { stderr?: string; message?: string; code?: string };
  if (e.code === 'ENOENT')
    return new Error(`${tool} not found (install PostgreSQL's client tools, or set ${tool.toUpperCase().replace('-', '_')})`);
  return new Error(`${tool}: ${(e.stderr || e.message || String(err)).trim()}`);
}

/** PostgreSQL: pg_dump's custom format (compressed, one consistent snapshot, safe while the shop runs). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = splitPassword(databaseUrl);
  await writeAtomically(file, async (tmp) => {
    try {
      await run(PG_DUMP(), ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, `--dbname=${url}`], {
        env,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (err) {
      throw toolError('pg_dump', err);
    }
  });
}

/** Tables and rows of a database, for the restore's summary. */
async function countRows(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<{ tables: number; rows: number }> {
  const tables = (
    await query(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => String(r.name));
  if (tables.length === 0) return { tables: 0, rows: 0 };
  const res = await query(`select (${tables.map((t) => `(select count(*) from ${t})`).join(' + ')})::bigint as n`);
  return { tables: tables.length, rows: Number(res.rows[0]?.n ?? 0) };
}

export interface RestoreResult {
  tables: number;
  rows: number;
  /** PGlite with force: where the data that was there went. */
  movedAside?: string;
}

/** PGlite: a new data folder made from the dump. An existing shop is refused unless `force` (then moved aside). */
export async function restorePglite(file: string, dataDir: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  if (backupKindOf(file) !== 'pglite') throw new BackupRefused(backupKindOf(file) === 'postgres' ? 'needs-postgres' : 'unknown-file', file);
  // The folder and the restored files are readable by their owner only, as the server keeps them
  // (decision 024): a folder of another user is refused before anything is written.
  prepareDataDir(dataDir);
  const release = await lockOrRefuse(dataDir);
  try {
    const pgdata = pgdataOf(dataDir);
    let movedAside: string | undefined;
    if (fs.existsSync(pgdata)) {
      if (hasPgliteData(dataDir) && !opts.force) throw new BackupRefused('not-empty', dataDir);
      movedAside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
      fs.renameSync(pgdata, movedAside);
      // An unfinished folder (no PG_VERSION) is no shop: nothing worth keeping.
      if (!hasPgliteData(dataDir) && !fs.existsSync(path.join(movedAside, 'PG_VERSION'))) {
        fs.rmSync(movedAside, { recursive: true, force: true });
        movedAside = undefined;
      }
    }
    const client = pgliteOnFolder(pgdata, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    let result: RestoreResult;
    try {
      await client.waitReady;
      const counts = await countRows((text) => client.query<Record<string, unknown>>(text));
      await client.exec('CHECKPOINT');
      result = { ...counts, movedAside };
    } finally {
      await client.close();
    }
    makePrivate(dataDir);
    return result;
  } finally {
    await release();
  }
}

/**
 * Runs pg_restore's SQL through psql in one transaction, after `prelude` (ON_ERROR_STOP: the first
 * error rolls it all back). psql, not pg_restore alone, so the drops of a forced restore are part
 * of the same transaction as the restore.
 */
function restoreScript(file: string, databaseUrl: string, prelude: string): Promise<void> {
  const { url, env } = splitPassword(databaseUrl);
  return new Promise((resolve, reject) => {
    const restore = spawn(PG_RESTORE(), ['--no-owner', '--no-privileges', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const psql = spawn(PSQL(), ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${url}`, '--file=-'], {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const errors = { pg_restore: '', psql: '' };
    restore.stderr.on('data', (d: Buffer) => (errors.pg_restore += d.toString()));
    psql.stderr.on('data', (d: Buffer) => (errors.psql += d.toString()));
    const codes: Partial<Record<'pg_restore' | 'psql', number | null>> = {};
    let failed: Error | undefined;
    const done = (tool: 'pg_restore' | 'psql', code: number | null) => {
      codes[tool] = code;
      if (!('pg_restore' in codes) || !('psql' in codes)) return;
      if (failed) return reject(failed);
      // A psql error names the SQL that failed; pg_restore's says the file is unreadable.
      if (codes.pg_restore !== 0) return reject(toolError('pg_restore', { stderr: errors.pg_restore || `exit ${codes.pg_restore}` }));
      if (codes.psql !== 0) return reject(toolError('psql', { stderr: errors.psql || `exit ${codes.psql}` }));
      resolve();
    };
    for (const [tool, child] of [
      ['pg_restore', restore],
      ['psql', psql],
    ] as const) {
      child.on('error', (err) => {
        failed ??= toolError(tool, err);
        done(tool, null);
      });
      child.on('close', (code) => done(tool, code));
    }
    psql.stdin.on('error', () => {}); // psql stopping at an error closes its input
    psql.stdin.write(prelude);
    restore.stdout.pipe(psql.stdin);
  });
}

/**
 * PostgreSQL: the dump's SQL into the database of `databaseUrl`, in one transaction. A database
 * with tables (or schemas of its own) is refused unless `force`; then every schema but
 * PostgreSQL's own is dropped first, in the same transaction, so a failed restore leaves the old
 * shop as it was.
 */
export async function restorePostgres(file: string, databaseUrl: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  if (backupKindOf(file) !== 'postgres') throw new BackupRefused(backupKindOf(file) === 'pglite' ? 'needs-pglite' : 'unknown-file', file);
  const where = new URL(databaseUrl).pathname.replace(/^\//, '') || 'DATABASE_URL';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const before = await countRows((text) => client.query(text));
    const schemas = (
      await client.query<{ name: string }>(
        `select quote_ident(nspname) as name from pg_namespace
         where nspname not like 'pg\\_%' and nspname not in ('information_schema', 'public')`,
      )
    ).rows.map((r) => r.name);
    if ((before.tables > 0 || schemas.length > 0) && !opts.force) throw new BackupRefused('not-empty', where);
    // pg_restore never creates public ("initdb creates it"): it is made again empty.
    const prelude = [
      ...schemas.map((s) => `drop schema ${s} cascade;`),
      'drop schema if exists public cascade;',
      'create schema public;',
      '',
    ].join('\n');
    await restoreScript(file, databaseUrl, prelude);
    return await countRows((text) => client.query(text));
  } finally {
    await client.end();
  }
}
