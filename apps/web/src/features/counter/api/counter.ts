import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CounterCustomers, CounterLookup, CounterSale, CounterSaleCreated, CounterSaleList } from '@shop/shared/schemas/counter';
import { api } from '../../../lib/api-client';

/** What the till's input found: a scanned IMEI, an SKU/EAN or a name (asked once per Enter). */
export const lookupCounterItem = (q: string) =>
  api<CounterLookup>(`/api/admin/counter-sales/lookup?${new URLSearchParams({ q }).toString()}`);

/** The newest counter sales and the owner's discount limit. */
export const useCounterSales = (q = '') =>
  useQuery({
    queryKey: ['admin', 'counter', 'sales', q],
    queryFn: () => api<CounterSaleList>(`/api/admin/counter-sales${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`),
    staleTime: 0,
  });

/** One sale (its receipt). */
export const useCounterSale = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'counter', 'sale', id],
    queryFn: () => api<CounterSale>(`/api/admin/counter-sales/${id}`),
    enabled: id !== null,
  });

/** Registered customers by phone or e-mail (3 characters or more). */
export const useCounterCustomers = (q: string) =>
  useQuery({
    queryKey: ['admin', 'counter', 'customers', q],
    queryFn: () => api<CounterCustomers>(`/api/admin/counter-sales/customers?${new URLSearchParams({ q }).toString()}`),
    enabled: q.trim().length >= 3,
    staleTime: 30_000,
  });

export interface CounterSaleInput {
  receiptNo: string;
  till?: string;
  lines: { variantId: number; quantity: number; discount?: number; imei?: string }[];
  customer?: { userId?: number; name?: string; phone?: string };
  payment: { cashGiven?: number; pos?: number; transfer?: number; giftCard?: { code: string; amount?: number } };
}

export function useCreateCounterSale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterSaleInput) => api<CounterSaleCreated>('/api/admin/counter-sales', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export interface CounterReturnInput {
  lines: { lineId: number; quantity: number }[];
  restock: boolean;
  refundMethod: 'cash' | 'pos' | 'transfer';
  reason: string;
  overrideReason?: string;
}

/** A return of a sale's lines (within 14 days; later with the owner's reason). */
export function useCounterReturn(saleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterReturnInput) =>
      api<CounterSaleCreated>(`/api/admin/counter-sales/${saleId}/returns`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
