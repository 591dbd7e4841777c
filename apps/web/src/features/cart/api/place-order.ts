import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  needsVerificationSchema,
  priceConflictSchema,
  unknownProductsSchema,
  type CreateOrderInput,
  type CreateOrderResponse,
} from '@shop/shared/schemas/order';
import type { GuestOrderInput, GuestOrderResponse } from '@shop/shared/schemas/guest-order';
import { api, ApiError } from '../../../lib/api-client';
import type { CatalogueEntry } from '../../../lib/cart-store';
import { ordersKey } from '../../../lib/query-keys';

/** POST /api/orders with the attempt's Idempotency-Key; the server recomputes every price. */
export function placeOrder(body: CreateOrderInput, idempotencyKey: string): Promise<CreateOrderResponse> {
  return api<CreateOrderResponse>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/guest-orders: an order without an account (decision 042); the server recomputes every price. */
export const placeGuestOrder = (body: GuestOrderInput): Promise<GuestOrderResponse> =>
  api<GuestOrderResponse>('/api/guest-orders', { method: 'POST', body });

/** Places the order; the shopper's order list is fetched again afterwards. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderInput; idempotencyKey: string }) => placeOrder(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

/**
 * What a refused order says about the cart: the current prices (409) or the ids that are no
 * longer products (400), parsed with the shared schemas; null for any other answer.
 */
export function cartRefusal(err: unknown): { prices: CatalogueEntry[] } | { unknownIds: string[] } | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 409) {
    const conflict = priceConflictSchema.safeParse(err.body);
    if (conflict.success) return { prices: conflict.data.prices };
  }
  if (err.status === 400) {
    const unknown = unknownProductsSchema.safeParse(err.body);
    if (unknown.success) return { unknownIds: unknown.data.unknownIds };
  }
  return null;
}

/** Whether the order was refused until the customer verifies the e-mail (403 with needsVerification, issue 24 finding 7). */
export const needsVerification = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 403 && needsVerificationSchema.safeParse(err.body).success;
