import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductPage } from '@shop/shared/schemas/admin-lists';
import type { SalePriceInput, SalePriceSchedule } from '@shop/shared/schemas/sale-prices';
import type { AdminVariants } from '@shop/shared/schemas/variants';
import { api } from '../../../lib/api-client';

/** Products matching a search, for choosing the sale's product (the first 8). */
export const useSaleProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'sale-prices', 'products', q],
    queryFn: () => api<AdminProductPage>(`/api/admin/products/search?${new URLSearchParams({ q, pageSize: '8' }).toString()}`),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });

/** The chosen product's variants (null: none chosen). */
export const useSaleVariants = (productId: string | null) =>
  useQuery({
    queryKey: ['admin', 'sale-prices', 'variants', productId],
    queryFn: () => api<AdminVariants>(`/api/admin/products/${encodeURIComponent(productId!)}/variants`),
    enabled: productId !== null,
    staleTime: 0,
  });

/** The schedules: one product's, or the latest of all. */
export const useSchedules = (productId: string | null) =>
  useQuery({
    queryKey: ['admin', 'sale-prices', 'list', productId],
    queryFn: () =>
      api<SalePriceSchedule[]>(`/api/admin/sale-prices${productId ? `?${new URLSearchParams({ productId }).toString()}` : ''}`),
    staleTime: 0,
  });

export function usePlanSale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SalePriceInput) =>
      api<{ msg: string; schedules: SalePriceSchedule[] }>('/api/admin/sale-prices', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useCancelSale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ msg: string; schedule: SalePriceSchedule }>(`/api/admin/sale-prices/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
