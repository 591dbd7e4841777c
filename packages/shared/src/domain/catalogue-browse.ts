/**
 * The catalogue's browsing rules (issue 18, decision 022): sorts, pages, facets (brand, storage,
 * price ranges, in stock, category), the storage rule, and how a search text becomes search terms
 * (folding, category words in Albanian). The API's query (services/catalogue-browse.ts) and the
 * storefront's pages (/products, /search) both read them here.
 */
import { categories, type Category } from './catalogue';
import { groupThousands } from './money';

/**
 * How a page of products can be ordered. 'featured' is the shop's own order (the home list first,
 * then each catalogue), the order /products always had; 'relevance' needs a search text (else it
 * is 'featured').
 */
export const browseSorts = ['relevance', 'featured', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type BrowseSort = (typeof browseSorts)[number];

export const browseSortLabels: Record<BrowseSort, string> = {
  relevance: 'Më të përshtatshmet',
  featured: 'Të rekomanduarat',
  newest: 'Më të rejat',
  'price-asc': 'Çmimi: nga më i ulëti',
  'price-desc': 'Çmimi: nga më i larti',
  name: 'Emri (A-Z)',
};

/** Products on one page of the catalogue and of search results. */
export const BROWSE_PAGE_SIZE = 24;
/** The limits of a browse request: a page size, the page number, the search text and its words. */
export const browseLimits = {
  maxPageSize: 60,
  maxPage: 10_000,
  maxQuery: 100,
  maxWords: 8,
  maxValues: 20,
  maxBrand: 60,
  maxPrice: 1_000_000,
  maxStorageGb: 1_048_576,
} as const;

/** The sort a request gets when it names none (or 'relevance' without a search text). */
export const effectiveSort = (sort: BrowseSort | undefined, hasQuery: boolean): BrowseSort =>
  sort === undefined || (sort === 'relevance' && !hasQuery) ? (hasQuery ? 'relevance' : 'featured') : sort;

// --- Storage -------------------------------------------------------------------------------

/** "256 GB", "1TB", "128gb": a size in GB or TB, not part of a longer word. */
const STORAGE_RE = /(\d{1,4})\s?(gb|tb)(?![a-z])/i;

/**
 * A product's storage in GB, for the storage facet: from its 'Memoria' spec when it has one,
 * else from its name ('iPhone 16 128 GB'); TB counts 1024 GB. Null when neither says (cases,
 * chargers, gift cards). RAM ('RAM: 8 GB') is never read.
 */
export function storageGb(product: { name: string; specs?: Record<string, string> | null }): number | null {
  const fromSpec = product.specs?.['Memoria'];
  for (const text of [fromSpec, product.name]) {
    const gb = text ? parseStorageGb(text) : null;
    if (gb !== null) return gb;
  }
  return null;
}

/** A size in a text, in GB: '512 GB' -> 512, '1 TB' and '1TB' -> 1024; null when the text names none. */
export function parseStorageGb(text: string): number | null {
  const m = STORAGE_RE.exec(text);
  const n = m ? Number(m[1]) : 0;
  return n > 0 ? (m![2]!.toLowerCase() === 'tb' ? n * 1024 : n) : null;
}

/**
 * A 'Memoria' option's value as the catalogue's storage facet compares it (decision 039): lower
 * case without spaces ('512 GB' -> '512gb', '1 TB' -> '1tb'). The facet's statement folds the
 * values the same way in SQL (`lower(regexp_replace(value, '[[:space:]]', '', 'g'))`); what a key means in
 * GB is parseStorageGb's, here, only.
 */
export const storageValueKey = (value: string): string => value.replace(/\s/g, '').toLowerCase();

/** The keys a size in GB may be written as ('1024gb', '1tb'): a storage filter matches a variant's value by them. */
export const storageKeysOf = (gb: number): string[] => (gb % 1024 === 0 ? [`${gb}gb`, `${gb / 1024}tb`] : [`${gb}gb`]);

/** 256 -> '256 GB', 1024 -> '1 TB'. */
export const storageLabel = (gb: number): string => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`);

// --- Price ranges --------------------------------------------------------------------------

/** The price facet's ranges in euros: from `min` (inclusive) to `max` (inclusive), the last open. */
export interface PriceRange {
  min: number;
  max: number | null;
  label: string;
}

/**
 * Whole-euro steps that fit the shop (cases and accessories, mid-range and flagship phones).
 * A range ends one cent below the next one's start, so every price falls in exactly one.
 */
const PRICE_STEPS = [100, 300, 600, 1000];

const LAST_STEP = PRICE_STEPS[PRICE_STEPS.length - 1]!;

export const priceRanges: readonly PriceRange[] = [
  ...PRICE_STEPS.map((max, i): PriceRange => {
    const min = i === 0 ? 0 : PRICE_STEPS[i - 1]!;
    return { min, max: max - 0.01, label: i === 0 ? `Deri në ${max} €` : `${min} – ${groupThousands(max)} €` };
  }),
  { min: LAST_STEP, max: null, label: `Mbi ${groupThousands(LAST_STEP)} €` },
];

/** The lower bounds of the ranges after the first, in cents: a price's range is how many it reaches. */
export const priceRangeStartsCents: readonly number[] = PRICE_STEPS.map((s) => s * 100);

/** Which range a price (in cents) falls in (an index of `priceRanges`). */
export const priceRangeIndex = (cents: number): number => priceRangeStartsCents.filter((s) => cents >= s).length;

// --- Search text ---------------------------------------------------------------------------

/**
 * Text as search compares it: lower case, ë -> e, ç -> c and every other accent dropped (the
 * database folds the products' text the same way, with unaccent, in migration 0006).
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** One alternative of a search word: a lexeme, matched as a word prefix or whole. */
export interface SearchAlternative {
  term: string;
  prefix: boolean;
}

/** A word of the search text with what may stand for it, and the category it speaks of (if any). */
export interface SearchWord {
  word: string;
  alternatives: SearchAlternative[];
  /** The word names a kind of product (kufje, ora, kase, karikues): rank that category first. */
  category: Category | null;
  /** The word may be a typo for a word of the catalogue (letters, 4 signs or more). */
  fuzzy: boolean;
}

/**
 * Words shoppers use for a kind of product, folded, with what the catalogue calls it. Earbuds are
 * filed under 'case' and watches under 'phone' (product.md §3), so the words lead to text the
 * products carry (names, types, descriptions), and the category only orders the results.
 */
const categoryWords: readonly { words: string[]; terms: string[]; category: Category }[] = [
  {
    words: ['kufje', 'kufjet', 'kufjete', 'degjuese', 'degjueset', 'earbuds', 'headphones', 'headset'],
    terms: ['kufje', 'earbuds', 'buds', 'airpods', 'headphones'],
    category: 'case',
  },
  {
    // 'mbrojtëse' itself is the catalogue's word: it stays a plain word (product.md §2.4's search).
    words: ['mbeshtjelles', 'mbeshtjellese', 'mbeshtjellesi', 'kase', 'kasa', 'kasat', 'case', 'cover', 'futrale'],
    terms: ['mbrojtes', 'case'],
    category: 'case',
  },
  { words: ['ora', 'ore', 'oret', 'orat', 'smartwatch', 'watch'], terms: ['watch', 'ora', 'smartwatch'], category: 'phone' },
  {
    words: ['karikues', 'karikuesi', 'karikuese', 'karikim', 'charger', 'adapter', 'mbushes'],
    terms: ['karikues', 'charger'],
    category: 'accessory',
  },
  { words: ['kabllo', 'kabell', 'kabel', 'kabli', 'cable'], terms: ['kabllo', 'cable'], category: 'accessory' },
  { words: ['telefon', 'telefona', 'telefoni', 'celular', 'celulare', 'smartphone'], terms: ['telefon'], category: 'phone' },
];

const categoryWordIndex = new Map(categoryWords.flatMap((g) => g.words.map((w) => [w, g] as const)));

/**
 * The words of a search text: folded, split at anything but letters and digits, at most
 * `browseLimits.maxWords`. Each word matches as a prefix of a product's word ("ip" finds
 * "iPhone"); a word for a kind of product ("kufje", "ora", "kase") also matches what the catalogue
 * calls it. A product matches when every word (or one of its alternatives) matches it.
 */
export function searchWords(text: string): SearchWord[] {
  const words = [
    ...new Set(
      foldText(text)
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
  ].slice(0, browseLimits.maxWords);
  return words.map((word) => {
    const group = categoryWordIndex.get(word);
    const alternatives: SearchAlternative[] = [{ term: word, prefix: !group }];
    for (const term of group?.terms ?? []) if (term !== word) alternatives.push({ term, prefix: true });
    return { word, alternatives, category: group?.category ?? null, fuzzy: !group && word.length >= 4 && /[a-z]/.test(word) };
  });
}

/** The categories a search text names ('kufje' -> case), to order results; empty: phones first. */
export const searchCategories = (words: readonly SearchWord[]): Category[] => [
  ...new Set(words.flatMap((w) => (w.category ? [w.category] : []))),
];

// --- The state of a browse page, in its address -----------------------------------------------

/** What a catalogue or search page asks for (its address's query, read leniently). */
export interface BrowseParams {
  q?: string;
  sort?: BrowseSort;
  brands: string[];
  storage: number[];
  /** Colour names (decision 039), as the facet lists them. */
  colors: string[];
  min?: number;
  max?: number;
  inStock: boolean;
  category?: Category;
  page: number;
}

const isSort = (v: string | null): v is BrowseSort => v !== null && (browseSorts as readonly string[]).includes(v);
const isCategory = (v: string | null): v is Category => v !== null && (categories as readonly string[]).includes(v);

function readPrice(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 && n <= browseLimits.maxPrice ? Math.round(n * 100) / 100 : undefined;
}

/**
 * A page's state from its address, leniently: a value the API would refuse is dropped, so a
 * mistyped link still shows the catalogue. `queryKey` names the search text ('query' on /search,
 * product.md §2.4).
 */
export function readBrowseParams(search: URLSearchParams, queryKey = 'q'): BrowseParams {
  const q = search.get(queryKey)?.trim().slice(0, browseLimits.maxQuery) || undefined;
  const sort = search.get('sort');
  const category = search.get('category');
  const brands = [
    ...new Set(
      search
        .getAll('brand')
        .map((b) => b.trim())
        .filter((b) => b && b.length <= browseLimits.maxBrand),
    ),
  ].slice(0, browseLimits.maxValues);
  const storage = [
    ...new Set(
      search
        .getAll('storage')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0 && n <= browseLimits.maxStorageGb),
    ),
  ].slice(0, browseLimits.maxValues);
  const colors = [
    ...new Set(
      search
        .getAll('color')
        .map((c) => c.trim())
        .filter((c) => c && c.length <= 40),
    ),
  ].slice(0, browseLimits.maxValues);
  let min = readPrice(search.get('min'));
  let max = readPrice(search.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const page = Number(search.get('page'));
  return {
    ...(q ? { q } : {}),
    ...(isSort(sort) ? { sort } : {}),
    brands: brands.sort(),
    storage: storage.sort((a, b) => a - b),
    colors: colors.sort(),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    inStock: ['1', 'true'].includes(search.get('inStock') ?? ''),
    ...(isCategory(category) ? { category } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= browseLimits.maxPage ? page : 1,
  };
}

/**
 * The address query of a state, in one fixed order and without defaults (page 1, no sort), so
 * one state has one address (and one cache key). `queryKey` as in readBrowseParams.
 */
export function browseSearch(params: BrowseParams, queryKey = 'q'): string {
  const s = new URLSearchParams();
  if (params.q) s.set(queryKey, params.q);
  if (params.sort) s.set('sort', params.sort);
  for (const b of params.brands) s.append('brand', b);
  for (const g of params.storage) s.append('storage', String(g));
  for (const c of params.colors) s.append('color', c);
  if (params.min !== undefined) s.set('min', String(params.min));
  if (params.max !== undefined) s.set('max', String(params.max));
  if (params.inStock) s.set('inStock', '1');
  if (params.category) s.set('category', params.category);
  if (params.page > 1) s.set('page', String(params.page));
  return s.toString();
}

/** Whether any facet narrows the list (a search text does not count). */
export const hasBrowseFilters = (p: BrowseParams): boolean =>
  p.brands.length > 0 ||
  p.storage.length > 0 ||
  p.colors.length > 0 ||
  p.min !== undefined ||
  p.max !== undefined ||
  p.inStock ||
  p.category !== undefined;

// --- The catalogue pages' sort ---------------------------------------------------------------

/**
 * The sorts of a list without a search text: /products without one, and the catalogue pages
 * (iPhone, Samsung, Aksesorë, Karta dhuratë), which offer the same control with the same texts.
 */
export const listSorts: readonly BrowseSort[] = browseSorts.filter((s) => s !== 'relevance');

/** A catalogue page's sort from its address (`?sort=`); anything else is the shop's own order. */
export function readListSort(search: URLSearchParams): BrowseSort {
  const sort = search.get('sort');
  return sort !== 'relevance' && isSort(sort) ? sort : 'featured';
}

/** The address query of a catalogue page's sort: none for the shop's own order. */
export const listSortSearch = (sort: BrowseSort): string => (sort === 'featured' || sort === 'relevance' ? '' : `sort=${sort}`);

/**
 * A catalogue page's items in the order of `sort`, as /products orders them (decision 022):
 * 'featured' is the list as the server answers it (the shop's own order, which within one
 * collection is the order the products were added in), so 'newest' is that list reversed; price
 * and name as on /products (name by its lower case). Ties keep the shop's order.
 */
export function sortListed<T extends { name: string; price: number }>(items: readonly T[], sort: BrowseSort): T[] {
  const list = [...items];
  switch (sort) {
    case 'relevance':
    case 'featured':
      return list;
    case 'newest':
      return list.reverse();
    case 'price-asc':
      return list.sort((a, b) => a.price - b.price);
    case 'price-desc':
      return list.sort((a, b) => b.price - a.price);
    case 'name':
      return list.sort((a, b) => {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        return x < y ? -1 : x > y ? 1 : 0;
      });
  }
}
