import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, CreateOrderResponse } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { ordersKey } from '../../../lib/query-client';

/** POST /api/orders with the attempt's Idempotency-Key; the server recomputes every price. */
export function placeOrder(body: CreateOrderBody, idempotencyKey: string): Promise<CreateOrderResponse> {
  return api<CreateOrderResponse>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Places the order; the shopper's order list is fetched again afterwards. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderBody; idempotencyKey: string }) => placeOrder(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
