import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { browseMsg } from '@shop/shared/messages-browse';
import type { BrowseAnswer } from '@shop/shared/schemas/catalogue-browse';
import { parseStorageGb, priceRangeIndex, priceRanges, storageGb, storageLabel } from '@shop/shared/domain/catalogue-browse';
import { colourSwatches } from '@shop/shared/domain/variants';
import type { Product, ProductListItem } from '@shop/shared/schemas/product';
import { seedProducts } from '../db/seed/products';
import type { SeedProduct } from '../db/seed/catalogue-types';
import { products } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors } from '../test/admin-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function browse(query: string): Promise<BrowseAnswer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/browse${query ? `?${query}` : ''}` });
  expect(res.statusCode, `${query}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json() as BrowseAnswer;
}
const names = (a: BrowseAnswer) => a.items.map((i) => i.name);

// What the seed says the facets count (decision 039): a phone grouped with its other sizes counts
// each of its 'Memoria' values, a product with options each of its variants' price ranges.
const seedOption = (p: SeedProduct, name: 'Ngjyra' | 'Memoria') => p.variants?.options.findIndex((o) => o.name === name) ?? -1;
/** A seeded product's sizes in GB: its variants' 'Memoria' values, else the one its specs or name say. */
function seedSizes(p: SeedProduct): number[] {
  const k = seedOption(p, 'Memoria');
  if (k < 0) {
    const gb = storageGb(p);
    return gb === null ? [] : [gb];
  }
  return [...new Set(p.variants!.variants.map((v) => parseStorageGb(v.values[k]!)!))];
}
/** A seeded product's prices in whole euros: its variants', else its own. */
const seedPrices = (p: SeedProduct) => p.variants?.variants.map((v) => v.price) ?? [p.price];
/** The price ranges (indexes of priceRanges) a seeded product counts in. */
const seedPriceRanges = (p: SeedProduct) => [...new Set(seedPrices(p).map((euros) => priceRangeIndex(euros * 100)))];
/** A seeded product's colours: its variants' 'Ngjyra' values. */
function seedColours(p: SeedProduct): string[] {
  const k = seedOption(p, 'Ngjyra');
  return k < 0 ? [] : [...new Set(p.variants!.variants.map((v) => v.values[k]!))];
}
const seedCount = (test: (p: SeedProduct) => boolean) => seedProducts.filter(test).length;
const search = (q: string, rest = '') => browse(`q=${encodeURIComponent(q)}${rest}`);

describe('GET /api/products/browse: search', () => {
  it('"ip 15 pro" finds the iPhone 15 Pro first', async () => {
    const a = await search('ip 15 pro');
    expect(names(a)[0]).toBe('iPhone 15 Pro 128 GB');
    expect(names(a)).toContain('iPhone 15 Pro Max 256 GB');
    expect(a.sort).toBe('relevance');
  });

  it('"samsng a55" (a typo) finds the Galaxy A55', async () => {
    const a = await search('samsng a55');
    expect(names(a)[0]).toBe('Samsung Galaxy A55 5G 128 GB');
  });

  it('"kufje" finds the earbuds, first the ones whose type is earbuds', async () => {
    const a = await search('kufje');
    const earbuds = seedProducts.filter((p) => p.specs['Lloji']?.startsWith('Kufje')).map((p) => p.name);
    expect(earbuds.length).toBeGreaterThanOrEqual(4);
    expect(new Set(names(a).slice(0, earbuds.length))).toEqual(new Set(earbuds));
  });

  it('category words in Albanian: ora finds watches, kase and mbështjellës find cases, karikues chargers', async () => {
    expect(names(await search('ora'))).toEqual(expect.arrayContaining(['Apple Watch Series 10 46 mm', 'Samsung Galaxy Watch7 44 mm']));
    for (const word of ['kase', 'mbështjellës', 'mbeshtjelles']) {
      const a = await search(word);
      expect(a.items.length, word).toBeGreaterThanOrEqual(4);
      expect(
        a.items.slice(0, 4).every((i) => i.category === 'case' && i.name.startsWith('Mbrojtëse')),
        word,
      ).toBe(true);
    }
    const chargers = await search('karikues');
    expect(chargers.items.length).toBeGreaterThanOrEqual(3);
    expect(chargers.items.every((i) => /karikues/i.test(`${i.name} ${i.description}`))).toBe(true);
  });

  it('ignores diacritics and letter case: ë/e and ç/c give the same results', async () => {
    expect(names(await search('Mbrojtëse'))).toEqual(names(await search('mbrojtese')));
    expect(names(await search('MBROJTËSE')).length).toBeGreaterThan(0);
    const withC = await search('çip');
    expect(names(withC)).toEqual(names(await search('cip')));
  });

  it('ranks phones before their cases for a phone query', async () => {
    const a = await search('iphone 16 pro max');
    const firstCase = a.items.findIndex((i) => i.category !== 'phone');
    expect(firstCase).toBeGreaterThan(0);
    expect(a.items.slice(0, firstCase).every((i) => i.category === 'phone')).toBe(true);
    expect(a.items.slice(firstCase).some((i) => i.name.includes('Mbrojtëse'))).toBe(true);
  });

  it('every word must match; no match gives an empty page, not an error', async () => {
    const a = await search('nokia 3310');
    expect(a.total).toBe(0);
    expect(a.items).toEqual([]);
    expect(a.pages).toBe(1);
    const signs = await search('?!…');
    expect(signs.total).toBe(0);
  });

  it('a search narrowed by a facet: "galaxy" phones of 256 GB', async () => {
    const a = await search('galaxy', '&category=phone&storage=256');
    expect(a.total).toBeGreaterThan(0);
    // Phones of one size say it in their name; a phone grouped with its other sizes (issue 27) in its specs.
    expect(a.items.every((i) => i.category === 'phone' && /galaxy/i.test(i.name))).toBe(true);
    expect(a.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Samsung Galaxy S25 Ultra', 'Samsung Galaxy Z Fold6 256 GB']));
  });
});

describe('GET /api/products/browse: facets, pages and sorts', () => {
  it("the plain catalogue holds every product, in the shop's own order by default (as GET /api/products), 24 a page", async () => {
    const a = await browse('');
    const all = (await t.app.inject({ url: '/api/products' })).json() as unknown[];
    expect(a.total).toBe(all.length);
    expect(a.items).toHaveLength(24);
    expect(a.pageSize).toBe(24);
    expect(a.pages).toBe(Math.ceil(all.length / 24));
    expect(a.sort).toBe('featured');
    expect(a.items.map((i) => i.id)).toEqual((all as { id: string }[]).slice(0, 24).map((i) => i.id));
    // The same card as GET /api/products gives (its photos' copies and its rating too).
    expect(a.items[0]).toEqual((all as unknown[])[0]);
  });

  it('each facet count equals the rows that choosing it gives', async () => {
    for (const base of ['', 'category=phone', 'q=apple', 'brand=Samsung&inStock=1']) {
      const a = await browse(base);
      const join = (extra: string) => [base, extra].filter(Boolean).join('&');
      for (const b of a.facets.brands) {
        // The brand facet counts without the brand chosen: compare with that brand alone.
        const only = base.replace(/(^|&)brand=[^&]*/g, '');
        expect(
          (await browse([only, `brand=${encodeURIComponent(b.value)}`].filter(Boolean).join('&'))).total,
          `${base} brand ${b.value}`,
        ).toBe(b.count);
      }
      for (const s of a.facets.storage)
        expect((await browse(join(`storage=${s.value}`))).total, `${base} storage ${s.value}`).toBe(s.count);
      for (const p of a.facets.prices) {
        const range = `min=${p.min}${p.max === null ? '' : `&max=${p.max}`}`;
        expect((await browse(join(range))).total, `${base} ${p.label}`).toBe(p.count);
      }
      for (const c of a.facets.categories) {
        if (base.includes('category=')) continue;
        expect((await browse(join(`category=${c.value}`))).total, `${base} ${c.label}`).toBe(c.count);
      }
      if (!base.includes('inStock')) expect((await browse(join('inStock=1'))).total, `${base} in stock`).toBe(a.facets.inStock);
    }
  });

  it('a chosen brand keeps the other brands counted, and several brands add up', async () => {
    const all = await browse('');
    const apple = await browse('brand=Apple');
    expect(apple.facets.brands).toEqual(all.facets.brands);
    const both = await browse('brand=Apple&brand=Samsung');
    const count = (b: string) => all.facets.brands.find((x) => x.value === b)!.count;
    expect(both.total).toBe(count('Apple') + count('Samsung'));
    expect(both.items.every((i) => /apple|iphone|samsung|galaxy/i.test(`${i.name} ${i.description}`))).toBe(true);
    // Any letter case of a brand; a brand the shop does not have is listed with 0.
    expect((await browse('brand=apple')).total).toBe(count('Apple'));
    const none = await browse('brand=Nokia');
    expect(none.total).toBe(0);
    expect(none.facets.brands).toContainEqual({ value: 'Nokia', count: 0 });
  });

  it("the storage facet comes from the specs or the name, and for a grouped phone from its variants' Memoria", async () => {
    // Each size counts the products that have it, a grouped phone once under each of its sizes.
    const sizes = [...new Set(seedProducts.flatMap(seedSizes))].sort((x, y) => x - y);
    expect(sizes).toContain(512);
    expect((await browse('')).facets.storage).toEqual(
      sizes.map((gb) => ({ value: gb, label: storageLabel(gb), count: seedCount((p) => seedSizes(p).includes(gb)) })),
    );

    const a = await browse('storage=512&pageSize=60');
    expect(a.total).toBe(seedCount((p) => seedSizes(p).includes(512)));
    expect(a.items).toHaveLength(a.total);
    expect(a.facets.storage.find((s) => s.value === 512)?.label).toBe('512 GB');
    // Each says 512 GB in its specs or name, or (grouped with its other sizes) has a variant whose Memoria is 512 GB.
    const grouped: string[] = [];
    for (const item of a.items) {
      const res = await t.app.inject({ url: `/api/products/${item.id}` });
      expect(res.statusCode, item.id).toBe(200);
      const product = res.json<Product>();
      const k = product.options?.findIndex((o) => o.name === 'Memoria') ?? -1;
      if (k < 0) {
        expect(storageGb(product), item.name).toBe(512);
        continue;
      }
      expect(
        product.variants!.some((v) => v.values[k] === '512 GB'),
        item.name,
      ).toBe(true);
      grouped.push(item.id);
    }
    const seededGrouped = seedProducts.filter((p) => seedOption(p, 'Memoria') >= 0 && seedSizes(p).includes(512)).map((p) => p.id);
    expect(seededGrouped).toEqual(expect.arrayContaining(['iphone-16-pro-max', 'samsung-galaxy-s25-ultra', 'iphone-16-pro']));
    expect(grouped.sort()).toEqual(seededGrouped.sort());
  });

  it('pages of any size cover every product once; a page past the last is empty', async () => {
    const first = await browse('pageSize=10&sort=name');
    const ids: string[] = [];
    for (let page = 1; page <= first.pages; page++)
      ids.push(...(await browse(`pageSize=10&sort=name&page=${page}`)).items.map((i) => i.id));
    expect(ids).toHaveLength(first.total);
    expect(new Set(ids).size).toBe(first.total);
    const past = await browse(`pageSize=10&page=${first.pages + 1}`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('sorts by price both ways, by name, and newest first', async () => {
    const up = await browse('sort=price-asc&pageSize=60');
    expect(up.items.map((i) => i.price)).toEqual([...up.items.map((i) => i.price)].sort((a, b) => a - b));
    const down = await browse('sort=price-desc&pageSize=60');
    expect(down.items.map((i) => i.price)).toEqual([...down.items.map((i) => i.price)].sort((a, b) => b - a));
    const byName = await browse('sort=name&pageSize=60');
    const lower = byName.items.map((i) => i.name.toLowerCase());
    expect(lower).toEqual([...lower].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const { auth } = await createUser(t, { role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: auth,
      payload: { name: 'Telefon Testi 1 TB', price: 499, category: 'phone' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    // Removed even when an expectation fails, so the later tests see the seed alone.
    onTestFinished(async () => {
      await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: auth });
    });
    // The kept first page was dropped by the change: the new product leads the newest.
    const newest = await browse('sort=newest');
    expect(newest.items[0]!.id).toBe(id);
    const [row] = await t.db.select({ storageGb: products.storageGb }).from(products).where(eq(products.id, id));
    expect(row!.storageGb).toBe(1024);
    // The seed's 1 TB phones (grouped phones with a 1 TB variant) and this one.
    const seededTb = seedCount((p) => seedSizes(p).includes(1024));
    expect(seededTb).toBeGreaterThan(0);
    const tb = await browse('storage=1024');
    expect(tb.facets.storage).toContainEqual({ value: 1024, count: seededTb + 1, label: '1 TB' });
    expect(tb.total).toBe(seededTb + 1);
    expect(tb.items.map((i) => i.id)).toContain(id);
    // Renamed: its storage follows the name.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: auth,
      payload: { name: 'Telefon Testi 256 GB', price: 499 },
    });
    expect(renamed.statusCode).toBe(200);
    const renamedTb = await browse('storage=1024');
    expect(renamedTb.total).toBe(seededTb);
    expect(renamedTb.items.map((i) => i.id)).not.toContain(id);
    // And it is found by search once it exists (its words join the catalogue's).
    expect(names(await search('testi'))).toEqual(['Telefon Testi 256 GB']);
  });

  it("the price ranges do not overlap, each price falls in one, and a product counts in each of its variants' ranges", async () => {
    for (const euros of seedProducts.flatMap(seedPrices)) {
      const holding = priceRanges.filter((r) => euros >= r.min && (r.max === null || euros <= r.max));
      expect(holding, `${euros} €`).toEqual([priceRanges[priceRangeIndex(euros * 100)]]);
    }
    const a = await browse('');
    expect(a.total).toBe(seedProducts.length);
    expect(a.facets.prices.map((p) => p.label)).toEqual(priceRanges.map((r) => r.label));
    expect(a.facets.prices.map((p) => p.count)).toEqual(priceRanges.map((_, i) => seedCount((p) => seedPriceRanges(p).includes(i))));
    // A product without options is in one range; one whose variants' prices span several, in each.
    const spanning = seedCount((p) => seedPriceRanges(p).length > 1);
    expect(spanning).toBeGreaterThan(0);
    expect(a.facets.prices.reduce((s, p) => s + p.count, 0)).toBe(seedProducts.reduce((s, p) => s + seedPriceRanges(p).length, 0));
    expect(a.facets.prices.reduce((s, p) => s + p.count, 0)).toBeGreaterThan(a.total);
  });
});

describe('GET /api/products/browse: bad input', () => {
  const cases: [string, string][] = [
    ['sort=cheap', browseMsg.sort],
    ['min=abc', browseMsg.min],
    ['max=-5', browseMsg.max],
    ['min=10.123', browseMsg.min],
    ['min=500&max=100', browseMsg.minAboveMax],
    ['page=0', browseMsg.page],
    ['page=abc', browseMsg.page],
    ['pageSize=500', browseMsg.pageSize],
    ['category=telefona', browseMsg.category],
    ['storage=abc', browseMsg.storage],
    ['inStock=po', browseMsg.inStock],
    [`q=${'x'.repeat(101)}`, browseMsg.query],
    [`brand=${'x'.repeat(61)}`, browseMsg.brand],
    [`color=${'x'.repeat(41)}`, browseMsg.color],
    ['color=%20', browseMsg.color],
    [Array.from({ length: 21 }, (_, i) => `color=c${i}`).join('&'), browseMsg.color],
    [Array.from({ length: 21 }, (_, i) => `brand=b${i}`).join('&'), browseMsg.brand],
  ];
  for (const [query, message] of cases) {
    it(`${query.slice(0, 40)}: 400 '${message.slice(0, 40)}…'`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/browse?${query}` });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { msg: string }).msg).toBe(message);
    });
  }

  it('ignores parameters it does not know', async () => {
    expect(await browse('foo=bar&limit=3')).toEqual(await browse(''));
  });

  it('leaves GET /api/products and ?collection= as they were', async () => {
    const list = (await t.app.inject({ url: '/api/products' })).json() as { id: string }[];
    expect(list).toHaveLength(seedProducts.length);
    expect(list.map((p) => p.id).sort()).toEqual(seedProducts.map((p) => p.id).sort());
    const iphone = (await t.app.inject({ url: '/api/products?collection=iphone' })).json() as unknown[];
    expect(iphone).toHaveLength(seedCount((p) => p.collection === 'iphone'));
    expect(iphone).toHaveLength(12);
  });
});

describe('GET /api/products/browse: variants (decision 039)', () => {
  it("counts a phone's variants' sizes and colours, filters by them, and its list entry carries its colours", async () => {
    // The seed's colours: each counted once per product whose variants have it (any letter case).
    const seededColours = new Map<string, number>();
    for (const p of seedProducts)
      for (const c of new Set(seedColours(p).map((x) => x.toLocaleLowerCase('sq')))) seededColours.set(c, (seededColours.get(c) ?? 0) + 1);
    expect(seededColours.size).toBeGreaterThan(0);
    const seeded = await browse('');
    expect(new Map(seeded.facets.colors.map((c) => [c.value.toLocaleLowerCase('sq'), c.count]))).toEqual(seededColours);

    const { admin } = await adminActors(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Zfone Variant 9', price: 700, brand: 'Zfone', category: 'phone' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const before = await browse('brand=Zfone');
    expect(before.facets.colors).toEqual([]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}/variants`,
      headers: admin.auth,
      payload: {
        options: [
          { name: 'Ngjyra', values: ['Rozë', 'E zezë'] },
          { name: 'Memoria', values: ['512 GB', '1 TB'] },
        ],
        variants: [
          { values: ['Rozë', '512 GB'], sku: 'ZF9-R-512', price: 700, stock: 2 },
          { values: ['Rozë', '1 TB'], sku: 'ZF9-R-1T', price: 900, stock: 0 },
          { values: ['E zezë', '1 TB'], sku: 'ZF9-Z-1T', price: 1050 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const a = await browse('brand=Zfone');
    expect(a.total).toBe(1);
    // One card, counted once under each of its sizes and colours, and under each price range of its variants.
    expect(a.facets.storage.map((s) => [s.label, s.count])).toEqual([
      ['512 GB', 1],
      ['1 TB', 1],
    ]);
    expect(a.facets.colors).toEqual([
      { value: 'E zezë', count: 1, hex: '#1f1f1f' },
      { value: 'Rozë', count: 1, hex: '#f9a8d4' },
    ]);
    expect(a.facets.prices.filter((p) => p.count > 0).map((p) => p.min)).toEqual([600, 1000]);
    expect(a.items[0]).toMatchObject({
      id,
      priceFrom: 700,
      priceTo: 1050,
      hasOptions: true,
      colors: [
        { name: 'Rozë', hex: '#f9a8d4' },
        { name: 'E zezë', hex: '#1f1f1f' },
      ],
    });
    // Filters: by a size or a colour some variant has (any letter case), by a price one variant has.
    expect((await browse('brand=Zfone&storage=1024')).total).toBe(1);
    expect((await browse('brand=Zfone&storage=256')).total).toBe(0);
    expect((await browse('brand=Zfone&color=ROZË')).total).toBe(1);
    expect((await browse('brand=Zfone&color=Blu')).facets.colors).toContainEqual({ value: 'Blu', count: 0, hex: '#2563eb' });
    expect((await browse('brand=Zfone&min=900&max=999')).total).toBe(1);
    expect((await browse('brand=Zfone&min=750&max=850')).total).toBe(0);
    // A range's edges count (the prices are 700, 900 and 1,050 €); min or max alone; in stock and a price
    // (the facet counts come from the same condition as the page: decision 045, round 4).
    for (const [range, total] of [
      ['min=700&max=700', 1],
      ['min=1050&max=2000', 1],
      ['min=700.01&max=899.99', 0],
      ['min=1050.01', 0],
      ['min=1050', 1],
      ['max=699.99', 0],
      ['max=700', 1],
      ['min=0&max=0', 0],
    ] as const) {
      const answer = await browse(`brand=Zfone&${range}`);
      expect(answer.total, range).toBe(total);
      expect(answer.facets.brands.find((b) => b.value === 'Zfone')?.count ?? 0, range).toBe(total);
    }
    // In stock with a colour: a variant of that colour that can be sold (the pink 1 TB is sold out).
    expect((await browse('brand=Zfone&color=Rozë&storage=1024&inStock=1')).total).toBe(1); // the black 1 TB is not tracked
    const pinkInStock = await browse('brand=Zfone&color=Rozë&inStock=1');
    expect(pinkInStock.total).toBe(1);
    expect(pinkInStock.facets.storage.map((s) => [s.label, s.count])).toEqual([
      ['512 GB', 1],
      ['1 TB', 1],
    ]);
    const list = (await t.app.inject({ url: '/api/products' })).json<ProductListItem[]>();
    expect(list.find((p) => p.id === id)?.colors).toHaveLength(2);
    // Seeded products as the seed has them: a product without options keeps the contract's list
    // entry (no colours, no hasOptions); one with a colour option carries its colours in order,
    // and hasOptions when it has more than one variant (iPhone 16 Pro Max: 4 colours × 3 sizes).
    expect(seedProducts.some((p) => !p.variants)).toBe(true);
    for (const p of seedProducts) {
      const entry = list.find((x) => x.id === p.id);
      expect(entry, p.id).toBeDefined();
      const colours = seedColours(p);
      if (colours.length === 0) expect(entry, p.id).not.toHaveProperty('colors');
      else expect(entry!.colors, p.id).toEqual(colourSwatches(p.variants!.options[seedOption(p, 'Ngjyra')]!.values));
      if ((p.variants?.variants.length ?? 1) > 1) expect(entry!.hasOptions, p.id).toBe(true);
      else expect(entry, p.id).not.toHaveProperty('hasOptions');
    }
    const proMax = list.find((x) => x.id === 'iphone-16-pro-max')!;
    expect(proMax.hasOptions).toBe(true);
    expect(proMax.colors?.map((c) => c.name)).toEqual([
      'Titanium i zi',
      'Titanium i bardhë',
      'Titanium natyral',
      'Titanium i shkretëtirës',
    ]);
    expect(proMax.colors?.every((c) => c.hex !== null)).toBe(true);
  });
});
