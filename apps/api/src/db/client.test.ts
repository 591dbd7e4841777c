import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { lockOwnerGone } from './data-dir-lock';
import { prepareDatabase } from '../startup';
import { testConfig } from '../config';
import { products, users } from './schema';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDatabase } from '../test/harness';
import { isDbUnavailable } from '../plugins/errors';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const silent = { info() {}, warn: () => {} };

/** Each test opens a whole PGlite database (WASM start, migrations, seed): minutes on a busy machine. */
const PGLITE_TEST_TIMEOUT = 180_000;

describe('PGlite on a data folder (also when the suite runs on PostgreSQL)', { timeout: PGLITE_TEST_TIMEOUT }, () => {
  it('locks the folder, keeps data across a restart and seeds only once', async () => {
    const config = testConfig();
    const first = await openPglite(dir);
    await prepareDatabase(first, config, silent);
    await expect(openPglite(dir)).rejects.toThrow(/in use/);
    await first.db.delete(products).where(eq(products.id, (await first.db.select().from(products).limit(1))[0]!.id));
    const count = (await first.db.select().from(products)).length;
    await first.close();

    const second = await openPglite(dir);
    await prepareDatabase(second, config, silent);
    expect((await second.db.select().from(products)).length).toBe(count);
    const admins = await second.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    await second.close();
  });
});

describe('PGlite folder lock left behind by a killed process', { timeout: PGLITE_TEST_TIMEOUT }, () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-test-'));
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  /** A folder as a process leaves it when it is killed while holding the lock: lock and note. */
  function leftLocked(name: string, owner: object): string {
    const dir = path.join(base, name);
    fs.mkdirSync(path.join(dir, '.lock'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.lock-owner.json'), JSON.stringify(owner));
    return dir;
  }

  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => child.once('exit', r));
    return child.pid!;
  }

  it('is taken over at once when its owner no longer runs', async () => {
    const dir = leftLocked('dead', { pid: await deadPid(), host: os.hostname() });
    const db = await openPglite(dir);
    await db.ping();
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock-owner.json'), 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(openPglite(dir)).rejects.toThrow(/in use/);
    await db.close();
    expect(fs.existsSync(path.join(dir, '.lock-owner.json'))).toBe(false);
  });

  it('is taken over when the pid now belongs to a process started later (pid reused)', async () => {
    const dir = leftLocked('reused', { pid: process.pid, host: os.hostname(), started: 'earlier' });
    const db = await openPglite(dir);
    await db.close();
  });

  it('is respected while its owner runs, and when the owner is on another host', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const dir = leftLocked('live', { pid: live.pid, host: os.hostname() });
      await expect(openPglite(dir)).rejects.toThrow(/in use/);
      expect(lockOwnerGone({ pid: live.pid!, host: os.hostname() })).toBe(false);
      expect(lockOwnerGone({ pid: await deadPid(), host: `not-${os.hostname()}` })).toBe(false);
    } finally {
      live.kill('SIGKILL');
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool when a connection is ended', () => {
  it('a transaction whose connection ends between two statements fails as unavailable; the process and the pool go on', async () => {
    const { database, drop } = await createTestDatabase();
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      const failed = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        // As PostgreSQL's shutdown does: the server ends the connection (57P01) while no statement runs.
        await other.query('select pg_terminate_backend($1)', [result.rows[0]!.pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toSatisfy(isDbUnavailable);
      await database.ping();
    } finally {
      await other.end();
      await drop();
    }
  });
});
