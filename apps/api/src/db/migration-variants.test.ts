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
});
