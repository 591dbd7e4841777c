import { useQuery } from '@tanstack/react-query';
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
