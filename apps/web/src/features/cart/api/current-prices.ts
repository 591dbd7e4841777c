import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CatalogueEntry } from '../../../lib/cart-store';

/** The shop's current names and prices (GET /api/products lists every product). */
async function fetchCurrentPrices(): Promise<CatalogueEntry[]> {
  const list = await api<CatalogueEntry[]>('/api/products', { auth: false });
  return list.map(({ id, name, price }) => ({ id, name, price }));
}

/** Fresh on every visit of the checkout: the point is to catch changes since the cart was filled. */
export function useCurrentPrices(enabled: boolean) {
  return useQuery({
    queryKey: ['cart', 'current-prices'],
    queryFn: fetchCurrentPrices,
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
