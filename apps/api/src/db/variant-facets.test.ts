import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourOptionPrefixes, storageOptionPrefixes } from '@shop/shared/domain/variants';
import { storageValueKey } from '@shop/shared/domain/catalogue-browse';
import { createTestDatabase } from '../test/harness';
import { migrationsFolder, type Database } from './client';

/**
 * Migration 0015 (decision 039): each variant's `size_key` and `colour`, the catalogue's facets,
 * follow its values whoever writes them, and an order's stock change leaves them alone. PGlite by
 * default, PostgreSQL with DATABASE_URL.
 */
let database: Database;
let drop: () => Promise<void>;
const rows = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)) as unknown as { rows: T[] };
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q)).rows[0]!;
const facetsOf = async (sku: string) =>
  one<{ size_key: string | null; colour: string | null }>(sql`select size_key, colour from product_variants where sku = ${sku}`);

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const db = database.db as never;
  if (database.kind === 'pglite') await migratePglite(db, { migrationsFolder: migrationsFolder() });
  else await migratePg(db, { migrationsFolder: migrationsFolder() });
  await database.db.execute(
    sql`insert into products (id, name, category, price_cents) values ('facet-phone', 'Telefon Facetash', 'phone', 99900)`,
  );
  const opt = async (name: string, position: number) =>
    (
      await one<{ id: number }>(
        sql`insert into product_options (product_id, position, name) values ('facet-phone', ${position}, ${name}) returning id`,
      )
    ).id;
  const val = async (option: number, value: string, position: number) =>
    (
      await one<{ id: number }>(
        sql`insert into product_option_values (option_id, position, value) values (${option}, ${position}, ${value}) returning id`,
      )
    ).id;
  const colour = await opt('Ngjyra', 0);
  const size = await opt('Memoria', 1);
  const black = await val(colour, 'Titanium i zi', 0);
  const white = await val(colour, 'E bardhë', 1);
  const s256 = await val(size, '256 GB', 0);
  const s1t = await val(size, '1 TB', 1);
  await database.db.execute(sql`delete from product_variants where product_id = 'facet-phone'`);
  const variants = await rows<{ id: number; sku: string }>(sql`
    insert into product_variants (product_id, position, is_default, combination, sku, price_cents, stock)
    values ('facet-phone', 0, true, ${`${black}-${s256}`}, 'FP-B-256', 99900, 2),
           ('facet-phone', 1, false, ${`${white}-${s1t}`}, 'FP-W-1T', 149900, null)
    returning id, sku`);
  const id = (sku: string) => variants.rows.find((v) => v.sku === sku)!.id;
  // One statement for every variant's values, as the staff's grid writes them.
  await database.db.execute(sql`
    insert into product_variant_values (variant_id, option_id, value_id)
    values (${id('FP-B-256')}, ${colour}, ${black}), (${id('FP-B-256')}, ${size}, ${s256}),
           (${id('FP-W-1T')}, ${colour}, ${white}), (${id('FP-W-1T')}, ${size}, ${s1t})`);
}, 120_000);
afterAll(async () => {
  await drop?.();
});

describe("migration 0015: the variants' size and colour for the facets", () => {
  it("names the options by the domain's prefixes and folds sizes as storageValueKey does", () => {
    const text = fs.readFileSync(path.join(migrationsFolder(), '0015_variant_facets.sql'), 'utf8');
    for (const p of [...storageOptionPrefixes, ...colourOptionPrefixes]) expect(text).toContain(`'${p}%'`);
    expect(storageValueKey('1 TB')).toBe('1tb');
  });

  it('are written with the values, follow a renamed value or option, and clear when the values go', async () => {
    expect(await facetsOf('FP-B-256')).toEqual({ size_key: '256gb', colour: 'Titanium i zi' });
    expect(await facetsOf('FP-W-1T')).toEqual({ size_key: '1tb', colour: 'E bardhë' });

    await database.db.execute(sql`update product_option_values set value = 'Titanium i zi mat' where value = 'Titanium i zi'`);
    expect(await facetsOf('FP-B-256')).toEqual({ size_key: '256gb', colour: 'Titanium i zi mat' });

    // An option renamed to something that is neither a size nor a colour.
    await database.db.execute(sql`update product_options set name = 'Materiali' where product_id = 'facet-phone' and name = 'Ngjyra'`);
    expect(await facetsOf('FP-W-1T')).toEqual({ size_key: '1tb', colour: null });
    await database.db.execute(sql`update product_options set name = 'Ngjyra' where product_id = 'facet-phone' and name = 'Materiali'`);
    expect(await facetsOf('FP-W-1T')).toEqual({ size_key: '1tb', colour: 'E bardhë' });

    // A stock change (an order) touches neither.
    await database.db.execute(sql`update product_variants set stock = 0 where sku = 'FP-B-256'`);
    expect(await facetsOf('FP-B-256')).toEqual({ size_key: '256gb', colour: 'Titanium i zi mat' });

    await database.db.execute(
      sql`delete from product_variant_values where variant_id = (select id from product_variants where sku = 'FP-W-1T')`,
    );
    expect(await facetsOf('FP-W-1T')).toEqual({ size_key: null, colour: null });
  });
});
