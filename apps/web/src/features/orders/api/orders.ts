import { useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api, ApiError } from '../../../lib/api-client';
import { ordersKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** GET /api/orders/mine: the logged-in user's own orders, newest first. */
function fetchMyOrders(): Promise<Order[]> {
  return api<Order[]>('/api/orders/mine');
}

export function useMyOrders() {
  const { token, user } = useSession();
  return useQuery({
    // Keyed by the account, so a different login never sees the previous account's list.
    queryKey: [...ordersKey, 'mine', user?.id ?? token],
    queryFn: fetchMyOrders,
    enabled: !!token,
    staleTime: 0,
    // A refusal (401 for an expired session) will not change by asking again.
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status < 500),
  });
}
