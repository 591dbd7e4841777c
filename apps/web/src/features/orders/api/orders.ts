import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderDetail } from '@shop/shared/schemas/order';
import { api, ApiError } from '../../../lib/api-client';
import { ordersKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** GET /api/orders/mine: the logged-in user's own orders, newest first. */
function fetchMyOrders(): Promise<Order[]> {
  return api<Order[]>('/api/orders/mine');
}

/** A refusal (401 for an expired session, 404) will not change by asking again. */
const retryServerErrors = (failures: number, err: unknown) => failures < 1 && !(err instanceof ApiError && err.status < 500);

export function useMyOrders() {
  const { token, user } = useSession();
  return useQuery({
    // Keyed by the account, so a different login never sees the previous account's list.
    queryKey: [...ordersKey, 'mine', user?.id ?? token],
    queryFn: fetchMyOrders,
    enabled: !!token,
    staleTime: 0,
    retry: retryServerErrors,
  });
}

const orderKey = (id: number, account: unknown) => [...ordersKey, 'one', id, account] as const;

/**
 * GET /api/orders/{id}: one of the customer's own orders with its history. A 404 (not theirs, or
 * no such order) is the answer `null`, so the page can say so.
 */
export function useOrder(id: number) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: orderKey(id, user?.id ?? token),
    queryFn: async ({ signal }) => {
      try {
        return await api<OrderDetail>(`/api/orders/${id}`, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!token && Number.isSafeInteger(id) && id > 0,
    staleTime: 0,
    retry: retryServerErrors,
  });
}

/** POST /api/orders/{id}/cancel: the customer cancels a pending order; the answer is the order as it is now. */
export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  return useMutation({
    mutationFn: () => api<OrderDetail>(`/api/orders/${id}/cancel`, { method: 'POST' }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(id, user?.id ?? token), order);
      void queryClient.invalidateQueries({ queryKey: [...ordersKey, 'mine'] });
    },
  });
}
