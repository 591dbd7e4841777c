import type { Product, ProductListItem, RelatedProducts } from '@shop/shared/schemas/product';
import { productIdKey, type Collection } from '@shop/shared/domain/catalogue';
import type { GiftCard } from '@shop/shared/schemas/catalogue';
import type { BrowseAnswer } from '@shop/shared/schemas/catalogue-browse';
import { browseSearch, type BrowseParams } from '@shop/shared/domain/catalogue-browse';
import { api, ApiError } from '../../../lib/api-client';

/**
 * The catalogue's queries (key and fetcher), without TanStack Query's hooks: the app's entry
 * uses them to fetch the first page's data early (app/prefetch.ts), the hooks in products-api.ts
 * to read it.
 */
export const productKeys = {
  list: (collection?: Collection) => ['products', 'list', collection ?? 'all'] as const,
  one: (id: string) => ['products', 'one', productIdKey(id)] as const,
  giftCards: ['giftcards'] as const,
  related: (id: string) => ['products', 'related', productIdKey(id)] as const,
  /** A catalogue or search page, by its state's one address (domain browseSearch). */
  browse: (params: BrowseParams) => ['products', 'browse', browseSearch(params)] as const,
};

export const productQueries = {
  /** Every product, or one collection (home, iphone, samsung, accessories). */
  list: (collection?: Collection) => ({
    queryKey: productKeys.list(collection),
    queryFn: () => api<ProductListItem[]>(collection ? `/api/products?collection=${collection}` : '/api/products'),
  }),
  /** The product, or null when the shop has no such id: an answer, not a failure to repeat. */
  one: (id: string) => ({
    queryKey: productKeys.one(id),
    queryFn: () =>
      api<Product>(`/api/products/${encodeURIComponent(id)}`).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
  }),
  giftCards: () => ({ queryKey: productKeys.giftCards, queryFn: () => api<GiftCard[]>('/api/giftcards') }),
  /** GET /api/products/{id}/related: related products and, for a phone, matching accessories. */
  related: (id: string) => ({
    queryKey: productKeys.related(id),
    queryFn: () => api<RelatedProducts>(`/api/products/${encodeURIComponent(id)}/related`),
  }),
  /** One page of the catalogue or of a search, with its total and facets (decision 022). */
  browse: (params: BrowseParams) => ({
    queryKey: productKeys.browse(params),
    queryFn: () => {
      const search = browseSearch(params);
      return api<BrowseAnswer>(search ? `/api/products/browse?${search}` : '/api/products/browse');
    },
  }),
};
