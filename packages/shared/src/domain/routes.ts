/**
 * The storefront's product addresses, shared by the web router, the first page's prefetch and the
 * API (which keeps product ids from colliding with them).
 */
import { categoryLabels, collectionLabels, type Category, type Collection } from './catalogue';

/**
 * The pages under /products/ that are not a product: each segment and the collection it lists
 * (`null`: the gift card page, which lists gift cards, not products).
 */
export const catalogueRoutes = {
  iphone: 'iphone',
  samsung: 'samsung',
  giftcard: null,
  accessories: 'accessories',
} as const satisfies Record<string, Collection | null>;
export type CatalogueSegment = keyof typeof catalogueRoutes;

export const PRODUCTS_PATH = '/products';

/** GET /api/products/browse answers the catalogue's pages (decision 022): no product may be called so. */
export const BROWSE_SEGMENT = 'browse';

/** The address of a catalogue page: /products/iphone. */
export const cataloguePath = (segment: CatalogueSegment): string => `${PRODUCTS_PATH}/${segment}`;

/** The address of a product's page. */
export const productPath = (id: string): string => `${PRODUCTS_PATH}/${encodeURIComponent(id)}`;

/**
 * Ids a product may not take: the catalogue pages would shadow them (/products/iphone), `new`
 * and `edit` are kept for the admin's screens, and `browse` is the catalogue's call
 * (GET /api/products/browse). A product called "iPhone" becomes iphone-2.
 */
export const reservedProductIds: ReadonlySet<string> = new Set([...Object.keys(catalogueRoutes), 'new', 'edit', BROWSE_SEGMENT]);

export const isCatalogueSegment = (segment: string): segment is CatalogueSegment => Object.hasOwn(catalogueRoutes, segment);

/** What a /products address shows: the whole list, a catalogue page or one product. */
export type ProductsPage = { kind: 'list' } | { kind: 'catalogue'; segment: CatalogueSegment } | { kind: 'product'; id: string };

/**
 * Reads a path under /products (any letter case). Null for any other path, for a deeper path, and
 * for an id whose %-escapes do not decode (the page says the product was not found).
 */
export function matchProductsPage(pathname: string): ProductsPage | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0]?.toLowerCase() !== PRODUCTS_PATH.slice(1) || parts.length > 2) return null;
  const second = parts[1];
  if (second === undefined) return { kind: 'list' };
  const segment = second.toLowerCase();
  if (isCatalogueSegment(segment)) return { kind: 'catalogue', segment };
  try {
    return { kind: 'product', id: decodeURIComponent(second) };
  } catch {
    return null;
  }
}

export const BLOG_PATH = '/blog';

/** A blog post's page: '/blog/{id}' with the id %-escaped. */
export const blogPostPath = (id: string): string => `${BLOG_PATH}/${encodeURIComponent(id)}`;

/**
 * A blog post's id from its page's path (any letter case, one trailing slash allowed); undefined
 * for any other path, null for an id whose %-escapes do not decode (the page says it was not found).
 */
export function matchBlogPost(pathname: string): string | null | undefined {
  const m = /^\/blog\/([^/]+)\/?$/i.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** The service pages under /sherbimet (the web router has one route for each). */
export const SERVICES_PATH = '/sherbimet';
export const servicePageSlugs = ['mirembajtja', 'telefona', 'playstation', 'servisi', 'asistenca'] as const;

/**
 * The shopper pages with a fixed address that search engines should find (the sitemap lists them
 * with every product and blog post); accounts, cart, checkout, admin and warranty pages are not.
 */
export const indexedPagePaths: readonly string[] = [
  '/',
  PRODUCTS_PATH,
  ...Object.keys(catalogueRoutes).map((s) => cataloguePath(s as CatalogueSegment)),
  '/products-list',
  '/blog',
  '/terms',
  SERVICES_PATH,
  ...servicePageSlugs.map((s) => `${SERVICES_PATH}/${s}`),
];

/** Paths search engines are asked to leave alone (robots.txt). */
export const unindexedPathPrefixes = [
  '/api/',
  '/admin',
  '/add-product',
  '/warranty',
  '/profile',
  '/cart',
  '/checkout',
  '/porosia',
] as const;

/**
 * The breadcrumb's category: the category's label (phone Telefona, accessory Aksesorë, case
 * Mbrojtëse, giftcard Gift Card); the iPhone and Samsung catalogues keep their own label (samsung,
 * iphone). It links to the catalogue page that lists the product.
 */
export function breadcrumbCategory(p: { category: Category; collection: Collection | null }): { label: string; to: string } {
  const label = categoryLabels[p.category] ?? p.category;
  if (p.collection === 'iphone' || p.collection === 'samsung') {
    return { label: collectionLabels[p.collection] ?? label, to: cataloguePath(p.collection) };
  }
  if (p.collection === 'accessories') return { label, to: cataloguePath('accessories') };
  return { label, to: PRODUCTS_PATH };
}

/**
 * The customer's repair tracking page (issue 16; domain/repairs re-exports it). Here, so the router
 * and the service page name it without loading the repair rules (and the warranty catalogue they use).
 */
export const REPAIR_TRACKING_PATH = '/servisi/statusi';

/** The repair counter's staff pages (issue 16): the list, a new ticket (from a warranty sheet: `?garancioni=ID`), one ticket. */
export const REPAIRS_ADMIN_PATH = '/admin/riparimet';
export const newRepairPath = (warrantySheetId?: number): string =>
  warrantySheetId === undefined ? `${REPAIRS_ADMIN_PATH}/e-re` : `${REPAIRS_ADMIN_PATH}/e-re?garancioni=${warrantySheetId}`;
export const repairAdminPath = (id: number): string => `${REPAIRS_ADMIN_PATH}/${id}`;
