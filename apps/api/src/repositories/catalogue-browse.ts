import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Category } from '@shop/shared/domain/catalogue';
import type { BrowseSort } from '@shop/shared/domain/catalogue-browse';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { productWithSummaryColumns, variantSummaryLateral } from './products';

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
  /** Sizes in GB: a product without a 'Memoria' option matches by its storage_gb. */
  storage: readonly number[];
  /** The same sizes as a 'Memoria' value's keys (domain storageKeysOf: '1024gb', '1tb'). */
  storageKeys: readonly string[];
  /** Colour names in lower case: some variant's 'Ngjyra' value is one of them. */
  colors: readonly string[];
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

const textMatch = (f: BrowseFilter): SQL | undefined =>
  f.tsquery === null ? undefined : sql`${products.searchVector} @@ to_tsquery('simple', ${f.tsquery})`;

/**
 * Each chosen facet's condition on a `product_facets` row `pf` (undefined: not chosen), decision
 * 045; the page and the facets' counts use the same ones. A size or colour matches when some
 * variant has it (with 'in stock', some variant that can be sold: the `*_sellable` arrays); a
 * product without a 'Memoria' option matches a size by its storage_gb (its one key); a price range
 * when some variant's price is in it (a product without options: the product's price, its one
 * variant's); 'in stock' when some variant can be sold (decisions 015, 039).
 */
function facetFlags(f: BrowseFilter): Record<FacetName, SQL | undefined> {
  const skeys = f.inStock ? sql`pf.size_keys_sellable` : sql`pf.size_keys`;
  const colours = f.inStock ? sql`pf.colours_sellable` : sql`pf.colours`;
  return {
    brand: f.brands.length > 0 ? sql`lower(pf.brand) in (${list(f.brands)})` : undefined,
    storage: f.storage.length > 0 ? sql`${skeys} && array[${list(f.storageKeys)}]::text[]` : undefined,
    color: f.colors.length > 0 ? colourIn(colours, f) : undefined,
    price:
      f.minCents !== undefined || f.maxCents !== undefined
        ? sql`case when pf.has_options then ${somePriceIn(sql`pf.prices`, f)} else ${priceIn(sql`pf.price_cents`, f)} end`
        : undefined,
    stock: f.inStock ? sql`pf.sellable` : undefined,
    category: f.category ? sql`pf.category = ${f.category}` : undefined,
  };
}

/** Some colour of the array is one of the chosen colours (lower case). */
const colourIn = (arr: SQL, f: BrowseFilter) => sql`exists (select 1 from unnest(${arr}) x where lower(x) in (${list(f.colors)}))`;

/**
 * A page's conditions: brand and category on `products` (their indexes); a chosen size as the ids
 * of the `product_facets` rows that have it (`size_keys && …`, their GIN index of migration 0030):
 * the planner estimates that from the arrays' statistics and, for a narrow size, starts from those
 * rows (decision 045, 2026-12-02 round 2); the other facets read from the variants (colour, price,
 * in stock) by one look-up of the product's `product_facets` row. That is a scalar subquery, not
 * EXISTS: the planner would turn EXISTS into a join driven by a scan of `product_facets`, where
 * the page should walk the products' index of its order and stop at 24.
 */
function pageConditions(f: BrowseFilter): (SQL | undefined)[] {
  const flags = facetFlags(f);
  const onFacets = [flags.color, flags.price, flags.stock].filter((c): c is SQL => c !== undefined);
  return [
    f.brands.length > 0 ? sql`lower(${products.brand}) in (${list(f.brands)})` : undefined,
    f.category ? eq(products.category, f.category) : undefined,
    // Raw names inside: a one-table select writes its columns unqualified.
    flags.storage ? sql`"products"."id" in (select pf.product_id from product_facets pf where ${flags.storage})` : undefined,
    onFacets.length > 0
      ? sql`(select ${sql.join(onFacets, sql` and `)} from product_facets pf where pf.product_id = ${products.id})`
      : undefined,
  ];
}

/**
 * Some price of an array of distinct prices in ascending order (`product_facets.prices`) lies in the
 * range, without a subquery per row (decision 045, round 4): `width_bucket(x, prices)` is how many
 * of the prices are at most x, so some price is in [min, max] when more are at most max than are
 * below min (the prices are whole cents: below min is at most min - 1). An empty array has none.
 */
const somePriceIn = (prices: SQL, f: BrowseFilter): SQL => {
  const atMost = (cents: number) => sql`width_bucket(${cents}::int, ${prices})`;
  if (f.minCents !== undefined && f.maxCents !== undefined) return sql`${atMost(f.maxCents)} > ${atMost(f.minCents - 1)}`;
  if (f.maxCents !== undefined) return sql`${atMost(f.maxCents)} > 0`;
  if (f.minCents !== undefined) return sql`${atMost(f.minCents - 1)} < cardinality(${prices})`;
  return sql`true`;
};

/** The price range's condition on a price column (true without one). */
const priceIn = (cents: SQL, f: BrowseFilter): SQL =>
  and(
    f.minCents !== undefined ? sql`${cents} >= ${f.minCents}` : undefined,
    f.maxCents !== undefined ? sql`${cents} <= ${f.maxCents}` : undefined,
  ) ?? sql`true`;

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
 *
 * The page's ids are found first (the products' index of the order walked, the filters checked,
 * `limit`/`offset`), and only then are the page's rows read with their variants' summary: computed
 * in the same select, it ran for every row the offset skips too (decision 045, 2026-12-02). The
 * summary is one lateral look-up of each product's variants (`variantSummaryLateral`, round 4), not
 * four subqueries. `array(…)` keeps the ids in the page's order and `with ordinality` numbers them.
 */
export function browsePage(db: DbOrTx, f: BrowseFilter, sort: BrowseSort, limit: number, offset: number) {
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(and(textMatch(f), ...pageConditions(f)))
    .orderBy(...orderBy(sort, f))
    .limit(limit)
    .offset(offset);
  return db
    .select(productWithSummaryColumns)
    .from(products)
    .innerJoin(
      sql`(unnest(array(${ids})) with ordinality as browse_page(id, n) cross join ${variantSummaryLateral(sql`browse_page.id`)})`,
      sql`browse_page.id = ${products.id}`,
    )
    .orderBy(sql`browse_page.n`);
}

export interface FacetRow {
  facet: 'brand' | 'storage' | 'color' | 'price' | 'stock' | 'category' | 'total';
  value: string | null;
  count: number;
}

type FacetName = 'brand' | 'storage' | 'color' | 'price' | 'stock' | 'category';

/**
 * Counts per facet value in one statement over the products the search text matches: each facet
 * counts the products that pass every other chosen facet (so the other brands keep their counts
 * when one is chosen), and 'total' those that pass them all. Grouped by grouping sets (one per
 * facet, and () for the total and the in-stock count). Storage, colour and price count the
 * variants' values (decision 039): each product is one row for brand, category, stock and total,
 * plus one more row per further value it has (a zip of its storage keys, colours and price ranges,
 * so a product counts once under each of its values). Storage values are keys ('512gb', '1tb';
 * the service reads them as GB); `priceStarts` are the price ranges' lower bounds in cents after
 * the first: the 'price' value is the range's index.
 */
export async function browseFacets(db: DbOrTx, f: BrowseFilter, priceStarts: readonly number[]): Promise<FacetRow[]> {
  const res = await db.execute(browseFacetsSql(f, priceStarts));
  const rows = (res as unknown as { rows: Record<string, string | number | null>[] }).rows;
  const out: FacetRow[] = [];
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  for (const r of rows) {
    // grouping(): a bit per column left out of the row's set (brand 16, storage 8, colour 4, price 2, category 1).
    switch (n(r.g)) {
      case 15:
        out.push({ facet: 'brand', value: r.brand === null ? null : String(r.brand), count: n(r.n_brand) });
        break;
      case 23:
        if (r.skey !== null) out.push({ facet: 'storage', value: String(r.skey), count: n(r.n_storage) });
        break;
      case 27:
        if (r.colour_key !== null) out.push({ facet: 'color', value: String(r.colour_name), count: n(r.n_color) });
        break;
      case 29:
        if (r.bucket !== null) out.push({ facet: 'price', value: String(r.bucket), count: n(r.n_price) });
        break;
      case 30:
        out.push({ facet: 'category', value: String(r.category), count: n(r.n_category) });
        break;
      case 31:
        out.push({ facet: 'stock', value: null, count: n(r.n_stock) }, { facet: 'total', value: null, count: n(r.n_total) });
        break;
    }
  }
  return out;
}

/**
 * The statement of browseFacets (a test EXPLAINs it). Without a search text it reads the rows of
 * `product_facet_rows` (or `_sellable` with 'in stock') alone: each product's values already zipped
 * by migration 0031's triggers (decision 045, round 3). With one it reads `product_facets` (one
 * narrow row per product that migration 0022's triggers keep) joined to `products` for the text,
 * and zips the matching products' values itself; what decision 039's statement grouped from the
 * variants on every request (size keys, colours, prices and those of the variants that can be
 * sold) is on those rows.
 */
export function browseFacetsSql(f: BrowseFilter, priceStarts: readonly number[]): SQL {
  const starts = sql`array[${list(priceStarts)}]::int[]`;
  const all = ['brand', 'storage', 'color', 'price', 'stock', 'category'] as const;
  const given = facetFlags(f);
  // Only the chosen facets have a flag: a count's filter names the flags it needs and nothing else.
  const chosen = all.filter((n) => given[n] !== undefined);
  const flag = (n: FacetName) => sql.raw(`f_${n}`);
  const allBut = (...skip: FacetName[]) => chosen.filter((n) => !skip.includes(n)).map(flag);
  const when = (...conds: SQL[]) => (conds.length > 0 ? sql.join(conds, sql` and `) : sql`true`);
  // With 'in stock' chosen a size or colour counts when a variant that can be sold has it.
  const skeys = f.inStock ? sql`pf.size_keys_sellable` : sql`pf.size_keys`;
  const colours = f.inStock ? sql`pf.colours_sellable` : sql`pf.colours`;
  const keys = sql`array[${list(f.storageKeys)}]::text[]`;
  const bucketOf = (cents: SQL) => sql`width_bucket(${cents}, ${starts})`;
  // The in-stock count: a variant that can be sold has the chosen size and colour.
  const stockOk = [
    ...(f.storage.length > 0 ? [sql`pf.size_keys_sellable && ${keys}`] : []),
    ...(f.colors.length > 0 ? [colourIn(sql`pf.colours_sellable`, f)] : []),
  ];
  const flags = [
    ...chosen.map((n) => sql`${given[n]!} as ${flag(n)}`),
    sql`${stockOk.length > 0 ? sql.join(stockOk, sql` and `) : sql`true`} as f_stock_ok`,
  ];
  const flagColumns = sql.join([...chosen.map(flag), sql`f_stock_ok`], sql`, `);
  // A product that fails two chosen facets counts nowhere (each count passes all chosen facets but
  // its own; the in-stock count's sellable sizes and colours are among all its sizes and colours).
  const counts =
    chosen.length >= 2
      ? sql`(${sql.join(
          chosen.map((c) => sql`(not ${flag(c)})::int`),
          sql` + `,
        )}) <= 1`
      : sql`true`;
  const columns = sql`brand, category, in_stock, ${flagColumns}`;
  // A search's matching products with their flags, computed once per product in the materialized
  // CTE below (a ProjectSet evaluates its plain expressions again for every row it returns).
  const valuedColumns = sql`pf.has_options, pf.brand, pf.category, pf.sellable as in_stock, pf.price_cents, pf.prices,
        ${skeys} as skeys, ${colours} as colours, ${sql.join(flags, sql`, `)}`;
  const select = sql`select grouping(brand, skey, colour_key, bucket, category) as g, brand, skey, colour_key, min(colour) as colour_name, bucket, category,
      count(*) filter (where ${when(sql`i = 1`, ...allBut('brand'))}) as n_brand,
      count(*) filter (where ${when(sql`skey is not null`, ...allBut('storage'))}) as n_storage,
      count(*) filter (where ${when(sql`colour is not null`, ...allBut('color'))}) as n_color,
      count(*) filter (where ${when(sql`bucket is not null`, ...allBut('price'))}) as n_price,
      count(*) filter (where ${when(sql`i = 1`, ...allBut('category'))}) as n_category,
      count(*) filter (where ${when(sql`i = 1`, sql`in_stock`, sql`f_stock_ok`, ...allBut('stock', 'storage', 'color'))}) as n_stock,
      count(*) filter (where ${when(sql`i = 1`, ...allBut())}) as n_total`;
  const grouping = sql`group by grouping sets ((brand), (skey), (colour_key), (bucket), (category), ())`;
  // A price counts its range when the price before it (the product's prices ascending) lies in
  // another, so a product counts once per range; a product without options has none before.
  const bucketOfRow = sql`case when ${bucketOf(sql`price`)} is distinct from ${bucketOf(sql`before`)} then ${bucketOf(sql`price`)} end`;
  if (f.tsquery === null) {
    // Without a search: the rows migration 0031's triggers keep (decision 045, round 3), the zip of
    // each product's values already made; 'in stock' reads the zip of the variants that can be sold.
    const table = f.inStock ? sql`product_facet_rows_sellable` : sql`product_facet_rows`;
    return sql`${select}
    from (
      select ${columns}, skey, colour, lower(colour) as colour_key, ${bucketOfRow} as bucket, i
      from (
        select pf.brand, pf.category, pf.sellable as in_stock, pf.skey, pf.colour, pf.price, pf.before, pf.i, ${sql.join(flags, sql`, `)}
        from ${table} pf
      ) valued where ${counts}
    ) rows
    ${grouping}`;
  }
  // A search matches its products once, in a materialized CTE of their valued rows that both
  // branches read (decision 045, round 2): each branch matching the text itself scanned the
  // products twice. Their values are zipped here (the matching products are few).
  return sql`with valued as materialized (
      select ${valuedColumns}
      from product_facets pf join ${products} on ${products.id} = pf.product_id
      where ${textMatch(f)}
    )
    ${select}
    from (
      -- A product without options: one row (i = 1), its brand, category, stock, own size and price range.
      select ${columns}, skeys[1] as skey, null::text as colour, null::text as colour_key, ${bucketOf(sql`price_cents`)} as bucket, 1 as i
      from valued where not has_options and ${counts}
      union all
      -- A product with options: a row per value, the set-returning functions zipping its sizes,
      -- colours and prices (the longest sets the rows, the others are null after their end), each
      -- price beside the one before it; its first row (i = 1) also counts its brand, category and stock.
      select ${columns}, skey, colour, lower(colour), ${bucketOfRow}, i
      from (
        select ${columns}, unnest(skeys) as skey, unnest(colours) as colour, unnest(prices) as price,
          unnest(array[null]::int[] || trim_array(prices, 1)) as before, unnest('{1}'::int[]) as i
        from valued where has_options and ${counts}
      ) zipped
    ) rows
    ${grouping}`;
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
