import {
  blogPostPath,
  catalogueRoutes,
  cataloguePath,
  indexedPagePaths,
  productPath,
  unindexedPathPrefixes,
  type CatalogueSegment,
} from '@shop/shared/domain/routes';
import type { DbOrTx } from '../db/client';
import { escapeHtml } from '../mail/layout';
import { listPostsForSitemap, listProductsForSitemap } from '../repositories/sitemap';

interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when known. */
  lastmod?: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const later = (a: string | undefined, b: string) => (a && a > b ? a : b);

/**
 * /sitemap.xml from the database: the fixed shopper pages, every product (its last change), the
 * catalogues (their newest product's change; the product list and home page the newest of all)
 * and every blog post (its date). Addresses are absolute on the shop's public address.
 */
export async function buildSitemap(db: DbOrTx, base: string): Promise<string> {
  const [items, posts] = await Promise.all([listProductsForSitemap(db), listPostsForSitemap(db)]);
  const newest = new Map<string, string>();
  let newestOfAll: string | undefined;
  for (const p of items) {
    const changed = day(p.updatedAt);
    newestOfAll = later(newestOfAll, changed);
    if (p.collection) newest.set(p.collection, later(newest.get(p.collection), changed));
  }
  const catalogueChange = new Map<string, string | undefined>(
    (Object.entries(catalogueRoutes) as [CatalogueSegment, string | null][]).map(([segment, collection]) => [
      cataloguePath(segment),
      collection ? newest.get(collection) : undefined,
    ]),
  );
  const productListing = new Set(['/', '/products', '/products-list']);
  const entries: SitemapEntry[] = [
    ...indexedPagePaths.map((path) => ({
      path,
      lastmod: catalogueChange.has(path) ? catalogueChange.get(path) : productListing.has(path) ? newestOfAll : undefined,
    })),
    ...items.map((p) => ({ path: productPath(p.id), lastmod: day(p.updatedAt) })),
    ...posts.map((p) => ({ path: blogPostPath(p.id), lastmod: /^\d{4}-\d{2}-\d{2}$/.test(p.date) ? p.date : undefined })),
  ];
  const urls = entries.map(
    (e) => `  <url><loc>${escapeHtml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: the shop's pages are open to search engines; accounts, admin and the API are not. */
export function robotsTxt(base: string): string {
  return [
    '# MobileShop KS: the shop pages are open to search engines; accounts, admin and the API are not.',
    'User-agent: *',
    ...unindexedPathPrefixes.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
