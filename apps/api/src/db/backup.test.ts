import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { opsText } from '@shop/shared/messages-ops';
import { buildApp } from '../app';
import { openPglite, openPostgres, type Database, type Db } from './client';
import { backupKindOf } from './backup';
import { prepareDatabase } from '../startup';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { completeWarrantySheet, placeOrder, storefrontProducts } from '../test/admin-helpers';
import { makePhoto, multipartBody } from '../test/photos';
import { exposedEntries, readableByOthers } from '../test/modes';

/**
 * The backup round trip of issue 17 (decision 020), through the real commands (`npm run backup`,
 * `npm run restore`): a shop with orders, warranty sheets, accounts, mail and the rest is backed
 * up, restored into an empty database, and every table of every schema (drizzle's record of the
 * migrations included) holds the same rows, as does every sequence. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */

const pgUrl = process.env.DATABASE_URL;
const kind = pgUrl ? 'postgres' : 'pglite';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Runs `npm run <script> -- args` as an operator would (the script's command, without npm's noise). */
async function shopCommand(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const file = path.join(repoRoot, 'apps/api/src/scripts', `${script}.ts`);
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: repoRoot,
      env: { ...base, INIT_CWD: scratch, LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(res: unknown) => (res as Rows<T>).rows;

/**
 * Every table of every schema but PostgreSQL's own, generically: its row count and the md5 of its
 * rows as text in order; and every sequence's position. A table added later (product photos, ...)
 * is covered without a change here.
 */
async function contents(db: Db): Promise<{ tables: Record<string, { rows: number; digest: string }>; sequences: Record<string, string> }> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    ),
  ).map((r) => r.name);
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const name of tables) {
    const [row] = rowsOf<{ n: number; digest: string }>(
      await db.execute(
        sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${name} t`),
      ),
    );
    out[name] = { rows: Number(row!.n), digest: row!.digest };
  }
  const sequences: Record<string, string> = {};
  for (const s of rowsOf<{ name: string }>(
    await db.execute(
      sql`select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences
          where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    ),
  )) {
    const [row] = rowsOf<{ v: string }>(await db.execute(sql.raw(`select last_value::text || '/' || is_called::text as v from ${s.name}`)));
    sequences[s.name] = row!.v;
  }
  return { tables: out, sequences };
}

const CUSTOMER_PASSWORD = 'Qershia-Rugova-Lugina-7!';

/** A shop as it is after some weeks: accounts, sessions, 2FA, orders and their history, sheets, mail, the newsletter. */
async function fillShop(t: TestApp) {
  const admin = await createUser(t, { role: 'admin', name: 'Admin Kopja' });
  const customer = await createUser(t, { name: 'Klientja Ëmë Çelik', password: CUSTOMER_PASSWORD });
  const list = await storefrontProducts(t);
  const inject = (method: 'POST' | 'PATCH', url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers });

  // An account made by registering (its verification token and mail), a sign-in (a session), 2FA set up.
  expect(
    (await inject('POST', '/api/auth/register', { name: 'Blerina', email: 'blerina@example.com', password: 'Lumi-Drini-Bardhe-2026!' }))
      .statusCode,
  ).toBe(201);
  expect((await inject('POST', '/api/auth/login', { email: customer.user.email, password: CUSTOMER_PASSWORD })).statusCode).toBe(200);
  expect((await inject('POST', '/api/auth/2fa/setup', {}, admin.auth)).statusCode).toBe(200);

  // Orders (one with an Idempotency-Key), one moved on by the admin (history and audit log).
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await placeOrder(t, customer, [{ id: list[i]!.id, price: list[i]!.price, quantity: i + 1 }]));
  const keyed = await inject(
    'POST',
    '/api/orders',
    { items: [{ id: list[4]!.id, quantity: 1, price: list[4]!.price }], total: list[4]!.price },
    { ...customer.auth, 'idempotency-key': 'kopja-rezerve-0001-abcdef' },
  );
  expect(keyed.statusCode, keyed.body).toBe(201);
  expect((await inject('PATCH', `/api/admin/orders/${orders[0]!.id}`, { status: 'confirmed' }, admin.auth)).statusCode).toBe(200);

  // Warranty sheets: a printed one, a draft, and text as typed (letters of the language, a formula).
  for (const sheet of [
    { ...completeWarrantySheet, status: 'printed' },
    { ...completeWarrantySheet, emri: 'Çlirim', mbiemri: 'Gëzuar', status: 'draft' },
    { ...completeWarrantySheet, emri: '=HYPERLINK("http://x")', status: 'printed' },
  ]) {
    const res = await inject('POST', '/api/admin/warranty', sheet, admin.auth);
    expect(res.statusCode, res.body).toBe(201);
  }
  expect((await inject('POST', '/api/newsletter', { email: 'lajme@example.com' })).statusCode).toBeLessThan(300);

  // The confirmed order delivered, and its customer's review of what it held.
  expect((await inject('PATCH', `/api/admin/orders/${orders[0]!.id}`, { status: 'delivered' }, admin.auth)).statusCode).toBe(200);
  const review = await inject(
    'POST',
    `/api/products/${list[0]!.id}/reviews`,
    { rating: 4, text: 'Shumë i mirë, çmim i drejtë.' },
    customer.auth,
  );
  expect(review.statusCode, review.body).toBe(201);
  // ... and its line returned (order_returns, decision 051).
  const item = (await t.db.execute(sql`select id from order_items where order_id = ${orders[0]!.id} order by id limit 1`)) as unknown as {
    rows: { id: number }[];
  };
  const orderReturn = await inject(
    'POST',
    `/api/admin/orders/${orders[0]!.id}/returns`,
    { lines: [{ itemId: item.rows[0]!.id, quantity: 1 }], restock: true, refundMethod: 'cash', reason: 'I papërdorur' },
    admin.auth,
  );
  expect(orderReturn.statusCode, orderReturn.body).toBe(201);

  // Two photos of a product (their rows and their copies' bytes).
  const upload = multipartBody([
    { name: 'a.png', bytes: await makePhoto(300, 240, 'png') },
    { name: 'b.png', bytes: await makePhoto(260, 260, 'png', { seed: 5 }) },
  ]);
  const photos = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${list[5]!.id}/images`,
    headers: { ...admin.auth, ...upload.headers },
    payload: upload.payload,
  });
  expect(photos.statusCode, photos.body).toBe(201);
  // The same product in two colours, each with its own photo (options, values, variants and their photos; decision 039).
  const adminList = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin.auth })).json() as {
    id: string;
    photos: { id: number }[];
  }[];
  const photoIds = adminList.find((p) => p.id === list[5]!.id)!.photos.map((p) => p.id);
  const variants = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${list[5]!.id}/variants`,
    headers: admin.auth,
    payload: {
      options: [{ name: 'Ngjyra', values: ['E zezë', 'E bardhë'] }],
      variants: [
        { values: ['E zezë'], sku: 'BACKUP-ZI', price: list[5]!.price, stock: 3, barcode: '4006381333931', images: [photoIds[0]] },
        { values: ['E bardhë'], sku: 'BACKUP-BARDHE', price: list[5]!.price + 10, images: [photoIds[1]] },
      ],
    },
  });
  expect(variants.statusCode, variants.body).toBe(200);

  // A phone received by its IMEI (stock_units, issue 28).
  const variantRows = (await t.db.execute(sql`select id from product_variants where sku = 'BACKUP-ZI'`)) as unknown as {
    rows: { id: number }[];
  };
  const received = await inject(
    'POST',
    '/api/admin/units/receive',
    { variantId: variantRows.rows[0]!.id, imeis: ['490154203237518'] },
    admin.auth,
  );
  expect(received.statusCode, received.body).toBe(201);

  // A sale at the counter (counter_sales and its lines, decision 044).
  const white = (await t.db.execute(sql`select id from product_variants where sku = 'BACKUP-BARDHE'`)) as unknown as {
    rows: { id: number }[];
  };
  const sold = await inject(
    'POST',
    '/api/admin/counter-sales',
    { receiptNo: 'FK-BACKUP', lines: [{ variantId: white.rows[0]!.id, quantity: 1 }], payment: { pos: list[5]!.price + 10 } },
    admin.auth,
  );
  expect(sold.statusCode, sold.body).toBe(201);
  // ... and a return of it (counter_returns).
  const sale = (sold.json() as { sale: { id: number; lines: { id: number }[] } }).sale;
  const returned = await inject(
    'POST',
    `/api/admin/counter-sales/${sale.id}/returns`,
    { lines: [{ lineId: sale.lines[0]!.id, quantity: 1 }], restock: true, refundMethod: 'pos', reason: 'I papërdorur' },
    admin.auth,
  );
  expect(returned.statusCode, returned.body).toBe(201);
  // The day of Arka 2 closed (day_closes, decision 051).
  const closed = await inject(
    'POST',
    '/api/admin/day-close',
    { till: 'Arka 2', day: '2026-01-15', openingFloat: 20, countedCash: 20 },
    admin.auth,
  );
  expect(closed.statusCode, closed.body).toBe(201);

  // A gift card issued by hand and adjusted (store_gift_cards and its ledger, decision 048).
  const card = await inject('POST', '/api/admin/gift-cards', { value: 25, reason: 'Kredi dyqani' }, admin.auth);
  expect(card.statusCode, card.body).toBe(201);
  const adjusted = await inject(
    'POST',
    `/api/admin/gift-cards/${card.json().card.id}/adjust`,
    { amount: -5, reason: 'Gabim në shumë' },
    admin.auth,
  );
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  // A discount code (discount_codes, decision 049).
  const code = await inject('POST', '/api/admin/discount-codes', { code: 'KOPJE10', kind: 'percent', value: 10 }, admin.auth);
  expect(code.statusCode, code.body).toBe(201);
  // A scheduled sale price (sale_price_schedules, decision 050).
  const planned = await inject(
    'POST',
    '/api/admin/sale-prices',
    {
      productId: list[5]!.id,
      variantIds: [white.rows[0]!.id],
      percent: 10,
      startsAt: '2030-11-28T00:00:00+01:00',
      endsAt: '2030-11-30T00:00:00+01:00',
    },
    admin.auth,
  );
  expect(planned.statusCode, planned.body).toBe(201);

  // A repair ticket with a sealed PIN, moved once (its history).
  const ticket = await inject(
    'POST',
    '/api/admin/repairs',
    {
      customerName: 'Arta Krasniqi',
      customerPhone: '044 123 456',
      brand: completeWarrantySheet.marka,
      model: completeWarrantySheet.modeli,
      imei: completeWarrantySheet.imei,
      fault: 'Ekrani i thyer',
      pin: '4321',
      estimate: 80,
    },
    admin.auth,
  );
  expect(ticket.statusCode, ticket.body).toBe(201);
  const moved = await inject('POST', `/api/admin/repairs/${ticket.json().id}/status`, { status: 'diagnosing' }, admin.auth);
  expect(moved.statusCode, moved.body).toBe(200);
}

async function openTarget(target: { dataDir?: string; url?: string }): Promise<Database> {
  return target.url ? openPostgres(target.url, 3) : openPglite(target.dataDir);
}

async function emptyPostgresDatabase(): Promise<string> {
  const name = `shop_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const u = new URL(pgUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

describe(`npm run backup and npm run restore (${kind})`, () => {
  it('backs up a shop with orders and warranty sheets, restores it into an empty database and finds every row', async () => {
    const sourceDir = path.join(scratch, 'source');
    const t = await createTestApp({}, pgUrl ? {} : { pgliteDir: sourceDir });
    let open = true;
    cleanups.push(async () => open && t.close());
    await fillShop(t);
    const before = await contents(t.db);

    // Every table holds rows, so "equal after the restore" means something for each (a new table
    // needs rows here: add them to fillShop).
    const empty = Object.entries(before.tables).filter(([, v]) => v.rows === 0);
    expect(
      empty.map(([n]) => n),
      'tables without rows in the backed-up shop',
    ).toEqual([]);
    expect(before.tables['public.orders']!.rows).toBe(4);
    expect(before.tables['public.warranty_sheets']!.rows).toBe(3);
    expect(before.tables['drizzle.__drizzle_migrations']!.rows).toBeGreaterThanOrEqual(5);

    const file = path.join(scratch, `shop.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
    const sourceEnv: Record<string, string> = pgUrl ? { DATABASE_URL: t.databaseUrl! } : { DATA_DIR: sourceDir };
    if (!pgUrl) {
      // A running server holds PGlite's folder: the backup refuses, in Albanian, and writes nothing.
      const refused = await shopCommand('backup', [file], sourceEnv);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(opsText.dataDirInUse(sourceDir));
      expect(fs.existsSync(file)).toBe(false);
      await t.close();
      open = false;
    }
    // On PostgreSQL the shop keeps running: pg_dump reads one consistent snapshot.
    const backup = await shopCommand('backup', [path.basename(file)], sourceEnv);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(opsText.backupSecrets);
    expect(fs.existsSync(file), 'a relative FILE is taken from where the command was typed').toBe(true);
    expect(fs.statSync(file).mode & 0o777, 'only its owner may read a backup').toBe(0o600);
    expect(backupKindOf(file)).toBe(kind);
    expect(fs.readdirSync(scratch).filter((f) => f.includes('.partial'))).toEqual([]);

    // Restore into an empty database.
    const target = pgUrl ? { url: await emptyPostgresDatabase() } : { dataDir: path.join(scratch, 'restored') };
    const targetEnv: Record<string, string> = target.url ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir! };
    const restore = await shopCommand('restore', [file], targetEnv);
    expect(restore.code, restore.stderr).toBe(0);
    // Issue 24 finding 1: the restored folder is readable by its owner only.
    if (target.dataDir) expect(exposedEntries(target.dataDir)).toEqual([]);
    const totalRows = Object.values(before.tables).reduce((s, v) => s + v.rows, 0);
    expect(restore.stdout).toContain(`${Object.keys(before.tables).length} tabela, ${totalRows} rreshta`);

    let restored = await openTarget(target);
    try {
      const after = await contents(restored.db);
      expect(after.tables).toEqual(before.tables);
      expect(after.sequences).toEqual(before.sequences);
      expect(await restored.pendingMigrations()).toEqual([]);
    } finally {
      await restored.close();
    }

    // A second restore over it is refused without --force, and changes nothing.
    const again = await shopCommand('restore', [file], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(opsText.restoreNotEmpty(target.url ? new URL(target.url).pathname.slice(1) : target.dataDir!));

    // The restored shop runs: ready, the customer signs in with her password, a new order gets a new number.
    restored = await openTarget(target);
    try {
      const config = { ...t.config };
      const { jwtSecret } = await prepareDatabase(restored, config, { info() {}, warn() {} });
      const app = await buildApp({ config, database: restored, jwtSecret, logger: false });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'blerina@example.com', password: 'Lumi-Drini-Bardhe-2026!' },
        });
        expect(login.statusCode, login.body).toBe(200);
        const token = (login.json() as { token: string }).token;
        const [p] = (await app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number }[];
        const order = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${token}` },
          payload: { items: [{ id: p!.id, quantity: 1, price: p!.price }], total: p!.price },
        });
        expect(order.statusCode, order.body).toBe(201);
        const maxBefore = Number(
          rowsOf<{ m: number }>(
            await restored.db.execute(
              sql`select max(id)::int as m from orders where id <> ${(order.json() as { order: { id: number } }).order.id}`,
            ),
          )[0]!.m,
        );
        expect((order.json() as { order: { id: number } }).order.id).toBeGreaterThan(maxBefore);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }

    // --force puts the backup back over a shop that moved on (the new order is gone again).
    const forced = await shopCommand('restore', [file, '--force'], targetEnv);
    expect(forced.code, forced.stderr).toBe(0);
    if (!pgUrl) {
      const aside = fs.readdirSync(target.dataDir!).filter((f) => f.startsWith('pgdata.before-restore-'));
      expect(aside).toHaveLength(1);
      expect(forced.stdout).toContain(opsText.restoreMovedAside(path.join(target.dataDir!, aside[0]!)));
      // The new folder and the one moved aside alike (issue 24 finding 1).
      expect(exposedEntries(target.dataDir!)).toEqual([]);
    }
    restored = await openTarget(target);
    try {
      const after = await contents(restored.db);
      expect(after.tables).toEqual(before.tables);
      expect(after.sequences).toEqual(before.sequences);
    } finally {
      await restored.close();
    }
  }, 240_000);

  it('refuses what it cannot use, in Albanian: no file, not a backup, the other kind of backup, no arguments', async () => {
    const junk = path.join(scratch, 'junk.bin');
    fs.writeFileSync(junk, 'not a backup at all');
    const env: Record<string, string> = pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: path.join(scratch, 'never') };

    const none = await shopCommand('restore', [], env);
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toBe(opsText.restoreUsage);
    const missing = await shopCommand('restore', ['no-such-file.dump'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(opsText.restoreMissingFile(path.join(scratch, 'no-such-file.dump')));
    const unknown = await shopCommand('restore', [junk], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(opsText.restoreUnknownFile(junk));

    // A pg_dump file without DATABASE_URL, and a PGlite dump with it.
    const fakeDump = path.join(scratch, 'fake.dump');
    fs.writeFileSync(fakeDump, 'PGDMP and more');
    const fakeTar = path.join(scratch, 'fake.tar.gz');
    fs.writeFileSync(fakeTar, Buffer.from([0x1f, 0x8b, 8, 0]));
    const wrong = pgUrl ? await shopCommand('restore', [fakeTar], env) : await shopCommand('restore', [fakeDump], env);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe(pgUrl ? opsText.restoreNeedsPglite : opsText.restoreNeedsPostgres);
    if (!pgUrl) {
      // Nothing to back up in a folder that holds no shop; the folder is not made.
      const nothing = await shopCommand('backup', [path.join(scratch, 'x.tar.gz')], env);
      expect(nothing.code).toBe(1);
      expect(nothing.stderr.trim()).toBe(opsText.backupNoData(env.DATA_DIR!));
      expect(fs.existsSync(env.DATA_DIR!)).toBe(false);
    }
  }, 120_000);
});

describe('issue 24 finding 1: npm run restore leaves nothing in DATA_DIR that group or others can read (PGlite, also when the suite runs on PostgreSQL)', () => {
  it('restores into a fresh folder and over an old readable one (--force) under umask 0022: every entry owner-only, the moved-aside folder too', async () => {
    const umaskBefore = process.umask(0o022);
    try {
      const sourceDir = path.join(scratch, 'modes-source');
      const source = await openPglite(sourceDir);
      await source.migrate();
      await source.close();
      const file = path.join(scratch, 'modes.tar.gz');
      const backup = await shopCommand('backup', [file], { DATA_DIR: sourceDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      // Into a folder that does not exist yet (the tool runs with the careless umask 0022).
      const fresh = path.join(scratch, 'modes-fresh');
      const restore = await shopCommand('restore', [file], { DATA_DIR: fresh });
      expect(restore.code, restore.stderr).toBe(0);
      expect(exposedEntries(fresh)).toEqual([]);
      expect(readableByOthers(fresh)).toBe(0);

      // Over a folder as an older version left it (0666 files, 0777 folders), with --force.
      const loosen = (p: string) => {
        const st = fs.lstatSync(p);
        fs.chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
        if (st.isDirectory()) for (const name of fs.readdirSync(p)) loosen(path.join(p, name));
      };
      loosen(fresh);
      expect(readableByOthers(fresh)).toBeGreaterThan(900);
      const forced = await shopCommand('restore', [file, '--force'], { DATA_DIR: fresh });
      expect(forced.code, forced.stderr).toBe(0);
      expect(fs.readdirSync(fresh).filter((f) => f.startsWith('pgdata.before-restore-'))).toHaveLength(1);
      expect(exposedEntries(fresh)).toEqual([]);

      // The restored shop opens and stays private.
      const restored = await openPglite(fresh);
      try {
        expect(await restored.pendingMigrations()).toEqual([]);
      } finally {
        await restored.close();
      }
      expect(exposedEntries(fresh)).toEqual([]);
    } finally {
      process.umask(umaskBefore);
    }
  }, 240_000);
});
