import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscountCode, CreateDiscountCodeInput, DiscountUse, EditDiscountCodeInput } from '@shop/shared/schemas/discounts';
import type { AdminProductPage } from '@shop/shared/schemas/admin-lists';
import { api } from '../../../lib/api-client';

const key = ['admin', 'discount-codes'] as const;

/** GET /api/admin/discount-codes: every code with its uses. */
export const useDiscountCodes = () => useQuery({ queryKey: key, queryFn: () => api<AdminDiscountCode[]>('/api/admin/discount-codes') });

/** GET /api/admin/discount-codes/{id}/uses (null: none open). */
export const useDiscountUses = (id: number | null) =>
  useQuery({
    queryKey: [...key, 'uses', id],
    queryFn: () => api<DiscountUse[]>(`/api/admin/discount-codes/${id}/uses`),
    enabled: id !== null,
  });

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiscountCodeInput) => api<AdminDiscountCode>('/api/admin/discount-codes', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** PUT /api/admin/discount-codes/{id} (decision 053): every field of the create form. */
export function useUpdateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditDiscountCodeInput }) =>
      api<AdminDiscountCode>(`/api/admin/discount-codes/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function usePauseDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      api<AdminDiscountCode>(`/api/admin/discount-codes/${id}`, { method: 'PATCH', body: { paused } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Products matching a search (the first 8), for a code's scope. */
export const useDiscountProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'discount-codes', 'products', q],
    queryFn: () => api<AdminProductPage>(`/api/admin/products/search?${new URLSearchParams({ q, pageSize: '8' }).toString()}`),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });
