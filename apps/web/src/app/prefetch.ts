import type { Collection } from '@shop/shared/schemas/common';
import { HERO_POSTER } from '../features/home/data/hero-media';
import { productQueries } from '../features/products/api/product-queries';
import { queryClient } from '../lib/query-client';

const catalogues: readonly string[] = ['iphone', 'samsung', 'accessories'] satisfies Collection[];
const isCatalogue = (segment: string): segment is Collection => catalogues.includes(segment);

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
  const parts = pathname.split('/').filter(Boolean);
  const [first, second] = parts.map((p) => p.toLowerCase());
  if (parts.length === 0) {
    preloadImage(HERO_POSTER);
    return queryClient.prefetchQuery(productQueries.list('home'));
  }
  if (first !== 'products' || parts.length > 2) return Promise.resolve();
  if (second === undefined) return queryClient.prefetchQuery(productQueries.list());
  if (isCatalogue(second)) return queryClient.prefetchQuery(productQueries.list(second));
  if (second === 'giftcard') return queryClient.prefetchQuery(productQueries.giftCards());
  let id: string;
  try {
    id = decodeURIComponent(parts[1]!);
  } catch {
    return Promise.resolve(); // a malformed address: the page itself says the product was not found
  }
  return queryClient.prefetchQuery(productQueries.one(id));
}
