import { catalogueRoutes, matchProductsPage } from '@shop/shared/domain/routes';
import { HERO_POSTER } from '../features/home/data/hero-media';
import { productQueries } from '../features/products/api/product-queries';
import { queryClient } from '../lib/query-client';

function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}

/**
 * Starts the first page's API read while its code is still loading, instead of after it has
 * rendered (the page's hook then finds the answer in the cache). Only the catalogue pages, where
 * the read decides what paints first (product images), and the home page's poster. Settles when
 * the answer (or a failure) is in; it never rejects.
 */
export function prefetchPageData(pathname: string): Promise<void> {
  if (pathname.split('/').filter(Boolean).length === 0) {
    preloadImage(HERO_POSTER);
    return queryClient.prefetchQuery(productQueries.list('home'));
  }
  const page = matchProductsPage(pathname);
  if (!page) return Promise.resolve(); // not a product page, or a malformed address: the page itself says so
  if (page.kind === 'list') return queryClient.prefetchQuery(productQueries.list());
  if (page.kind === 'product') return queryClient.prefetchQuery(productQueries.one(page.id));
  const collection = catalogueRoutes[page.segment];
  if (collection === null) return queryClient.prefetchQuery(productQueries.giftCards());
  return queryClient.prefetchQuery(productQueries.list(collection));
}
