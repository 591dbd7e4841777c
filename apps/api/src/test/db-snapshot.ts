import { sql } from 'drizzle-orm';
import type { TestApp } from './harness';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(res: unknown) => (res as Rows<T>).rows;

/** The test's own write counter (see installWriteCounter); never part of a snapshot. */
const COUNTER_TABLE = 'test_write_counter';

/** The tables of the public schema, by name. */
export async function publicTables(t: TestApp): Promise<string[]> {
  const res = await t.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ name: string }>(res)
    .map((r) => r.name)
    .filter((n) => n !== COUNTER_TABLE);
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table's whole contents as one md5 per table (rows as text, sorted), plus every sequence's
 * position, so a request that wrote, changed or deleted anything, or only drew an id, shows.
 */
export async function snapshotDatabase(t: TestApp): Promise<Record<string, string>> {
  const tables = await publicTables(t);
  const seqRes = await t.db.execute(
    sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public' order by sequence_name`,
  );
  const sequences = rowsOf<{ name: string }>(seqRes).map((r) => r.name);
  const parts = [
    ...tables.map(
      (n) => `select 'table ${n}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${ident(n)} t`,
    ),
    ...sequences.map((n) => `select 'sequence ${n}' as name, last_value::text || '/' || is_called::text as digest from ${ident(n)}`),
  ];
  const res = await t.db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rowsOf<{ name: string; digest: string }>(res).map((r) => [r.name, r.digest]));
}

/**
 * Counts every row written in a committed transaction, in any public table, with a row trigger
 * per table. Reading it costs one tiny query, so a test can check it after every request and
 * point at the very request that wrote (rolled-back writes are not counted, as they change
 * nothing). Returns a function that reads the count.
 */
export async function installWriteCounter(t: TestApp): Promise<() => Promise<number>> {
  const tables = await publicTables(t);
  const statements = [
    `create table ${COUNTER_TABLE} (n bigint not null)`,
    `insert into ${COUNTER_TABLE} values (0)`,
    `create function test_count_write() returns trigger language plpgsql as $$
       begin update ${COUNTER_TABLE} set n = n + 1; return null; end $$`,
    ...tables.map(
      (n) =>
        `create trigger test_count_write after insert or update or delete on ${ident(n)} for each row execute function test_count_write()`,
    ),
  ];
  for (const s of statements) await t.db.execute(sql.raw(s));
  return async () => {
    const res = await t.db.execute(sql.raw(`select n::int as n from ${COUNTER_TABLE}`));
    return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
  };
}
