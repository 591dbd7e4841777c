import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrowseParams } from '@shop/shared/domain/catalogue-browse';
import type { Collection } from '@shop/shared/domain/catalogue';
import { productQueries } from './product-queries';

/** A product list: every product, or one collection (home, iphone, samsung, accessories). */
export function useProducts(collection?: Collection) {
  return useQuery(productQueries.list(collection));
}

export function useProduct(id: string) {
  return useQuery(productQueries.one(id));
}

export function useGiftCards() {
  return useQuery(productQueries.giftCards());
}

/** The product page's related products and matching accessories. */
export function useRelatedProducts(id: string) {
  return useQuery(productQueries.related(id));
}

/**
 * A catalogue or search page (decision 022). While the next state loads, the previous page stays
 * on screen (no flash of the loading text between two filters).
 */
export function useBrowse(params: BrowseParams, enabled = true) {
  return useQuery({ ...productQueries.browse(params), enabled, placeholderData: keepPreviousData });
}
