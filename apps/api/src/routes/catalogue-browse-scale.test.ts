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
    // A product counts under each range one of its variants' prices is in (decision 039).
    expect(all.facets.prices.reduce((s, p) => s + p.count, 0)).toBeGreaterThanOrEqual(all.total);
  });

  it("storage, colour and price count the variants' values, one card per product (decision 039)", async () => {
    const variants = await t.db.execute(
      sql`select count(*)::int as n from product_variants where product_id like 'scale-%' and not is_default`,
    );
    const withOptions = await t.db.execute(
      sql`select count(distinct product_id)::int as n from product_options where product_id like 'scale-%'`,
    );
    const count = (r: unknown) => (r as { rows: { n: number }[] }).rows[0]!.n;
    expect(count(variants)).toBe(7_500);
    expect(count(withOptions)).toBe(2_500); // 10,000 variants on 2,500 products
    const all = await browse('');
    const black = all.facets.colors.find((c) => c.value === 'Titanium i zi');
    expect(black?.count).toBeGreaterThan(100);
    expect(black?.hex).toMatch(/^#/);
    // Filtering by a colour: every product has a variant of that colour, each product once.
    const blacks = await browse('color=titanium%20i%20zi&pageSize=60');
    expect(blacks.total).toBe(black!.count);
    expect(new Set(blacks.items.map((i) => i.id)).size).toBe(blacks.items.length);
    expect(blacks.items.every((i) => i.colors?.some((c) => c.name === 'Titanium i zi'))).toBe(true);
    // A size counts the phones with a variant of that size, and the products without options of that size.
    const tb = all.facets.storage.find((s) => s.value === 1024)!;
    const tbs = await browse('storage=1024');
    expect(tbs.total).toBe(tb.count);
    const expected = await t.db.execute(sql`
      select count(*)::int as n from products p where
        (p.storage_gb = 1024 and not exists (select 1 from product_options o where o.product_id = p.id and o.name = 'Memoria'))
        or exists (select 1 from product_variant_values vv join product_option_values ov on ov.id = vv.value_id
          join product_options o on o.id = vv.option_id where o.product_id = p.id and o.name = 'Memoria' and ov.value = '1 TB')`);
    expect(tb.count).toBe(count(expected));
    // In stock with a size: a variant of that size can be sold.
    const tbInStock = await browse('storage=1024&inStock=1');
    expect(tbInStock.total).toBeLessThan(tbs.total);
    expect(tbs.facets.inStock).toBe(tbInStock.total);
    expect(tbInStock.facets.storage.find((s) => s.value === 1024)!.count).toBe(tbInStock.total);
    // The facets agree with the filters they lead to.
    const both = await browse('storage=1024&color=Gri');
    expect(both.total).toBe(tbs.facets.colors.find((c) => c.value === 'Gri')!.count);
    // A price range holds a product when one of its variants' prices is in it.
    const range = await browse('min=1500&max=1700');
    const priced = await t.db.execute(sql`
      select count(distinct product_id)::int as n from product_variants where price_cents between 150000 and 170000`);
    expect(range.total).toBe(count(priced));
    expect(range.items.every((i) => (i.priceFrom ?? i.price) <= 1700 && (i.priceTo ?? i.price) >= 1500)).toBe(true);
  });

  it('with several facets chosen, each count equals the total of choosing its value instead (decision 045)', async () => {
    // Decision 045's facet statement leaves out the products that fail two chosen facets: these
    // checks hold only if such a product counts nowhere.
    for (const base of [
      'brand=Samsung&brand=Apple&storage=256&inStock=1',
      'color=Gri&color=Natyral&min=300&max=1199.99',
      'category=phone&color=Blu%20e%20err%C3%ABt&storage=512&inStock=1',
    ]) {
      const a = await browse(base);
      expect(a.total, base).toBeGreaterThan(0);
      const without = (...names: string[]) =>
        base
          .split('&')
          .filter((x) => !names.some((n) => x.startsWith(`${n}=`)))
          .join('&');
      const choose = (name: string, extra: string) => [without(name), extra].filter(Boolean).join('&');
      for (const b of a.facets.brands.filter((x) => x.count > 0).slice(0, 6))
        expect((await browse(choose('brand', `brand=${encodeURIComponent(b.value)}`))).total, `${base} brand ${b.value}`).toBe(b.count);
      for (const x of a.facets.storage)
        expect((await browse(choose('storage', `storage=${x.value}`))).total, `${base} storage ${x.value}`).toBe(x.count);
      for (const c of a.facets.colors.filter((x) => x.count > 0).slice(0, 6))
        expect((await browse(choose('color', `color=${encodeURIComponent(c.value)}`))).total, `${base} colour ${c.value}`).toBe(c.count);
      for (const p of a.facets.prices) {
        const range = `min=${p.min}${p.max === null ? '' : `&max=${p.max}`}`;
        expect((await browse([without('min', 'max'), range].filter(Boolean).join('&'))).total, `${base} ${p.label}`).toBe(p.count);
      }
      for (const c of a.facets.categories)
        expect((await browse(choose('category', `category=${c.value}`))).total, `${base} ${c.label}`).toBe(c.count);
      if (!base.includes('inStock')) expect((await browse(`${base}&inStock=1`)).total, `${base} in stock`).toBe(a.facets.inStock);
      else expect(a.facets.inStock, `${base} in stock`).toBe(a.total);
    }
  });

  it('a search finds its rows through the full-text index, in both statements', async () => {
    const p = await plans({ q: 'samsung galaxy' });
    expect(p.page).toMatch(/Bitmap Index Scan on products_search_idx/);
    expect(p.facets).toMatch(/Bitmap Index Scan on products_search_idx/);
    expect(p.page).not.toMatch(/Seq Scan on products/);
  });

  it('the plain catalogue reads its page in index order, for each sort', async () => {
    expect((await plans({})).page).toMatch(/Index (Only )?Scan using products_featured_idx/);
    expect((await plans({ sort: 'newest' })).page).toMatch(/Index (Only )?Scan using products_newest_idx/);
    expect((await plans({ sort: 'price-asc' })).page).toMatch(/Index (Only )?Scan using products_price_idx/);
    expect((await plans({ sort: 'price-desc' })).page).toMatch(/Index (Only )?Scan Backward using products_price_idx/);
    expect((await plans({ sort: 'name' })).page).toMatch(/Index (Only )?Scan using products_name_lower_idx/);
    // A later page too: the index is walked, not the table sorted.
    expect((await plans({ sort: 'newest', page: 40 })).page).not.toMatch(/Sort Key: products\./);
  });

  it('a narrow facet reads its rows through its index', async () => {
    const p = await plans({ storage: [1024], brand: ['Nothing'], sort: 'price-asc' });
    expect(p.page).toMatch(/products_(storage|brand|price)_idx/);
    expect(p.page).not.toMatch(/Seq Scan on products/);
  });

  it('a page with a chosen size finds its products through the size index, not the whole order (decision 045)', async () => {
    // 'Samsung, 256 GB, price down': 6 products, where walking the price index tested every product.
    const p = await plans({ brand: ['Samsung'], storage: [256], sort: 'price-desc' });
    expect(p.page).toMatch(/Bitmap Index Scan on product_facets_size_keys_idx/);
    expect(p.page).not.toMatch(/Index (Only )?Scan Backward using products_price_idx/);
    const inStock = await plans({ brand: ['Samsung'], storage: [256], inStock: '1', sort: 'price-desc' });
    expect(inStock.page).toMatch(/Bitmap Index Scan on product_facets_size_keys_sellable_idx/);
  });
});
