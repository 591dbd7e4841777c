import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import { api } from '../../../lib/api-client';

const adminOrdersKey = ['admin', 'orders'] as const;

const fetchAdminOrders = () => api<AdminOrder[]>('/api/admin/orders');
const setOrderStatus = (id: number, status: 'delivered' | 'cancelled') =>
  api<AdminOrder>(`/api/admin/orders/${id}`, { method: 'PATCH', body: { status } });

export const useAdminOrders = () => useQuery({ queryKey: adminOrdersKey, queryFn: fetchAdminOrders, staleTime: 0 });

export function useSetOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'delivered' | 'cancelled' }) => setOrderStatus(id, status),
    // The orders and the statistics both change.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
