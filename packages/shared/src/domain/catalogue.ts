/** The catalogue's rules: categories, collections, their labels, product ids and images. */

/** What a product is. Watches are filed under phone, earbuds under case. */
export const categories = ['phone', 'case', 'giftcard', 'accessory'] as const;
export type Category = (typeof categories)[number];

/** Which catalogue page lists a product (home list, iPhone, Samsung, accessories), if any. */
export const collections = ['home', 'iphone', 'samsung', 'accessories'] as const;
export type Collection = (typeof collections)[number];

/** A category's name as shoppers and staff read it. */
export const categoryLabels: Record<Category, string> = {
  phone: 'Telefona',
  accessory: 'Aksesorë',
  case: 'Mbrojtëse',
  giftcard: 'Gift Card',
};

/** The iPhone and Samsung catalogues name themselves in the breadcrumb, in lower case. */
export const collectionLabels: Partial<Record<Collection, string>> = {
  iphone: 'iphone',
  samsung: 'samsung',
};

/** The picture shown when a product has none (or its own fails to load). */
export const FALLBACK_IMAGE = '/default-product.jpg';

/** The stock limits of a product's text fields. */
export const productLimits = { name: 200, description: 5000, image: 2000, maxPrice: 1_000_000 } as const;

/**
 * Product ids are slugs matched case-insensitively: `iPhone-16` and `iphone-16` are one product.
 * Two ids are the same product when their keys are equal (the database compares lower(id)).
 */
export const productIdKey = (id: string): string => id.toLowerCase();

/** "Mbrojtëse Çanta 2" -> "mbrojtese-canta-2": lowercase, ë->e, ç->c, other accents dropped. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/ë/g, 'e')
    .replace(/ç/g, 'c')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'produkt';
}

/** Any origin stands in for the shop's own when a path is read as a browser would. */
const OWN_ORIGIN = 'https://own-origin.invalid';

/**
 * True for an https:// address or a path on this site (/images/x.webp), the only images the CSP
 * lets the page show. A "path" must stay on this site when a browser reads it: `//host/x`,
 * `/\host/x` (a browser reads the backslash as a slash) and paths with control, format or space
 * characters (which a browser drops or rewrites) are refused, so none can name another host.
 */
export function isImageRef(value: string): boolean {
  if (/[\s\p{Cc}\p{Cf}\\]/u.test(value)) return false;
  try {
    if (value.startsWith('/')) return new URL(value, OWN_ORIGIN).origin === OWN_ORIGIN;
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The order the specs table follows; the database does not keep the keys' order. Others follow, A-Z. */
const specOrder = [
  'Lloji',
  'Ekrani',
  'Procesori',
  'Çipi',
  'Memoria',
  'RAM',
  'Kamera',
  'Bateria',
  'Kapaciteti',
  'Fuqia',
  'Karikimi',
  'Porta',
  'Lidhja',
  'Anulimi i zhurmës',
  'Teknologjia',
  'Përputhshmëria',
  'Materiali',
  'Ngjyra',
  'Pesha',
  'Trashësia',
  'Gjatësia',
  'Rezistenca',
  'Rezistenca ndaj ujit',
  'Vlera',
  'Afati',
  'Përdorimi',
  'Garancia',
];

export function orderedSpecs(specs: Record<string, string>): [string, string][] {
  const rank = (k: string) => {
    const i = specOrder.indexOf(k);
    // A label of its own (typed by staff) comes after the known ones, before the warranty.
    return i === -1 ? specOrder.length - 1.5 : i;
  };
  return Object.entries(specs).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'sq'));
}
