import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../test/harness';
import { migrationsFolder, type Database } from './client';
import { users } from './schema';

/**
 * Migration 0022 (decision 045): `product_facets`, one row per product, is kept by triggers equal
 * to what the catalogue's facets computed from the variants on every request (decision 039), after
 * any insert, update, delete or stock change, and the migration fills it for a shop of before.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
type Exec = Pick<Database['db'], 'execute'>;
const rows = async <R>(db: Exec, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: R[] }).rows;

interface FacetRow {
  product_id: string;
  brand: string;
  category: string;
  price_cents: number;
  storage_gb: number | null;
  sellable: boolean;
  has_options: boolean;
  size_keys: string[];
  colours: string[];
  prices: number[];
  size_keys_sellable: string[];
  colours_sellable: string[];
}

const uniq = <T extends string | number>(xs: (T | null)[]): T[] =>
  [...new Set(xs.filter((x): x is T => x !== null))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The rows as decision 039's statement computed them per request, here from the tables in TypeScript. */
async function fromScratch(db: Exec): Promise<FacetRow[]> {
  const ps = await rows<{ id: string; brand: string; category: string; price_cents: number; storage_gb: number | null }>(
    db,
    sql`select id, brand, category, price_cents, storage_gb from products order by id`,
  );
  const vs = await rows<{
    product_id: string;
    combination: string;
    price_cents: number;
    stock: number | null;
    size_key: string | null;
    colour: string | null;
  }>(db, sql`select product_id, combination, price_cents, stock, size_key, colour from product_variants`);
  return ps.map((p) => {
    const all = vs.filter((v) => v.product_id === p.id);
    const opts = all.filter((v) => v.combination !== '');
    const ok = (v: (typeof all)[number]) => v.stock === null || v.stock > 0;
    const sellable = all.some(ok);
    const own = p.storage_gb === null ? [] : [`${p.storage_gb}gb`];
    const keys = uniq(opts.map((v) => v.size_key));
    return {
      product_id: p.id,
      brand: p.brand,
      category: p.category,
      price_cents: p.price_cents,
      storage_gb: p.storage_gb,
      sellable,
      has_options: opts.length > 0,
      size_keys: keys.length > 0 ? keys : own,
      colours: uniq(opts.map((v) => v.colour)),
      prices: uniq(opts.map((v) => v.price_cents)),
      size_keys_sellable: keys.length > 0 ? uniq(opts.filter(ok).map((v) => v.size_key)) : sellable ? own : [],
      colours_sellable: uniq(opts.filter(ok).map((v) => v.colour)),
    };
  });
}

async function kept(db: Exec): Promise<FacetRow[]> {
  const got = await rows<FacetRow>(db, sql`select * from product_facets order by product_id`);
  return got.map((r) => ({
    ...r,
    size_keys: uniq(r.size_keys),
    colours: uniq(r.colours),
    prices: uniq(r.prices.map(Number)),
    size_keys_sellable: uniq(r.size_keys_sellable),
    colours_sellable: uniq(r.colours_sellable),
  }));
}

/**
 * Migration 0031 (decision 045, round 3): the facet statement's rows, each product's values zipped
 * (the longest array sets the rows, the others null after their end; each price beside the one
 * before it), in both tables, computed here from the `product_facets` rows.
 */
async function expectRowsInStep(db: Exec): Promise<void> {
  const facets = await rows<FacetRow>(db, sql`select * from product_facets order by product_id`);
  const columns = sql.raw(`product_id, i, brand, category, price_cents, sellable, has_options, size_keys, colours, prices,
    size_keys_sellable, colours_sellable, skey, colour, price, before`);
  for (const sellableOnly of [false, true]) {
    const want = facets.flatMap((f) => {
      const { storage_gb: _, ...copied } = f;
      const keys = sellableOnly ? f.size_keys_sellable : f.size_keys;
      const colours = sellableOnly ? f.colours_sellable : f.colours;
      const prices = f.prices.map(Number);
      if (!f.has_options) return [{ ...copied, i: 1, skey: keys[0] ?? null, colour: null, price: f.price_cents, before: null }];
      const n = Math.max(keys.length, colours.length, prices.length);
      return Array.from({ length: n }, (_, k) => ({
        ...copied,
        i: k + 1,
        skey: keys[k] ?? null,
        colour: colours[k] ?? null,
        price: prices[k] ?? null,
        before: k === 0 || k >= prices.length ? null : prices[k - 1]!,
      }));
    });
    const table = sql.raw(sellableOnly ? 'product_facet_rows_sellable' : 'product_facet_rows');
    const got = await rows<Record<string, unknown>>(db, sql`select ${columns} from ${table} order by product_id, i`);
    const norm = (r: Record<string, unknown>) => ({ ...r, prices: (r.prices as number[]).map(Number) });
    expect(got.map(norm)).toEqual(want.map(norm));
  }
}

async function expectInStep(db: Exec): Promise<void> {
  const want = await fromScratch(db);
  expect(want.length).toBeGreaterThan(0);
  expect(await kept(db)).toEqual(want);
  await expectRowsInStep(db);
}

/** A phone with 'Ngjyra' × 'Memoria' (2 × 2) made in SQL, as the grid, the import or SQL by hand would. */
async function insertPhoneWithOptions(db: Exec, id: string, stock: (number | null)[]): Promise<void> {
  await db.execute(sql`insert into products (id, name, category, brand, price_cents, storage_gb)
    values (${id}, ${`Telefon ${id}`}, 'phone', 'Provë', 50000, 128)`);
  await db.execute(sql`insert into product_options (product_id, position, name) values (${id}, 0, 'Ngjyra'), (${id}, 1, 'Memoria')`);
  await db.execute(sql`insert into product_option_values (option_id, position, value)
    select o.id, v.position, case when o.position = 0 then (array['E zezë', 'Blu'])[v.position + 1] else (array['128 GB', '1 TB'])[v.position + 1] end
    from product_options o cross join (values (0), (1)) v(position) where o.product_id = ${id}`);
  await db.execute(sql`insert into product_variants (product_id, position, is_default, combination, sku, price_cents, stock)
    select ${id}, c.a * 2 + c.b, false, 'x-' || (c.a * 2 + c.b), ${id} || '-' || (c.a * 2 + c.b), 50000 + c.b * 20000,
      (${`{${stock.map((s) => (s === null ? 'NULL' : String(s))).join(',')}}`}::int[])[c.a * 2 + c.b + 1]
    from (values (0, 1), (1, 0), (1, 1)) c(a, b)`);
  await db.execute(sql`update product_variants set position = 0, combination = 'x-0',
      stock = (${`{${stock.map((s) => (s === null ? 'NULL' : String(s))).join(',')}}`}::int[])[1]
    where product_id = ${id} and is_default`);
  await db.execute(sql`insert into product_variant_values (variant_id, option_id, value_id)
    select pv.id, o.id, ov.id from product_variants pv
    join product_options o on o.product_id = pv.product_id
    join product_option_values ov on ov.option_id = o.id and ov.position = case when o.position = 0 then pv.position / 2 else pv.position % 2 end
    where pv.product_id = ${id}`);
}

describe('product_facets kept by the triggers (migration 0022)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('equals a computation from scratch on the seeded catalogue', async () => {
    const n = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from product_facets where has_options`);
    expect(n[0]!.n).toBeGreaterThan(0);
    await expectInStep(t.db);
  });

  it('follows products and variants inserted in bulk', async () => {
    await t.db.execute(sql`insert into products (id, name, category, brand, price_cents, storage_gb)
      select 'f-' || i, 'Produkt ' || i, case when i % 2 = 0 then 'phone' else 'case' end, 'Marka' || (i % 3), 1000 * i,
        case when i % 2 = 0 then 64 * i end
      from generate_series(1, 20) i`);
    await insertPhoneWithOptions(t.db, 'f-opsione', [3, 0, null, 0]);
    await insertPhoneWithOptions(t.db, 'f-shitur', [0, 0, 0, 0]);
    await expectInStep(t.db);
    const row = (await kept(t.db)).find((r) => r.product_id === 'f-opsione')!;
    expect(row).toMatchObject({ has_options: true, size_keys: ['128gb', '1tb'], colours: ['Blu', 'E zezë'], prices: [50000, 70000] });
  });

  it('follows variants’ prices, combinations and values changed, and variants removed', async () => {
    await t.db.execute(sql`update product_variants set price_cents = price_cents + 5 where product_id = 'f-opsione' and position = 3`);
    await expectInStep(t.db);
    // A value renamed (migration 0015's trigger rewrites the variants' colour, ours the product's row).
    await t.db.execute(sql`update product_option_values set value = 'E kuqe'
      where value = 'Blu' and option_id in (select id from product_options where product_id = 'f-opsione')`);
    await expectInStep(t.db);
    expect((await kept(t.db)).find((r) => r.product_id === 'f-opsione')!.colours).toEqual(['E kuqe', 'E zezë']);
    // A variant's values removed: it keeps no size or colour.
    await t.db.execute(sql`delete from product_variant_values
      where variant_id in (select id from product_variants where product_id = 'f-opsione' and position = 1)`);
    await expectInStep(t.db);
    await t.db.execute(sql`delete from product_variants where product_id = 'f-opsione' and position in (2, 3)`);
    await expectInStep(t.db);
    // Back to no options: the product's own storage counts again.
    await t.db.execute(sql`delete from product_variants where product_id = 'f-shitur' and not is_default`);
    await t.db.execute(sql`update product_variants set combination = '' where product_id = 'f-shitur'`);
    await expectInStep(t.db);
    expect((await kept(t.db)).find((r) => r.product_id === 'f-shitur')).toMatchObject({ has_options: false, size_keys: ['128gb'] });
    // A variant moved to another product (both products change).
    await t.db.execute(sql`update product_variants set product_id = 'f-2', is_default = false, combination = 'moved'
      where product_id = 'f-opsione' and position = 1`);
    await expectInStep(t.db);
  });

  it('follows stock only when a variant starts or stops being sellable, and leaves the row alone otherwise', async () => {
    await insertPhoneWithOptions(t.db, 'f-stok', [6, 1, null, 0]);
    await expectInStep(t.db);
    const version = async () =>
      (await rows<{ v: string }>(t.db, sql`select xmin::text as v from product_facets where product_id = 'f-stok'`))[0]!.v;
    const first = await version();
    const rowVersions = async () =>
      await rows<{ v: string }>(
        t.db,
        sql`select xmin::text as v from product_facet_rows where product_id = 'f-stok'
          union all select xmin::text from product_facet_rows_sellable where product_id = 'f-stok'`,
      );
    const firstRows = await rowVersions();
    expect(firstRows.length).toBeGreaterThan(0);
    // An order's stock change that keeps the variant sellable writes nothing (nor the facet rows).
    await t.db.execute(sql`update product_variants set stock = stock - 2 where product_id = 'f-stok' and position = 0`);
    expect(await version()).toBe(first);
    expect(await rowVersions()).toEqual(firstRows);
    await expectInStep(t.db);
    // The last unit of a size sold: that size is no longer among the sellable ones.
    await t.db.execute(sql`update product_variants set stock = 0 where product_id = 'f-stok' and position = 1`);
    await expectInStep(t.db);
    expect(await version()).not.toBe(first);
    // Every variant sold out, then one received again, then one not tracked.
    await t.db.execute(sql`update product_variants set stock = 0 where product_id = 'f-stok'`);
    await expectInStep(t.db);
    expect((await kept(t.db)).find((r) => r.product_id === 'f-stok')).toMatchObject({
      sellable: false,
      size_keys_sellable: [],
      colours_sellable: [],
    });
    await t.db.execute(sql`update product_variants set stock = 4 where product_id = 'f-stok' and position = 3`);
    await expectInStep(t.db);
    await t.db.execute(sql`update product_variants set stock = null where product_id = 'f-stok' and position = 2`);
    await expectInStep(t.db);
    // Several products' stock in one statement, as an order of many lines.
    await t.db.execute(sql`update product_variants set stock = 0 where product_id in ('f-2', 'f-4', 'f-stok')`);
    await expectInStep(t.db);
  });

  it('stays right when orders sell the last units of a product’s variants at once (parallel on PostgreSQL)', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `f-gara-${i}`);
    for (const id of ids) await insertPhoneWithOptions(t.db, id, [1, 1, 1, 1]);
    await expectInStep(t.db);
    const variants = await rows<{ id: number; product_id: string; price_cents: number }>(
      t.db,
      sql`select id, product_id, price_cents from product_variants where product_id like 'f-gara-%' order by id`,
    );
    expect(variants).toHaveLength(24);
    const buyers = await t.db
      .insert(users)
      .values(variants.map((_, i) => ({ name: `Blerës ${i}`, email: `gara-${i}@test.local`, passwordHash: null })))
      .returning();
    const tokens = await Promise.all(buyers.map((u) => t.app.signToken(u)));
    const results = await Promise.all(
      variants.map((v, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${tokens[i]}`, 'idempotency-key': `gara-${i}-key` },
          payload: { items: [{ id: v.product_id, variantId: v.id, quantity: 1, price: v.price_cents / 100 }], total: v.price_cents / 100 },
        }),
      ),
    );
    expect(
      results.map((r) => r.statusCode),
      results.find((r) => r.statusCode !== 201)?.body,
    ).toEqual(variants.map(() => 201));
    await expectInStep(t.db);
    for (const r of (await kept(t.db)).filter((x) => ids.includes(x.product_id)))
      expect(r).toMatchObject({ sellable: false, size_keys_sellable: [], colours_sellable: [] });
  });

  it('follows the product’s brand, category, price, storage and id, and goes with the product', async () => {
    await t.db.execute(sql`update products set brand = 'Tjetër', category = 'accessory', price_cents = 777, storage_gb = 256
      where id in ('f-1', 'f-2', 'f-opsione')`);
    await expectInStep(t.db);
    await t.db.execute(sql`update products set storage_gb = null where id = 'f-stok'`);
    await expectInStep(t.db);
    await t.db.execute(sql`update products set id = 'f-stok-ri' where id = 'f-stok'`);
    await expectInStep(t.db);
    await t.db.execute(sql`delete from products where id in ('f-3', 'f-stok-ri')`);
    await expectInStep(t.db);
    expect((await kept(t.db)).some((r) => r.product_id === 'f-3' || r.product_id.startsWith('f-stok'))).toBe(false);
  });

  it('follows a stock change across the whole catalogue in one statement', async () => {
    const before = await kept(t.db);
    await t.db.execute(sql`update product_variants set stock = stock + 1 where stock is not null`);
    await expectInStep(t.db);
    expect((await kept(t.db)).length).toBe(before.length);
  });
});

describe('migration 0022 fills product_facets for a shop of before', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let folder: string;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
    fs.mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0022_'));
    expect(upTo).toBeGreaterThan(0);
    for (const e of journal.entries.slice(0, upTo))
      fs.copyFileSync(path.join(migrationsFolder(), `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const db = database.db as never;
    if (database.kind === 'pglite') await migratePglite(db, { migrationsFolder: folder });
    else await migratePg(db, { migrationsFolder: folder });
  }, 120_000);
  afterAll(async () => {
    await drop?.();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('has a row per product equal to a computation from scratch', async () => {
    await database.db.execute(sql`insert into products (id, name, category, brand, price_cents, storage_gb) values
      ('pa-opsione', 'Pa opsione', 'phone', 'Apple', 99900, 256),
      ('karte', 'Kartë dhuratë', 'giftcard', '', 5000, null)`);
    await database.db.execute(sql`update product_variants set stock = 0 where product_id = 'karte'`);
    await insertPhoneWithOptions(database.db, 'me-opsione', [2, 0, null, 0]);
    expect((await rows<{ t: string | null }>(database.db, sql`select to_regclass('public.product_facets')::text as t`))[0]!.t).toBeNull();

    await database.migrate();

    expect(await database.pendingMigrations()).toEqual([]);
    const want = await fromScratch(database.db);
    expect(want).toHaveLength(3);
    expect(await kept(database.db)).toEqual(want);
    await expectRowsInStep(database.db);
    expect(want.find((r) => r.product_id === 'me-opsione')).toMatchObject({
      has_options: true,
      size_keys: ['128gb', '1tb'],
      size_keys_sellable: ['128gb'],
      colours_sellable: ['Blu', 'E zezë'],
    });
    expect(want.find((r) => r.product_id === 'karte')).toMatchObject({ sellable: false, size_keys: [] });
  });
});
