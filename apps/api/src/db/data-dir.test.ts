import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { opsText } from '@shop/shared/messages-ops';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteOnFolder, pgliteOptions, type Database } from './client';
import { DataDirNotPrivate, makePrivate } from './data-dir';
import { exposedEntries, readableByOthers } from '../test/modes';

/**
 * Issue 24 finding 1 (decision 024): PGlite's data folder held 968 files of mode 0666 (the WAL with
 * the JWT secret, the sessions and the password hashes). These run on PGlite whatever DATABASE_URL
 * says: the folder is PGlite's alone.
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-dir-test-'));
const umaskBefore = process.umask();
const open: Database[] = [];

afterAll(async () => {
  for (const db of open) await db.close().catch(() => {});
  process.umask(umaskBefore);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Writes of a shop at work: tables, rows, an index, a rewrite of a table (new files), a checkpoint. */
async function someWrites(db: Database, round: number) {
  await db.db.execute(sql.raw(`create table if not exists notes_${round} (id serial primary key, body text not null)`));
  await db.db.execute(sql.raw(`insert into notes_${round} (body) select repeat('sekret ', 50) || g from generate_series(1, 2000) g`));
  await db.db.execute(sql.raw(`create index on notes_${round} (body)`));
  await db.db.execute(sql.raw(`vacuum full notes_${round}`));
  await db.db.execute(sql.raw('checkpoint'));
}

async function openTracked(dir: string, opts: Parameters<typeof openPglite>[1] = {}) {
  const db = await openPglite(dir, opts);
  open.push(db);
  return db;
}

async function closeTracked(db: Database) {
  await db.close();
  open.splice(open.indexOf(db), 1);
}

describe('issue 24 finding 1: the PGlite data folder is readable by its owner only', () => {
  const dir = path.join(scratch, 'fresh-022');

  for (const umask of [0o022, 0o000]) {
    it(`a fresh folder under umask ${umask.toString(8).padStart(4, '0')} has no entry group or others can read, write or enter, after open and writes`, async () => {
      const where = umask === 0o022 ? dir : path.join(scratch, 'fresh-000');
      process.umask(umask);
      const db = await openTracked(where);
      // The server's umask is now 0077; put the careless one back, so what follows shows that
      // PGlite's own files are created private (OwnerOnlyNodeFS), not only by the umask.
      process.umask(umask);
      if (umask === 0o022) await db.migrate();
      await someWrites(db, 1);
      expect(exposedEntries(where), 'while the database is open').toEqual([]);
      await someWrites(db, 2);
      await closeTracked(db);
      expect(exposedEntries(where), 'after close').toEqual([]);
      expect(readableByOthers(where)).toBe(0);
      expect(fs.statSync(where).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(where, 'pgdata', 'PG_VERSION')).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.join(where, 'pgdata', 'pg_wal')).length).toBeGreaterThan(0);
    }, 180_000);
  }

  it('repairs a folder an older version left readable (0666 files, 0777 folders) at open, and warns that the secret may have leaked', async () => {
    // As the old server left it: every file 0666, every folder 0777.
    let files = 0;
    const loosen = (p: string) => {
      const st = fs.lstatSync(p);
      fs.chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
      if (st.isDirectory()) for (const name of fs.readdirSync(p)) loosen(path.join(p, name));
      else files++;
    };
    loosen(dir);
    expect(readableByOthers(dir)).toBeGreaterThan(900);
    process.umask(0o022);
    const warnings: string[] = [];
    const db = await openTracked(dir, { log: { warn: (_obj, msg) => warnings.push(msg ?? '') } });
    expect(exposedEntries(dir)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(opsText.dataDirRepaired(dir, files));
    expect(warnings[0]).toContain('JWT_SECRET');
    // The repaired shop still works.
    await someWrites(db, 3);
    await closeTracked(db);
    expect(exposedEntries(dir)).toEqual([]);

    // A folder that was private already opens without a warning.
    const again = await openTracked(dir, { log: { warn: (_obj, msg) => warnings.push(msg ?? '') } });
    await closeTracked(again);
    expect(warnings).toHaveLength(1);
  }, 120_000);

  it("OwnerOnlyNodeFS alone writes PGlite's files private: a dump loaded under umask 0022, checked while open (PGlite's plain NodeFS leaves most of them 0666)", async () => {
    const source = pgliteOnFolder(path.join(scratch, 'fresh-000', 'pgdata'));
    await source.waitReady;
    const dump = await source.dumpDataDir('gzip');
    await source.close();
    process.umask(0o022);

    // No umask of 0077 and no walk of the folder here: only what PGlite's file system does.
    const plainDir = path.join(scratch, 'plain', 'pgdata');
    fs.mkdirSync(path.dirname(plainDir));
    const plain = new PGlite({ ...pgliteOptions, dataDir: plainDir, loadDataDir: dump });
    await plain.waitReady;
    const before = readableByOthers(plainDir);
    await plain.close();
    expect(before, 'the old behaviour: files others can read').toBeGreaterThan(900);

    const ownerOnlyDir = path.join(scratch, 'owner-only', 'pgdata');
    const ownerOnly = pgliteOnFolder(ownerOnlyDir, { loadDataDir: dump });
    try {
      await ownerOnly.waitReady;
      await ownerOnly.exec(`create table t (x text); insert into t select repeat('x', 1000) from generate_series(1, 3000); checkpoint;`);
      expect(exposedEntries(ownerOnlyDir)).toEqual([]);
    } finally {
      await ownerOnly.close();
    }
    expect(exposedEntries(ownerOnlyDir)).toEqual([]);
  }, 120_000);

  it('refuses a folder, or one file in it, that belongs to another user, in Albanian and English, before taking the lock', async () => {
    const me = process.getuid!();
    const stranger = me + 4242;
    const control = path.join(dir, 'pgdata', 'global', 'pg_control');
    // As root the file really gets another owner; otherwise this process is told it runs as another user.
    const asRoot = me === 0;
    const check = asRoot ? {} : { uid: stranger };
    if (asRoot) fs.chownSync(control, stranger, stranger);
    try {
      const refused = await openPglite(dir, check).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(DataDirNotPrivate);
      const err = refused as DataDirNotPrivate;
      expect(err.reason).toBe('foreign-owner');
      const [owner, uid, where] = asRoot ? [stranger, me, control] : [me, stranger, dir];
      expect(err.message).toBe(
        `${opsText.dataDirForeignOwner(where, owner, uid)} / The data folder entry ${where} belongs to another user (uid ${owner}, this process runs as uid ${uid}): refusing to start. Run the shop as the folder's owner, or give the folder to this user (chown -R).`,
      );
      expect(err.albanian).toBe(opsText.dataDirForeignOwner(where, owner, uid));
      // No lock was left behind: the folder opens once it is the shop's own again.
      expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    } finally {
      if (asRoot) fs.chownSync(control, me, me);
    }
    const db = await openTracked(dir);
    await closeTracked(db);
  }, 120_000);

  it('refuses what it cannot make private (chmod fails), naming the entry and the error', () => {
    // /proc/self/status is 0444 and chmod on it fails with EPERM, even for root: a real refusal.
    let refused: unknown;
    try {
      makePrivate('/proc/self/status');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirNotPrivate);
    const err = refused as DataDirNotPrivate;
    expect(err.reason).toBe('cannot-chmod');
    expect(err.albanian).toBe(opsText.dataDirCannotChmod('/proc/self/status', 'EPERM'));
    expect(err.message).toContain('cannot be made readable by its owner only (EPERM): refusing to start');
  });
});
