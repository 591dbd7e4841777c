import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestOrderDetail } from '@shop/shared/schemas/guest-order';
import { api, ApiError } from '../../../lib/api-client';
import { ordersKey } from '../../../lib/query-keys';

const guestOrderKey = (token: string) => [...ordersKey, 'guest', token] as const;

/** GET /api/guest-orders/{token}: the order the mail's link opens; a 404 (wrong link) is `null`. */
export function useGuestOrder(token: string) {
  return useQuery({
    queryKey: guestOrderKey(token),
    queryFn: async ({ signal }) => {
      try {
        return await api<GuestOrderDetail>(`/api/guest-orders/${encodeURIComponent(token)}`, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 0,
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status < 500),
  });
}

/** POST /api/guest-orders/{token}/cancel: the guest cancels a pending order; the answer is the order as it is now. */
export function useCancelGuestOrder(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<GuestOrderDetail>(`/api/guest-orders/${encodeURIComponent(token)}/cancel`, { method: 'POST' }),
    onSuccess: (order) => queryClient.setQueryData(guestOrderKey(token), order),
  });
}
