import { categoryLabels, categories, type Category } from '@shop/shared/domain/catalogue';
import {
  BROWSE_PAGE_SIZE,
  effectiveSort,
  foldText,
  parseStorageGb,
  priceRanges,
  priceRangeStartsCents,
  searchCategories,
  searchWords,
  storageKeysOf,
  storageLabel,
  type BrowseSort,
  type SearchWord,
} from '@shop/shared/domain/catalogue-browse';
import { toCents } from '@shop/shared/domain/money';
import { swatchColour } from '@shop/shared/domain/variants';
import type { BrowseAnswer, BrowseQuery } from '@shop/shared/schemas/catalogue-browse';
import type { DbOrTx } from '../db/client';
import { browseFacets, browsePage, lookUpWords, type BrowseFilter, type FacetRow } from '../repositories/catalogue-browse';
import { toListItem, withPhotosAll } from '../repositories/products';

/**
 * How alike an unknown word and a catalogue word must be (pg_trgm similarity, 0 to 1) to be
 * searched in its place: 'samsng' and 'samsung' are 0.5; unrelated words of that length stay
 * under 0.3.
 */
export const TYPO_MIN_SIMILARITY = 0.4;

/**
 * The to_tsquery text of the words: every word (or one of its alternatives, or for a word the
 * catalogue does not know, one of the words it looks like) must match. Terms are letters and
 * digits only (domain searchWords), so the text is always valid.
 */
export function searchTsQuery(words: readonly SearchWord[], similar: ReadonlyMap<string, readonly string[]>): string {
  return words
    .map((w) => {
      const terms = [...w.alternatives.map((a) => (a.prefix ? `${a.term}:*` : a.term)), ...(similar.get(w.word) ?? [])];
      return `(${[...new Set(terms)].join(' | ')})`;
    })
    .join(' & ');
}

/** What the words ask of the products: the tsquery, with typos replaced by what they resemble. */
async function searchFilter(db: DbOrTx, q: string | undefined): Promise<Pick<BrowseFilter, 'tsquery' | 'text' | 'rankFirst'> | null> {
  if (q === undefined || q === '') return { tsquery: null, text: null, rankFirst: [] };
  const words = searchWords(q);
  if (words.length === 0) return null; // only signs: nothing can match
  const lookups = await lookUpWords(
    db,
    words.filter((w) => w.fuzzy).map((w) => w.word),
    TYPO_MIN_SIMILARITY,
  );
  const similar = new Map(lookups.filter((l) => !l.known).map((l) => [l.word, l.similar]));
  return { tsquery: searchTsQuery(words, similar), text: foldText(q), rankFirst: searchCategories(words) };
}

const byCountThenName = <T extends { count: number; label: string }>(a: T, b: T) =>
  b.count - a.count || a.label.localeCompare(b.label, 'sq');

/** The facets' counts as the answer gives them; chosen values stay listed even when none match now. */
function facetsOf(rows: readonly FacetRow[], query: BrowseQuery): BrowseAnswer['facets'] {
  const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet);
  const brands = new Map<string, number>();
  for (const r of of('brand')) if (r.value) brands.set(r.value, r.count);
  for (const b of query.brand ?? []) {
    if (![...brands.keys()].some((k) => k.toLowerCase() === b.toLowerCase())) brands.set(b, 0);
  }
  // Storage keys ('512gb', '1tb') read as GB (one product has one key per size, so keys of one size add up).
  const storage = new Map<number, number>();
  for (const r of of('storage')) {
    const gb = parseStorageGb(r.value ?? '');
    if (gb !== null) storage.set(gb, (storage.get(gb) ?? 0) + r.count);
  }
  for (const g of query.storage ?? []) if (!storage.has(g)) storage.set(g, 0);
  const colors = new Map<string, { value: string; count: number }>();
  for (const r of of('color')) if (r.value) colors.set(r.value.toLocaleLowerCase('sq'), { value: r.value, count: r.count });
  for (const c of query.color ?? [])
    if (!colors.has(c.toLocaleLowerCase('sq'))) colors.set(c.toLocaleLowerCase('sq'), { value: c, count: 0 });
  const priceCounts = new Map(of('price').map((r) => [Number(r.value), r.count]));
  const categoryCounts = new Map(of('category').map((r) => [r.value as Category, r.count]));
  return {
    brands: [...brands]
      .map(([value, count]) => ({ value, count, label: value }))
      .filter((b) => b.count > 0 || (query.brand ?? []).some((q) => q.toLowerCase() === b.value.toLowerCase()))
      .sort(byCountThenName)
      .map(({ value, count }) => ({ value, count })),
    storage: [...storage]
      .filter(([value, count]) => count > 0 || (query.storage ?? []).includes(value))
      .sort(([a], [b]) => a - b)
      .map(([value, count]) => ({ value, count, label: storageLabel(value) })),
    colors: [...colors.values()]
      .filter((c) => c.count > 0 || (query.color ?? []).some((q) => q.toLocaleLowerCase('sq') === c.value.toLocaleLowerCase('sq')))
      .map((c) => ({ ...c, label: c.value }))
      .sort(byCountThenName)
      .map(({ value, count }) => ({ value, count, hex: swatchColour(value) })),
    prices: priceRanges.map((r, i) => ({ value: i, count: priceCounts.get(i) ?? 0, min: r.min, max: r.max, label: r.label })),
    categories: categories
      .map((c) => ({ value: c, count: categoryCounts.get(c) ?? 0, label: categoryLabels[c] }))
      .filter((c) => c.count > 0 || c.value === query.category),
    inStock: of('stock')[0]?.count ?? 0,
  };
}

/** What a browse request asks of the database: the filter (null: a search text without words), the order and the page. */
export interface BrowsePlan {
  filter: BrowseFilter | null;
  sort: BrowseSort;
  page: number;
  pageSize: number;
}

/** Reads a browse request into a plan (looks up words the catalogue does not know). */
export async function planBrowse(db: DbOrTx, query: BrowseQuery): Promise<BrowsePlan> {
  const pageSize = query.pageSize ?? BROWSE_PAGE_SIZE;
  const page = query.page ?? 1;
  const sort = effectiveSort(query.sort, query.q !== undefined && query.q !== '');
  const search = await searchFilter(db, query.q);
  if (search === null) return { filter: null, sort, page, pageSize };
  const filter: BrowseFilter = {
    ...search,
    brands: [...new Set((query.brand ?? []).map((b) => b.toLowerCase()))],
    storage: [...new Set(query.storage ?? [])],
    storageKeys: [...new Set((query.storage ?? []).flatMap(storageKeysOf))],
    colors: [...new Set((query.color ?? []).map((c) => c.toLowerCase()))],
    ...(query.min !== undefined ? { minCents: toCents(query.min) } : {}),
    ...(query.max !== undefined ? { maxCents: toCents(query.max) } : {}),
    inStock: query.inStock === '1' || query.inStock === 'true',
    ...(query.category ? { category: query.category } : {}),
  };
  return { filter, sort, page, pageSize };
}

/**
 * One page of the catalogue or of a search (GET /api/products/browse, decision 022): the products
 * in the order asked, the total over all pages, and the counts per facet. Two statements (three
 * with a word to correct): the facets with the total, and the page.
 */
export async function browseCatalogue(db: DbOrTx, query: BrowseQuery): Promise<BrowseAnswer> {
  const { filter, sort, page, pageSize } = await planBrowse(db, query);
  if (filter === null) return { items: [], total: 0, page, pageSize, pages: 1, sort, facets: facetsOf([], query) };
  const [facetRows, rows] = await Promise.all([
    browseFacets(db, filter, priceRangeStartsCents),
    browsePage(db, filter, sort, pageSize, (page - 1) * pageSize),
  ]);
  const total = facetRows.find((r) => r.facet === 'total')?.count ?? 0;
  return {
    items: (await withPhotosAll(db, rows)).map(toListItem),
    total,
    page,
    pageSize,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    sort,
    facets: facetsOf(facetRows, query),
  };
}

/** Pages of the plain catalogue kept in the product cache: the first few, the ones people open. */
export const KEPT_BROWSE_PAGES = 5;

/**
 * The key a browse answer may be kept under in the product cache, or null when it is not kept:
 * only the plain catalogue (no search text, no brand, storage, colour or price) at the default page size,
 * pages 1 to KEPT_BROWSE_PAGES: at most 5 sorts x 5 categories x 2 x 5 pages = 250 keys. Searches
 * and narrowed lists are made each time (decision 022).
 */
export function browseCacheKey(query: BrowseQuery): string | null {
  const page = query.page ?? 1;
  if (
    (query.q ?? '') !== '' ||
    query.brand?.length ||
    query.storage?.length ||
    query.color?.length ||
    query.min !== undefined ||
    query.max !== undefined
  )
    return null;
  if ((query.pageSize ?? BROWSE_PAGE_SIZE) !== BROWSE_PAGE_SIZE || page > KEPT_BROWSE_PAGES) return null;
  const inStock = query.inStock === '1' || query.inStock === 'true';
  return `browse:${effectiveSort(query.sort, false)}:${query.category ?? ''}:${inStock ? 1 : 0}:${page}`;
}
