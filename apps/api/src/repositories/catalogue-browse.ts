import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Category } from '@shop/shared/domain/catalogue';
import type { BrowseSort } from '@shop/shared/domain/catalogue-browse';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { selectProductsWithStock, sellableSql } from './products';

/** What a catalogue page or a search asks of the products (decision 022). */
export interface BrowseFilter {
  /** A to_tsquery text made of plain words ([a-z0-9], `:*`, `|`, `&`, brackets); null: no search. */
  tsquery: string | null;
  /** The search text folded (domain foldText), for the name's trigram similarity in the ranking. */
  text: string | null;
  /** Categories ranked first for a search ('kufje': case); empty: phones first. */
  rankFirst: readonly Category[];
  /** Brands in lower case. */
  brands: readonly string[];
  storage: readonly number[];
  minCents?: number;
  maxCents?: number;
  inStock: boolean;
  category?: Category;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Some variant can be sold: not tracked, or units left (decisions 015, 039). */
const inStockSql = sellableSql;
const textMatch = (f: BrowseFilter): SQL | undefined =>
  f.tsquery === null ? undefined : sql`${products.searchVector} @@ to_tsquery('simple', ${f.tsquery})`;

/** Each facet's condition (undefined: not chosen), so one can be left out when counting it. */
function facetConditions(f: BrowseFilter) {
  return {
    brand: f.brands.length > 0 ? sql`lower(${products.brand}) in (${list(f.brands)})` : undefined,
    storage: f.storage.length > 0 ? inArray(products.storageGb, [...f.storage]) : undefined,
    price: and(
      f.minCents !== undefined ? gte(products.priceCents, f.minCents) : undefined,
      f.maxCents !== undefined ? lte(products.priceCents, f.maxCents) : undefined,
    ),
    stock: f.inStock ? inStockSql : undefined,
    category: f.category ? eq(products.category, f.category) : undefined,
  };
}
type FacetName = keyof ReturnType<typeof facetConditions>;

/** The ranking of a search: the categories it names (else phones) first, then text rank plus the name's likeness. */
function relevance(f: BrowseFilter): SQL[] {
  const first = f.rankFirst.length > 0 ? f.rankFirst : (['phone'] as const);
  return [
    sql`(${products.category} in (${list(first)})) desc`,
    // lower(), not shop_fold(): close enough for an order, and unaccent per row costs.
    sql`(ts_rank(${products.searchVector}, to_tsquery('simple', ${f.tsquery ?? ''})) + similarity(lower(${products.name}), ${f.text ?? ''})) desc`,
    asc(products.id),
  ];
}

function orderBy(sort: BrowseSort, f: BrowseFilter): SQL[] {
  switch (sort) {
    case 'relevance':
      return f.tsquery === null ? orderBy('featured', f) : relevance(f);
    case 'featured':
      // The shop's own order, as GET /api/products lists (and the index products_featured_idx).
      return [sql`${products.homePosition} asc nulls last`, asc(products.collection), asc(products.createdAt), asc(products.id)];
    case 'price-asc':
      return [asc(products.priceCents), asc(products.id)];
    case 'price-desc':
      return [desc(products.priceCents), desc(products.id)];
    case 'name':
      return [sql`lower(${products.name})`, asc(products.id)];
    case 'newest':
      // As the index products_newest_idx is ordered.
      return [sql`${products.createdAt} desc nulls last`, asc(products.id)];
  }
}

/**
 * One page of the products that match, in the order asked (the total comes with the facets). The
 * query itself, so a test can EXPLAIN it (`.getSQL()`); awaiting it gives the rows.
 */
export function browsePage(db: DbOrTx, f: BrowseFilter, sort: BrowseSort, limit: number, offset: number) {
  const c = facetConditions(f);
  return selectProductsWithStock(db)
    .where(and(textMatch(f), c.brand, c.storage, c.price, c.stock, c.category))
    .orderBy(...orderBy(sort, f))
    .limit(limit)
    .offset(offset);
}

export interface FacetRow {
  facet: 'brand' | 'storage' | 'price' | 'stock' | 'category' | 'total';
  value: string | null;
  count: number;
}

/**
 * Counts per facet value in one statement over the products the search text matches: each facet
 * counts the rows that pass every other chosen facet (so the other brands keep their counts when
 * one is chosen), and 'total' those that pass them all. One pass over the rows, grouped by
 * grouping sets (one per facet, and () for the total and the in-stock count). `priceStarts` are
 * the price ranges' lower bounds in cents after the first: the 'price' value is the range's index.
 */
export async function browseFacets(db: DbOrTx, f: BrowseFilter, priceStarts: readonly number[]): Promise<FacetRow[]> {
  const res = await db.execute(browseFacetsSql(f, priceStarts));
  const rows = (res as unknown as { rows: Record<string, string | number | null>[] }).rows;
  const out: FacetRow[] = [];
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  for (const r of rows) {
    // grouping(): a bit per column left out of the row's set (brand 8, storage 4, price 2, category 1).
    switch (n(r.g)) {
      case 7:
        out.push({ facet: 'brand', value: r.brand === null ? null : String(r.brand), count: n(r.n_brand) });
        break;
      case 11:
        if (r.storage_gb !== null) out.push({ facet: 'storage', value: String(r.storage_gb), count: n(r.n_storage) });
        break;
      case 13:
        out.push({ facet: 'price', value: String(r.price_range), count: n(r.n_price) });
        break;
      case 14:
        out.push({ facet: 'category', value: String(r.category), count: n(r.n_category) });
        break;
      case 15:
        out.push({ facet: 'stock', value: null, count: n(r.n_stock) }, { facet: 'total', value: null, count: n(r.n_total) });
        break;
    }
  }
  return out;
}

/** The statement of browseFacets (a test EXPLAINs it). */
export function browseFacetsSql(f: BrowseFilter, priceStarts: readonly number[]): SQL {
  const c = facetConditions(f);
  const flag = (cond: SQL | undefined) => cond ?? sql`true`;
  const allBut = (skip: FacetName | null) =>
    sql.join(
      (['brand', 'storage', 'price', 'stock', 'category'] as const).filter((n) => n !== skip).map((n) => sql.raw(`f_${n}`)),
      sql` and `,
    );
  return sql`
    select grouping(brand, storage_gb, price_range, category) as g, brand, storage_gb, price_range, category,
      count(*) filter (where ${allBut('brand')}) as n_brand,
      count(*) filter (where ${allBut('storage')}) as n_storage,
      count(*) filter (where ${allBut('price')}) as n_price,
      count(*) filter (where ${allBut('category')}) as n_category,
      count(*) filter (where in_stock and ${allBut('stock')}) as n_stock,
      count(*) filter (where ${allBut(null)}) as n_total
    from (
      select ${products.brand} as brand, ${products.storageGb} as storage_gb, ${products.category} as category,
        width_bucket(${products.priceCents}, array[${list(priceStarts)}]::int[]) as price_range,
        ${inStockSql} as in_stock,
        ${flag(c.brand)} as f_brand, ${flag(c.storage)} as f_storage, ${flag(c.price)} as f_price,
        ${flag(c.stock)} as f_stock, ${flag(c.category)} as f_category
      from ${products}
      ${f.tsquery === null ? sql`` : sql`where ${textMatch(f)}`}
    ) base
    group by grouping sets ((brand), (storage_gb), (price_range), (category), ())`;
}

/** A search word as the catalogue knows it: whether some word starts with it, and words like it. */
export interface WordLookup {
  word: string;
  known: boolean;
  similar: string[];
}

/**
 * For each word: whether a word of the products starts with it, and (for the others) up to 3
 * words of the products that look like it by trigram similarity of at least `minSimilarity`
 * ('samsng' -> 'samsung'), best first. One statement, on the search_words table's trigram index.
 */
export async function lookUpWords(db: DbOrTx, words: readonly string[], minSimilarity: number): Promise<WordLookup[]> {
  if (words.length === 0) return [];
  const res = await db.execute(sql`
    select t.word,
      exists (select 1 from search_words s where s.word like t.word || '%') as known,
      array(
        select s.word from search_words s
        where s.word % t.word and similarity(s.word, t.word) >= ${minSimilarity}
        order by similarity(s.word, t.word) desc, s.word
        limit 3
      ) as similar
    from unnest(array[${list(words)}]::text[]) as t(word)`);
  return (res as unknown as { rows: { word: string; known: boolean; similar: string[] | string }[] }).rows.map((r) => ({
    word: r.word,
    known: r.known,
    similar: parseTextArray(r.similar),
  }));
}

/** node-postgres and PGlite both hand text[] over as an array; a literal '{a,b}' is read too. */
function parseTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}
