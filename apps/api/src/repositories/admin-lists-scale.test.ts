import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { AdminOrderPage } from '@shop/shared/schemas/admin';
import type { AdminProductPage, AdminUserPage, WarrantyPage } from '@shop/shared/schemas/admin-lists';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors } from '../test/admin-helpers';
import { seedBulk } from '../test/bulk-seed';
import { orderPageQuery } from './admin-orders';
import { productPageQuery, userPageQuery, warrantyPageQuery } from './admin-lists';

/**
 * The admin's lists with 10,000 orders, customers, warranty sheets and products (issue 17): each
 * page is read through an index and stops at its LIMIT, so it reads as many rows with 10,000 as
 * with 10. Checked on the query plan (EXPLAIN ANALYZE: the rows each scan of the table returned),
 * never on time; the times themselves are in `npm run bench -- lists`.
 */

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

async function planOf(query: SQLWrapper): Promise<PlanNode> {
  const res = (await t.db.execute(sql`explain (analyze, format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(res.rows[0]!)[0];
  const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return doc[0]!.Plan;
}

/** The scans of `table` that make the page (the count's InitPlan, run once, aside). */
function pageScans(node: PlanNode, table: string, out: PlanNode[] = []): PlanNode[] {
  if (node['Parent Relationship'] === 'InitPlan' || node['Parent Relationship'] === 'SubPlan') return out;
  if (node['Relation Name'] === table) out.push(node);
  for (const child of node.Plans ?? []) pageScans(child, table, out);
  return out;
}

interface Case {
  name: string;
  table: string;
  query: () => SQLWrapper;
  limit: number;
  offset: number;
}

const cases: Case[] = [
  ...(['desc', 'asc'] as const).flatMap((dir) => [
    {
      name: `orders by date ${dir}`,
      table: 'orders',
      query: () => orderPageQuery(t.db, { sort: 'date', dir, limit: 20, offset: 0 }),
      limit: 20,
      offset: 0,
    },
    {
      name: `orders by total ${dir}, page 3`,
      table: 'orders',
      query: () => orderPageQuery(t.db, { sort: 'total', dir, limit: 20, offset: 40 }),
      limit: 20,
      offset: 40,
    },
    {
      name: `pending orders by date ${dir}`,
      table: 'orders',
      query: () => orderPageQuery(t.db, { status: 'pending', dir, limit: 20, offset: 0 }),
      limit: 20,
      offset: 0,
    },
  ]),
  ...(['date', 'name', 'price'] as const).flatMap((sort) =>
    (['desc', 'asc'] as const).map((dir) => ({
      name: `products by ${sort} ${dir}`,
      table: 'products',
      query: () => productPageQuery(t.db, { sort, dir, page: 1, pageSize: 20 }),
      limit: 20,
      offset: 0,
    })),
  ),
  ...(['date', 'name', 'email'] as const).flatMap((sort) =>
    (['desc', 'asc'] as const).map((dir) => ({
      name: `users by ${sort} ${dir}, page 2`,
      table: 'users',
      query: () => userPageQuery(t.db, { sort, dir, page: 2, pageSize: 20 }),
      limit: 20,
      offset: 20,
    })),
  ),
  ...(['date', 'name', 'price'] as const).flatMap((sort) =>
    (['desc', 'asc'] as const).map((dir) => ({
      name: `warranty sheets by ${sort} ${dir}`,
      table: 'warranty_sheets',
      query: () => warrantyPageQuery(t.db, { sort, dir, page: 1, pageSize: 20 }),
      limit: 20,
      offset: 0,
    })),
  ),
];

/** The rows the page's scans of its table returned, checking each is an index scan under the LIMIT. */
async function rowsRead(c: Case): Promise<number> {
  const plan = await planOf(c.query());
  expect(plan['Node Type'], c.name).toBe('Limit');
  const scans = pageScans(plan, c.table);
  expect(scans.length, c.name).toBeGreaterThan(0);
  for (const s of scans) expect(s['Node Type'], `${c.name}: ${JSON.stringify(s['Index Name'])}`).toMatch(/^Index (Only )?Scan$/);
  return scans.reduce((n, s) => n + s['Actual Rows'] * s['Actual Loops'], 0);
}

describe('the admin lists with 10 and with 10,000 rows', () => {
  it('read a page through an index up to its LIMIT, as many rows with 10,000 as with 10', async () => {
    await seedBulk(t.db, 10, 'small');
    const small = new Map<string, number>();
    // With 10 rows a table scan is as good as an index: only the large case must use the index.
    for (const c of cases) {
      const plan = await planOf(c.query());
      expect(plan['Node Type'], c.name).toBe('Limit');
      small.set(
        c.name,
        pageScans(plan, c.table).reduce((n, s) => n + s['Actual Rows'] * s['Actual Loops'], 0),
      );
    }

    await seedBulk(t.db, 10_000, 'large');
    expect(await countRows(t, 'orders')).toBeGreaterThanOrEqual(10_010);
    for (const c of cases) {
      const read = await rowsRead(c);
      // An index scan returns the page, the rows skipped before it, and a row or so of a tie.
      expect(read, c.name).toBeLessThanOrEqual(c.offset + c.limit + 2);
      expect(read, c.name).toBeLessThanOrEqual(Math.max(small.get(c.name)!, c.offset + c.limit + 2));
    }
  }, 300_000);

  it('answer each list call with its page and the right total', async () => {
    const get = async <T>(url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: actors.admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const orders = await get<AdminOrderPage>('/api/admin/orders/search?sort=total&page=7');
    expect(orders.total).toBe(await countRows(t, 'orders'));
    expect(orders.orders).toHaveLength(20);
    const totals = orders.orders.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const products = await get<AdminProductPage>('/api/admin/products/search?sort=price&page=3');
    expect(products.total).toBe(await countRows(t, 'products'));
    expect(products.items).toHaveLength(20);
    const users = await get<AdminUserPage>('/api/admin/users_new/search?q=large-99&sort=email');
    expect(users.total).toBe(111); // large-99, large-990..999, large-9900..9999
    const sheets = await get<WarrantyPage>('/api/admin/warranty/search?sort=name&dir=desc');
    expect(sheets.total).toBe(await countRows(t, 'warranty_sheets'));
    expect(sheets.items).toHaveLength(20);
  }, 60_000);
});
