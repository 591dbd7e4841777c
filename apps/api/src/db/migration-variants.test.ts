import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { migrationsFolder, type Database } from './client';

/**
 * Migrations 0012 and 0013 (issue 27, decision 039) on a shop of before: every product gets its
 * default variant with its price, old price and units (no product_stock row: not tracked), a SKU
 * that is unique (its own when no other product has it, else the id in capitals), and
 * product_stock is gone. PGlite by default, PostgreSQL with DATABASE_URL.
 */
let database: Database;
let drop: () => Promise<void>;
let before: string;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  // The migrations up to 0011, as a shop that ran before variants has them.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  fs.mkdirSync(path.join(before, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0012_'));
  expect(upTo).toBeGreaterThan(0);
  for (const e of journal.entries.slice(0, upTo))
    fs.copyFileSync(path.join(migrationsFolder(), `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
  fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const db = database.db as never;
  if (database.kind === 'pglite') await migratePglite(db, { migrationsFolder: before });
  else await migratePg(db, { migrationsFolder: before });
}, 120_000);
afterAll(async () => {
  await drop?.();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

const rows = async <R>(q: ReturnType<typeof sql>) => (await database.db.execute(q)) as unknown as { rows: R[] };

describe('migration 0012: products and stock move to default variants', () => {
  it('keeps every price, old price and unit, makes unique SKUs, and drops product_stock', async () => {
    await database.db.execute(sql`
      insert into products (id, name, category, sku, price_cents, old_price_cents) values
        ('telefon-a', 'Telefon A', 'phone', '100001', 114900, 124900),
        ('telefon-b', 'Telefon B', 'phone', 'DUP-1', 29900, null),
        ('telefon-c', 'Telefon C', 'phone', 'dup-1', 39900, null),
        ('karte', 'Kartë dhuratë', 'giftcard', null, 5000, null),
        ('mbrojtese', 'Mbrojtëse', 'case', 'TELEFON-A', 1500, null)`);
    await database.db.execute(
      sql`insert into product_stock (product_id, quantity) values ('telefon-a', 6), ('telefon-b', 0), ('mbrojtese', 40)`,
    );

    await database.migrate();

    const variants = await rows<{
      product_id: string;
      sku: string;
      price_cents: number;
      old_price_cents: number | null;
      stock: number | null;
      is_default: boolean;
      combination: string;
    }>(sql`select product_id, sku, price_cents, old_price_cents, stock, is_default, combination from product_variants order by product_id`);
    expect(variants.rows).toEqual([
      { product_id: 'karte', sku: 'KARTE', price_cents: 5000, old_price_cents: null, stock: null, is_default: true, combination: '' },
      // Its own SKU reads as another product's id in capitals: the id's instead.
      { product_id: 'mbrojtese', sku: 'MBROJTESE', price_cents: 1500, old_price_cents: null, stock: 40, is_default: true, combination: '' },
      { product_id: 'telefon-a', sku: '100001', price_cents: 114900, old_price_cents: 124900, stock: 6, is_default: true, combination: '' },
      // Two products with the same SKU (in any letter case): each gets its id's.
      { product_id: 'telefon-b', sku: 'TELEFON-B', price_cents: 29900, old_price_cents: null, stock: 0, is_default: true, combination: '' },
      {
        product_id: 'telefon-c',
        sku: 'TELEFON-C',
        price_cents: 39900,
        old_price_cents: null,
        stock: null,
        is_default: true,
        combination: '',
      },
    ]);
    const stockTable = await rows<{ t: string | null }>(sql`select to_regclass('public.product_stock')::text as t`);
    expect(stockTable.rows[0]!.t).toBeNull();
    expect(await database.pendingMigrations()).toEqual([]);
  });

  it('gives a product inserted later its default variant, and keeps its price and the default variant’s in step', async () => {
    await database.db.execute(
      sql`insert into products (id, name, category, sku, price_cents) values ('e-re', 'E re', 'phone', '100001', 1000)`,
    );
    const fresh = await rows<{ sku: string; price_cents: number; stock: number | null }>(
      sql`select sku, price_cents, stock from product_variants where product_id = 'e-re'`,
    );
    // '100001' is taken by telefon-a's variant: the id in capitals.
    expect(fresh.rows).toEqual([{ sku: 'E-RE', price_cents: 1000, stock: null }]);
    await database.db.execute(sql`update products set price_cents = 1200, old_price_cents = 1500 where id = 'e-re'`);
    expect(
      (
        await rows<{ p: number; o: number }>(
          sql`select price_cents as p, old_price_cents as o from product_variants where product_id = 'e-re'`,
        )
      ).rows,
    ).toEqual([{ p: 1200, o: 1500 }]);
    await database.db.execute(sql`update product_variants set price_cents = 1100 where product_id = 'e-re' and is_default`);
    expect((await rows<{ p: number }>(sql`select price_cents as p from products where id = 'e-re'`)).rows).toEqual([{ p: 1100 }]);
  });

  it('makes the default variants of many products inserted at once by the same rules (migration 0032: once per statement)', async () => {
    // 'SAMI' is already some variant's SKU and 'DYFISH' the id in capitals of another insert below's
    // wanted SKU; two new products want 'ZZ-1'; 500 more want nothing (their ids in capitals).
    await database.db.execute(sql`insert into products (id, name, category, sku, price_cents) values ('sami', 'Sami', 'phone', null, 500)`);
    await database.db.execute(sql`
      insert into products (id, name, category, sku, price_cents, old_price_cents)
      select * from (values
        ('dyfish', 'Dyfish', 'phone', 'SAMI', 700, null::int),
        ('zz-a', 'ZZ a', 'phone', 'zz-1', 800, 900),
        ('zz-b', 'ZZ b', 'phone', 'ZZ-1', 810, null::int)) v
      union all
      select 'shumice-' || g, 'Shumicë ' || g, 'accessory', null, 100 + g, null from generate_series(1, 500) g`);
    const made = await rows<{ product_id: string; sku: string; price_cents: number; old_price_cents: number | null }>(sql`
      select product_id, sku, price_cents, old_price_cents from product_variants
      where is_default and product_id in ('sami', 'dyfish', 'zz-a', 'zz-b', 'shumice-1', 'shumice-500') order by product_id`);
    expect(made.rows).toEqual([
      // 'SAMI' is taken: the id in capitals.
      { product_id: 'dyfish', sku: 'DYFISH', price_cents: 700, old_price_cents: null },
      { product_id: 'sami', sku: 'SAMI', price_cents: 500, old_price_cents: null },
      { product_id: 'shumice-1', sku: 'SHUMICE-1', price_cents: 101, old_price_cents: null },
      { product_id: 'shumice-500', sku: 'SHUMICE-500', price_cents: 600, old_price_cents: null },
      // Both wanted 'ZZ-1' (any letter case): the first by id has it, the other its id in capitals.
      { product_id: 'zz-a', sku: 'zz-1', price_cents: 800, old_price_cents: 900 },
      { product_id: 'zz-b', sku: 'ZZ-B', price_cents: 810, old_price_cents: null },
    ]);
    // One default variant for each product, none without.
    const counts = await rows<{ products: number; defaults: number; without: number }>(sql`
      select (select count(*)::int from products) as products,
        (select count(*)::int from product_variants where is_default) as defaults,
        (select count(*)::int from products p where not exists (select 1 from product_variants v where v.product_id = p.id and v.is_default)) as without`);
    expect(counts.rows[0]!.defaults).toBe(counts.rows[0]!.products);
    expect(counts.rows[0]!.without).toBe(0);
    // Its id in capitals taken too: -2.
    await database.db.execute(sql`insert into product_variants (product_id, position, is_default, combination, sku, price_cents)
      values ('sami', 1, false, 'x', 'TRETE', 500)`);
    await database.db.execute(
      sql`insert into products (id, name, category, sku, price_cents) values ('trete', 'Tretë', 'phone', 'SAMI', 300)`,
    );
    expect((await rows<{ sku: string }>(sql`select sku from product_variants where product_id = 'trete'`)).rows).toEqual([
      { sku: 'TRETE-2' },
    ]);
    // Default variants inserted in one statement with other prices give their products those prices.
    await database.db.execute(sql`delete from product_variants where product_id in ('shumice-1', 'shumice-2')`);
    await database.db
      .execute(sql`insert into product_variants (product_id, position, is_default, combination, sku, price_cents, old_price_cents)
      values ('shumice-1', 0, true, '', 'S-1', 4100, 5000), ('shumice-2', 0, true, '', 'S-2', 4200, null)`);
    expect(
      (
        await rows<{ id: string; p: number; o: number | null }>(sql`
        select id, price_cents as p, old_price_cents as o from products where id in ('shumice-1', 'shumice-2') order by id`)
      ).rows,
    ).toEqual([
      { id: 'shumice-1', p: 4100, o: 5000 },
      { id: 'shumice-2', p: 4200, o: null },
    ]);
  });
});
