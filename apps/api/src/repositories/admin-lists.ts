import { asc, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { defaultSortDirection, type ListQuery, type SortDirection } from '@shop/shared/domain/admin-lists';
import { LOW_STOCK_AT } from '@shop/shared/domain/orders';
import type { DbOrTx } from '../db/client';
import { products, users, warrantySheets } from '../db/schema';
import { containsPattern } from './admin-orders';
import { productWithStockColumns, variantSummary, type ProductRow } from './products';
import type { UserRow } from './users';

/**
 * The admin's long lists (decision 021): one page of a search in one query. The rows come in the
 * order of an index (migration 0007) and stop at the LIMIT, so a page costs the same for 70 rows
 * or 10,000; the number of all matches comes in the same query as a scalar subquery (evaluated
 * once, an InitPlan), and only a page past the end asks for it again.
 */

type Sortable = AnyColumn | SQL;
/** Each sort key's expressions, matching an index of the table; the direction applies to all of them. */
type SortColumns<S extends string> = Record<S, Sortable[]>;

const ordered = (columns: Sortable[], dir: SortDirection) => columns.map((c) => (dir === 'asc' ? asc(c) : desc(c)));

/** `ilike '%text%'` on any of the columns; undefined without a search. */
function containsAny(q: string | undefined, columns: Sortable[]): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((c) => sql`${c} ilike ${pattern}`));
}

const countOf = (table: typeof products | typeof users | typeof warrantySheets, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

async function countRows(db: DbOrTx, table: typeof products | typeof users | typeof warrantySheets, where: SQL | undefined) {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return r?.n ?? 0;
}

/** The rows of a page and the number of all matches (a page past the end asks the count alone). */
async function finish<R extends { total: number }>(
  rows: R[],
  offset: number,
  recount: () => Promise<number>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const total = rows.length > 0 ? rows[0]!.total : offset > 0 ? await recount() : 0;
  return { rows: rows.map(({ total: _, ...r }) => r), total };
}

const offsetOf = (f: ListQuery) => (f.page - 1) * f.pageSize;

// --- Products ---------------------------------------------------------------------------------

export type ProductSort = 'date' | 'name' | 'price' | 'stock';
const productSorts: SortColumns<ProductSort> = {
  date: [products.createdAt, products.id],
  name: [sql`lower(${products.name})`, products.id],
  price: [products.priceCents, products.id],
  // Not tracked (null) is unlimited: the most there is.
  stock: [sql`coalesce(${variantSummary.stock}, 2147483647)`, products.id],
};
const productSearch = (q: string | undefined) =>
  containsAny(q, [products.id, products.name, products.description, products.brand, products.sku]);

/**
 * The titles ('Titanium i zi / 512 GB'; '' without options) of a product's variants at or below
 * LOW_STOCK_AT units, in their order, as a JSON array: a scalar subquery on
 * product_variants_product_idx like variantSummary's, so PostgreSQL computes it only for the
 * page's rows, after ORDER BY and LIMIT (issue 27: the list's low-stock badge per variant).
 */
const lowStockVariantsSql = sql<string[] | string>`(
  select coalesce(json_agg(coalesce((
      select string_agg(ov.value, ' / ' order by o.position)
      from product_variant_values vv
      join product_option_values ov on ov.id = vv.value_id
      join product_options o on o.id = vv.option_id
      where vv.variant_id = pv.id), '') order by pv.is_default desc, pv.position, pv.id), '[]'::json)
  from product_variants pv
  where pv.product_id = "products"."id" and pv.stock <= ${sql.raw(String(LOW_STOCK_AT))})`;

/** A page's row: the product, its variants' summary and the titles of its low variants. */
export type ProductPageRow = ProductRow & { lowStockVariants: string[] };

/** node-postgres and PGlite hand json over parsed; a text is read too. */
const jsonList = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

/** The query of one page of products (exported so a test can read its plan). */
export function productPageQuery(db: DbOrTx, f: ListQuery<ProductSort>) {
  const where = productSearch(f.q);
  return db
    .select({ ...productWithStockColumns, lowStockVariants: lowStockVariantsSql, total: countOf(products, where) })
    .from(products)
    .where(where)
    .orderBy(...ordered(productSorts[f.sort ?? 'date'], f.dir ?? defaultSortDirection(f.sort)))
    .limit(f.pageSize)
    .offset(offsetOf(f));
}

export async function searchAdminProducts(db: DbOrTx, f: ListQuery<ProductSort>): Promise<{ rows: ProductPageRow[]; total: number }> {
  const { rows, total } = await finish(await productPageQuery(db, f), offsetOf(f), () => countRows(db, products, productSearch(f.q)));
  return { rows: rows.map((r) => ({ ...r, lowStockVariants: jsonList(r.lowStockVariants) })), total };
}

// --- Users ------------------------------------------------------------------------------------

export type UserSort = 'date' | 'name' | 'email';
const userSorts: SortColumns<UserSort> = {
  date: [users.createdAt, users.id],
  name: [sql`lower(${users.name})`, users.id],
  // lower(email) is unique (users_email_lower_idx).
  email: [sql`lower(${users.email})`],
};
const userSearch = (q: string | undefined) => containsAny(q, [users.name, users.email, users.phone]);
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  blocked: users.blocked,
  createdAt: users.createdAt,
  totpEnabledAt: users.totpEnabledAt,
};

export function userPageQuery(db: DbOrTx, f: ListQuery<UserSort>) {
  const where = userSearch(f.q);
  return db
    .select({ ...userColumns, total: countOf(users, where) })
    .from(users)
    .where(where)
    .orderBy(...ordered(userSorts[f.sort ?? 'date'], f.dir ?? defaultSortDirection(f.sort)))
    .limit(f.pageSize)
    .offset(offsetOf(f));
}

export async function searchAdminUsers(
  db: DbOrTx,
  f: ListQuery<UserSort>,
): Promise<{ rows: Pick<UserRow, keyof typeof userColumns>[]; total: number }> {
  return finish(await userPageQuery(db, f), offsetOf(f), () => countRows(db, users, userSearch(f.q)));
}

// --- Warranty sheets --------------------------------------------------------------------------

export type WarrantySort = 'date' | 'name' | 'price';
const w = warrantySheets;
const warrantySorts: SortColumns<WarrantySort> = {
  date: [w.createdAt, w.id],
  name: [sql`lower(${w.emri})`, sql`lower(${w.mbiemri})`, w.id],
  price: [w.cmimiCents, w.id],
};

/**
 * Every field the list's filter 'Kerko garancione...' reads (product.md §2.9), the price also as
 * the list writes it ('89.5', '89,50 €', '1.249,00 €'), so the server finds at least every sheet
 * the filter would show.
 */
function warrantySearch(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  const euros = sql`(${w.cmimiCents} / 100.0)`;
  // A number and a price hold only digits, '.', ',', spaces and '€': other text skips them (the
  // price written out costs the most per row).
  const numeric = /^[\d.,\s€]+$/.test(text);
  return containsAny(q, [
    ...(/^\d+$/.test(text) ? [sql`${w.id}::text`] : []),
    ...(numeric
      ? [
          sql`coalesce(trim_scale(${euros})::text, '')`,
          sql`coalesce(translate(to_char(${euros}, 'FM999,999,990.00'), ',.', '.,') || ' €', '')`,
        ]
      : []),
    w.emri,
    w.mbiemri,
    w.telefoni,
    w.email,
    w.marka,
    w.modeli,
    w.imei,
    w.softInfo,
    w.kohezgjatja,
    w.data,
    w.komente,
    w.llojiPageses,
  ]);
}

export function warrantyPageQuery(db: DbOrTx, f: ListQuery<WarrantySort>) {
  const where = warrantySearch(f.q);
  return db
    .select({ sheet: w, total: countOf(w, where) })
    .from(w)
    .where(where)
    .orderBy(...ordered(warrantySorts[f.sort ?? 'date'], f.dir ?? defaultSortDirection(f.sort)))
    .limit(f.pageSize)
    .offset(offsetOf(f));
}

export async function searchSheets(db: DbOrTx, f: ListQuery<WarrantySort>): Promise<{ rows: (typeof w.$inferSelect)[]; total: number }> {
  const found = await finish(await warrantyPageQuery(db, f), offsetOf(f), () => countRows(db, w, warrantySearch(f.q)));
  return { rows: found.rows.map((r) => r.sheet), total: found.total };
}
