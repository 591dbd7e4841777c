import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnitStatus } from '@shop/shared/domain/units';
import type { AdminProductPage } from '@shop/shared/schemas/admin-lists';
import type { ReceiveUnitsResult, UnitList } from '@shop/shared/schemas/units';
import type { AdminVariants } from '@shop/shared/schemas/variants';
import { api } from '../../../lib/api-client';

/** Products matching a search, for choosing what is received (the first 8). */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'stock', 'products', q],
    queryFn: () => api<AdminProductPage>(`/api/admin/products/search?${new URLSearchParams({ q, pageSize: '8' }).toString()}`),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });

/** A product's variants (null: none chosen). */
export const useProductVariants = (productId: string | null) =>
  useQuery({
    queryKey: ['admin', 'stock', 'variants', productId],
    queryFn: () => api<AdminVariants>(`/api/admin/products/${encodeURIComponent(productId!)}/variants`),
    enabled: productId !== null,
    staleTime: 0,
  });

/** A variant's units by status and IMEI digits. */
export const useVariantUnits = (variantId: number | null, status: UnitStatus | '', q: string) =>
  useQuery({
    queryKey: ['admin', 'stock', 'units', variantId, status, q],
    queryFn: () => {
      const query = new URLSearchParams({ variantId: String(variantId) });
      if (status) query.set('status', status);
      if (q.trim()) query.set('q', q.trim());
      return api<UnitList>(`/api/admin/units?${query.toString()}`);
    },
    enabled: variantId !== null,
    staleTime: 0,
  });

export interface ReceiveInput {
  variantId: number;
  imeis: string[];
  supplier?: string;
  purchasePrice?: number;
}

/** 'Pranim malli': all the IMEIs or none. */
export function useReceiveUnits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiveInput) => api<ReceiveUnitsResult>('/api/admin/units/receive', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
