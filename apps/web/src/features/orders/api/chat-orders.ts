import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductPage } from '@shop/shared/schemas/admin-lists';
import type { ChatOrderInput, ChatOrderResponse } from '@shop/shared/schemas/chat-order';
import type { CounterCustomers } from '@shop/shared/schemas/counter';
import type { CheckoutSettings } from '@shop/shared/schemas/order';
import type { AdminVariants } from '@shop/shared/schemas/variants';
import { api } from '../../../lib/api-client';

/**
 * 'Porosi nga biseda' (decision 047). A feature may not import another's modules, so the lookups
 * the counter and 'Pranim malli' already call (the same routes, the same query keys) are asked here.
 */

/** POST /api/admin/orders; the server prices the order. */
export function useCreateChatOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatOrderInput) => api<ChatOrderResponse>('/api/admin/orders', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The delivery fee and its threshold, as the checkout shows them. */
export const useOrderSettings = () =>
  useQuery({
    queryKey: ['orders', 'settings'],
    queryFn: ({ signal }) => api<CheckoutSettings>('/api/orders/settings', { auth: false, signal }),
    staleTime: 60_000,
  });

/** Registered customers by phone (GET /api/admin/counter-sales/customers). */
export const useCustomersByPhone = (q: string) =>
  useQuery({
    queryKey: ['admin', 'counter', 'customers', q],
    queryFn: () => api<CounterCustomers>(`/api/admin/counter-sales/customers?${new URLSearchParams({ q }).toString()}`),
    enabled: q.trim().length >= 3,
    staleTime: 30_000,
  });

/** Products matching a search (the first 8). */
export const useChatProductSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'stock', 'products', q],
    queryFn: () => api<AdminProductPage>(`/api/admin/products/search?${new URLSearchParams({ q, pageSize: '8' }).toString()}`),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });

/** A product's variants (null: none chosen). */
export const useChatProductVariants = (productId: string | null) =>
  useQuery({
    queryKey: ['admin', 'stock', 'variants', productId],
    queryFn: () => api<AdminVariants>(`/api/admin/products/${encodeURIComponent(productId!)}/variants`),
    enabled: productId !== null,
    staleTime: 0,
  });
