import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderAfterSale, OrderReturnCreated } from '@shop/shared/schemas/day-close';
import { api } from '../../../lib/api-client';

/** An order's lines with what is left to return, its returns and its warranty sheets. */
export const useOrderAfterSale = (orderId: number | null) =>
  useQuery({
    queryKey: ['admin', 'order-after-sale', orderId],
    queryFn: () => api<OrderAfterSale>(`/api/admin/orders/${orderId}/after-sale`),
    enabled: orderId !== null,
    staleTime: 0,
  });

export interface OrderReturnInput {
  lines: { itemId: number; quantity: number; imeis?: string[] }[];
  restock: boolean;
  refundMethod: string;
  till: string;
  reason: string;
  overrideReason?: string;
}

export function useOrderReturn(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderReturnInput) => api<OrderReturnCreated>(`/api/admin/orders/${orderId}/returns`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
