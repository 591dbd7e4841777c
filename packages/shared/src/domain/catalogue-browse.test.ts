import { describe, expect, it } from 'vitest';
import {
  parseStorageGb,
  storageKeysOf,
  storageValueKey,
  browseSearch,
  effectiveSort,
  foldText,
  listSorts,
  listSortSearch,
  priceRangeIndex,
  priceRanges,
  readBrowseParams,
  readListSort,
  searchCategories,
  searchWords,
  sortListed,
  storageGb,
  storageLabel,
} from './catalogue-browse';

describe('storageGb', () => {
  it('reads the Memoria spec first, then the name; TB counts 1024 GB; RAM is never read', () => {
    expect(storageGb({ name: 'iPhone 16 Pro Max 256 GB', specs: { Memoria: '256 GB', RAM: '8 GB' } })).toBe(256);
    expect(storageGb({ name: 'Telefon 128GB' })).toBe(128);
    expect(storageGb({ name: 'Galaxy S24 Ultra 1 TB' })).toBe(1024);
    expect(storageGb({ name: 'Telefon X', specs: { Memoria: '512 GB' } })).toBe(512);
    expect(storageGb({ name: 'Telefon X', specs: { RAM: '8 GB' } })).toBeNull();
    expect(storageGb({ name: 'Power Bank 20000 mAh' })).toBeNull();
    expect(storageGb({ name: 'Kabllo 2 m' })).toBeNull();
    expect(storageGb({ name: 'Kartë 64 gbp' })).toBeNull();
  });

  it('labels sizes as the shop writes them', () => {
    expect(storageLabel(128)).toBe('128 GB');
    expect(storageLabel(1024)).toBe('1 TB');
    expect(storageLabel(2048)).toBe('2 TB');
  });
});

describe('price ranges', () => {
  it('cover every price once, from 0 with the last open', () => {
    expect(priceRanges[0]!.min).toBe(0);
    expect(priceRanges.at(-1)!.max).toBeNull();
    for (const cents of [0, 9999, 10000, 29999, 30000, 99999, 100000, 500000]) {
      const i = priceRangeIndex(cents);
      const r = priceRanges[i]!;
      expect(cents / 100).toBeGreaterThanOrEqual(r.min);
      if (r.max !== null) expect(cents / 100).toBeLessThanOrEqual(r.max);
    }
    expect(priceRanges.map((r) => r.label)).toEqual(['Deri në 100 €', '100 – 300 €', '300 – 600 €', '600 – 1.000 €', 'Mbi 1.000 €']);
  });
});

describe('search words', () => {
  it('folds case and diacritics and splits at signs', () => {
    expect(foldText('Mbrojtëse ÇANTA')).toBe('mbrojtese canta');
    expect(searchWords('iPhone-15  Pro!').map((w) => w.word)).toEqual(['iphone', '15', 'pro']);
  });

  it('matches words as prefixes; only letter words of 4+ signs may be typos', () => {
    const [ip, n, samsng] = searchWords('ip 15 samsng');
    expect(ip!.alternatives).toEqual([{ term: 'ip', prefix: true }]);
    expect(ip!.fuzzy).toBe(false);
    expect(n!.fuzzy).toBe(false);
    expect(samsng!.fuzzy).toBe(true);
  });

  it('maps Albanian words for a kind of product to what the catalogue calls it', () => {
    const [kufje] = searchWords('kufje');
    expect(kufje!.alternatives.map((a) => a.term)).toEqual(expect.arrayContaining(['kufje', 'airpods', 'buds']));
    expect(kufje!.category).toBe('case');
    expect(searchWords('mbështjellës')[0]!.alternatives.map((a) => a.term)).toContain('mbrojtes');
    expect(searchWords('ora')[0]!.alternatives.map((a) => a.term)).toContain('watch');
    expect(searchCategories(searchWords('karikues apple'))).toEqual(['accessory']);
    expect(searchCategories(searchWords('iphone 15'))).toEqual([]);
    // The catalogue's own word for cases stays a plain word (every result says it).
    expect(searchWords('mbrojtese')[0]!.alternatives).toEqual([{ term: 'mbrojtese', prefix: true }]);
  });

  it('keeps at most 8 words, each once', () => {
    expect(searchWords('a a b c d e f g h i j').map((w) => w.word)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('storage sizes in option values (decision 039)', () => {
  it("reads '512 GB', '1 TB' and '1TB' as GB and keys a size as a 'Memoria' value may write it", () => {
    expect(parseStorageGb('512 GB')).toBe(512);
    expect(parseStorageGb('1 TB')).toBe(1024);
    expect(parseStorageGb('2tb')).toBe(2048);
    expect(parseStorageGb('E zezë')).toBeNull();
    expect(storageValueKey(' 1 TB ')).toBe('1tb');
    expect(storageKeysOf(1024)).toEqual(['1024gb', '1tb']);
    expect(storageKeysOf(256)).toEqual(['256gb']);
    for (const key of [...storageKeysOf(1024), ...storageKeysOf(512)]) expect(parseStorageGb(key)).toBe(key.includes('512') ? 512 : 1024);
  });
});

describe('the page state in the address', () => {
  it('reads leniently and writes one address per state', () => {
    const p = readBrowseParams(
      new URLSearchParams(
        'query=ip%2015&sort=price-asc&brand=Samsung&brand=Apple&brand=&storage=256&storage=x&color=Titanium%20i%20zi&color=&min=900&max=100&inStock=1&category=phone&page=3',
      ),
      'query',
    );
    expect(p).toEqual({
      q: 'ip 15',
      sort: 'price-asc',
      brands: ['Apple', 'Samsung'],
      storage: [256],
      colors: ['Titanium i zi'],
      min: 100,
      max: 900,
      inStock: true,
      category: 'phone',
      page: 3,
    });
    expect(browseSearch(p, 'query')).toBe(
      'query=ip+15&sort=price-asc&brand=Apple&brand=Samsung&storage=256&color=Titanium+i+zi&min=100&max=900&inStock=1&category=phone&page=3',
    );
    expect(readBrowseParams(new URLSearchParams('sort=cheap&page=-1&category=x&min=abc'))).toEqual({
      brands: [],
      storage: [],
      colors: [],
      inStock: false,
      page: 1,
    });
    expect(browseSearch(readBrowseParams(new URLSearchParams('')))).toBe('');
  });

  it("relevance only with a search text; the shop's own order otherwise", () => {
    expect(effectiveSort(undefined, true)).toBe('relevance');
    expect(effectiveSort(undefined, false)).toBe('featured');
    expect(effectiveSort('relevance', false)).toBe('featured');
    expect(effectiveSort('name', true)).toBe('name');
  });
});

describe("the catalogue pages' sort", () => {
  const list = [
    { id: 'b', name: 'Power Bank', price: 59 },
    { id: 'a', name: 'karikues 20W', price: 35 },
    { id: 'c', name: 'Kabllo', price: 35 },
  ];
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it('offers /products’ sorts but relevance, read from the address (anything else is the shop’s order)', () => {
    expect(listSorts).toEqual(['featured', 'newest', 'price-asc', 'price-desc', 'name']);
    expect(readListSort(new URLSearchParams('sort=price-desc'))).toBe('price-desc');
    for (const q of ['', 'sort=relevance', 'sort=cheap', 'sort=']) expect(readListSort(new URLSearchParams(q))).toBe('featured');
    expect(listSortSearch('featured')).toBe('');
    expect(listSortSearch('name')).toBe('sort=name');
  });

  it('orders by price (ties in the shop’s order), by name without letter case, newest first, or as listed', () => {
    expect(ids(sortListed(list, 'featured'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortListed(list, 'newest'))).toEqual(['c', 'a', 'b']);
    expect(ids(sortListed(list, 'price-asc'))).toEqual(['a', 'c', 'b']);
    expect(ids(sortListed(list, 'price-desc'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortListed(list, 'name'))).toEqual(['c', 'a', 'b']);
    // The list it was given stays as it was.
    expect(ids(list)).toEqual(['b', 'a', 'c']);
  });
});
