import { useQuery } from '@tanstack/react-query';
import type { Product, ProductListItem } from '@shop/shared/schemas/product';
import type { Collection } from '@shop/shared/schemas/common';
import type { GiftCard } from '@shop/shared/schemas/catalogue';
import { api, ApiError } from '../../../lib/api-client';

export const fetchProducts = (collection?: Collection) =>
  api<ProductListItem[]>(collection ? `/api/products?collection=${collection}` : '/api/products');

export const fetchProduct = (id: string) => api<Product>(`/api/products/${encodeURIComponent(id)}`);

export const fetchGiftCards = () => api<GiftCard[]>('/api/giftcards');

export const productKeys = {
  list: (collection?: Collection) => ['products', 'list', collection ?? 'all'] as const,
  one: (id: string) => ['products', 'one', id.toLowerCase()] as const,
  giftCards: ['giftcards'] as const,
};

/** A product list: every product, or one collection (home, iphone, samsung, accessories). */
export function useProducts(collection?: Collection) {
  return useQuery({ queryKey: productKeys.list(collection), queryFn: () => fetchProducts(collection) });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.one(id),
    queryFn: () => fetchProduct(id),
    // An unknown id is an answer, not a failure worth repeating.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
}

export function useGiftCards() {
  return useQuery({ queryKey: productKeys.giftCards, queryFn: fetchGiftCards });
}
