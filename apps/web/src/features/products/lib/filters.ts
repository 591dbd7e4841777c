/**
 * The filter and search rules of the storefront (product.md §2.3, 2.4, 5), as pure functions.
 */

/** Lower case without diacritics: "Mbrojtëse" and "mbrojtese" compare equal, so do "ç" and "c". */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word of the query occurs in one of the fields (case and diacritics ignored). */
export function matchesText(query: string, ...fields: (string | null | undefined)[]): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalize(fields.filter(Boolean).join('\n'));
  return words.every((w) => haystack.includes(w));
}

/** A price bound typed by the visitor: empty (or not a number) means no limit. */
export function parseBound(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

export interface CatalogueFilter {
  text: string;
  min: string;
  max: string;
}

export const emptyFilter: CatalogueFilter = { text: '', min: '', max: '' };

/** The catalogue pages' rule: text over name and description, then min and max price as numbers. */
export function filterCatalogue<T extends { name: string; description?: string; desc?: string; price: number }>(
  items: readonly T[],
  f: CatalogueFilter,
): T[] {
  const min = parseBound(f.min);
  const max = parseBound(f.max);
  return items.filter(
    (p) => matchesText(f.text, p.name, p.description ?? p.desc) && (min === null || p.price >= min) && (max === null || p.price <= max),
  );
}

export interface GiftCardFilter extends CatalogueFilter {
  /** 'all' or a card name. */
  card: string;
}

export const emptyGiftCardFilter: GiftCardFilter = { ...emptyFilter, card: 'all' };

export function filterGiftCards<T extends { name: string; desc: string; price: number }>(items: readonly T[], f: GiftCardFilter): T[] {
  return filterCatalogue(items, f).filter((g) => f.card === 'all' || g.name === f.card);
}

/** The home page's category filter cards (product.md §2.3). */
export const homeFilters = [
  { value: 'all', label: 'Të gjitha' },
  { value: 'phone', label: 'Telefona' },
  { value: 'case', label: 'Case' },
  { value: 'giftcard', label: 'Gift Card' },
] as const;
export type HomeFilter = (typeof homeFilters)[number]['value'];

/** A product matches when its lower-cased category contains the selected value. */
export function filterByCategory<T extends { category: string }>(items: readonly T[], filter: HomeFilter): T[] {
  if (filter === 'all') return [...items];
  return items.filter((p) => p.category.toLowerCase().includes(filter));
}

export function homeHeading(filter: HomeFilter): string {
  return filter === 'all' ? 'Produkte të reja' : homeFilters.find((f) => f.value === filter)!.label;
}

/** The search page's rule over the server list: name and description. */
export function searchProducts<T extends { name: string; description: string }>(items: readonly T[], query: string): T[] {
  if (!query.trim()) return [];
  return items.filter((p) => matchesText(query, p.name, p.description));
}

/** Old price shown struck through only when it is higher than the price. */
export const showOldPrice = (price: number, oldPrice: number | null | undefined): oldPrice is number =>
  typeof oldPrice === 'number' && oldPrice > price;
