import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { priceRangeStartsCents } from '@shop/shared/domain/catalogue-browse';
import type { BrowseAnswer, BrowseQuery } from '@shop/shared/schemas/catalogue-browse';
import { browseFacetsSql, browsePage } from '../repositories/catalogue-browse';
import { planBrowse } from '../services/catalogue-browse';
import { insertScaleProducts } from '../test/catalogue-fixture';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The catalogue with 10,000 more products (decision 022): the answers stay right and the
 * statements the API runs use the indexes (their plans, read with EXPLAIN). Speed is the bench's
 * to measure (npm run bench), not a test's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScaleProducts(t.db, 10_000);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function browse(query: string): Promise<BrowseAnswer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/browse?${query}` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.json() as BrowseAnswer;
}

/** The plan PostgreSQL chooses for a statement, as text. */
async function plan(statement: SQL): Promise<string> {
  const res = await t.db.execute(sql`explain ${statement}`);
  return (res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The plans of the two statements a browse request runs. */
async function plans(query: BrowseQuery): Promise<{ page: string; facets: string }> {
  const p = await planBrowse(t.db, query);
  const offset = (p.page - 1) * p.pageSize;
  return {
    page: await plan(browsePage(t.db, p.filter!, p.sort, p.pageSize, offset).getSQL()),
    facets: await plan(browseFacetsSql(p.filter!, priceRangeStartsCents)),
  };
}

describe('10,000 products', () => {
  it('pages, totals and facets stay right', async () => {
    const all = await browse('');
    expect(all.total).toBeGreaterThanOrEqual(10_000);
    expect(all.items).toHaveLength(24);
    expect(all.items[0]!.id).toBe('iphone-16-pro-max'); // the shop's own order: the home list first
    expect((await browse('sort=newest')).items[0]!.id).toBe('scale-9999');
    const last = await browse(`page=${all.pages}`);
    expect(last.items.length).toBe(all.total - (all.pages - 1) * 24);
    const phones = await browse('q=samsng&category=phone&sort=price-asc');
    expect(phones.total).toBeGreaterThan(100);
    expect(phones.items.every((i) => i.category === 'phone' && /samsung/i.test(i.name))).toBe(true);
    const prices = phones.items.map((i) => i.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const sum = all.facets.brands.reduce((s, b) => s + b.count, 0);
    expect(sum).toBeLessThanOrEqual(all.total);
    expect(all.facets.prices.reduce((s, p) => s + p.count, 0)).toBe(all.total);
  });

  it('a search finds its rows through the full-text index, in both statements', async () => {
    const p = await plans({ q: 'samsung galaxy' });
    expect(p.page).toMatch(/Bitmap Index Scan on products_search_idx/);
    expect(p.facets).toMatch(/Bitmap Index Scan on products_search_idx/);
    expect(p.page).not.toMatch(/Seq Scan on products/);
  });

  it('the plain catalogue reads its page in index order, for each sort', async () => {
    expect((await plans({})).page).toMatch(/Index Scan using products_featured_idx/);
    expect((await plans({ sort: 'newest' })).page).toMatch(/Index Scan using products_newest_idx/);
    expect((await plans({ sort: 'price-asc' })).page).toMatch(/Index Scan using products_price_idx/);
    expect((await plans({ sort: 'price-desc' })).page).toMatch(/Index Scan Backward using products_price_idx/);
    expect((await plans({ sort: 'name' })).page).toMatch(/Index Scan using products_name_lower_idx/);
    // A later page too: the index is walked, not the table sorted.
    expect((await plans({ sort: 'newest', page: 40 })).page).not.toMatch(/Sort/);
  });

  it('a narrow facet reads its rows through its index', async () => {
    const p = await plans({ storage: [1024], brand: ['Nothing'], sort: 'price-asc' });
    expect(p.page).toMatch(/products_(storage|brand|price)_idx/);
    expect(p.page).not.toMatch(/Seq Scan on products/);
  });
});
