/**
 * The admin's long lists (products, users, orders, warranty sheets) and their exports, as both
 * sides read them (decision 021): what each list may be sorted by, its default order, the page
 * size, the longest date range, and how a CSV file is written for Excel in Kosovo.
 */

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** What each list may be sorted by; the first is the default, newest first. */
export const listSorts = {
  products: ['date', 'name', 'price', 'stock'],
  users: ['date', 'name', 'email'],
  orders: ['date', 'total'],
  warranty: ['date', 'name', 'price'],
} as const;
export type ListName = keyof typeof listSorts;
export type ListSort<L extends ListName> = (typeof listSorts)[L][number];

/** The direction a sort takes when none is given: newest and largest first, names and prices A to Z / low to high. */
export const defaultSortDirection = (sort: string | undefined): SortDirection =>
  sort === undefined || sort === 'date' || sort === 'total' ? 'desc' : 'asc';

/** A list's query once checked, whatever the list (its sort one of the list's). */
export interface ListQuery<S extends string = string> {
  q?: string;
  sort?: S;
  dir?: SortDirection;
  page: number;
  pageSize: number;
}

/** Albanian names of the sort fields, for the lists' sort menus. */
export const sortLabels: Record<string, string> = {
  date: 'Data',
  name: 'Emri',
  email: 'Email-i',
  price: 'Çmimi',
  stock: 'Stoku',
  total: 'Totali',
};

export const sortDirectionLabels: Record<SortDirection, string> = { desc: 'zbritës', asc: 'rritës' };

/** Rows per page of the admin's lists (the orders keep their 20, domain/orders adminOrdersPageSize). */
export const adminListPageSize = 20;
export const adminListMaxPageSize = 100;

/** The longest range of days one export or one statistics request covers (a leap year). */
export const maxRangeDays = 366;

/** The days of a range, both ends included: 2026-01-01..2026-01-31 is 31. NaN for a malformed day. */
export function rangeDays(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000) + 1;
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** What the admin can take out as CSV. */
export const exportKinds = ['orders', 'warranty', 'customers', 'newsletter'] as const;
export type ExportKind = (typeof exportKinds)[number];

/**
 * CSV for Excel in Kosovo: ';' between cells, since the Albanian (and most European) Excel reads
 * ',' as the decimal comma; amounts with a decimal comma; UTF-8 with a BOM so 'ë' and 'ç' show.
 */
export const csvSeparator = ';';

/** `porosite-2026-01-01-2026-01-31.csv`: the file name of an export. */
export const exportFileNames: Record<ExportKind, string> = {
  orders: 'porosite',
  warranty: 'garancionet',
  customers: 'klientet',
  newsletter: 'newsletter',
};
export const exportFileName = (kind: ExportKind, from: string, to: string) => `${exportFileNames[kind]}-${from}-${to}.csv`;
