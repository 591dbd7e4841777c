import { useQuery } from '@tanstack/react-query';
import type { CheckoutSettings } from '@shop/shared/schemas/order';
import type { OrderSettings } from '@shop/shared/domain/orders';
import { toCents } from '@shop/shared/domain/money';
import { api, ApiError } from '../../../lib/api-client';

/** GET /api/orders/settings: the delivery fee and the limits the checkout shows before confirming. */
export function useCheckoutSettings() {
  return useQuery({
    queryKey: ['orders', 'settings'],
    queryFn: ({ signal }) => api<CheckoutSettings>('/api/orders/settings', { auth: false, signal }),
    staleTime: 60_000,
    // An answer will not change by asking again at once; a lost connection may.
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError),
  });
}

/** The settings in cents, as domain/orders deliveryFeeCents takes them. */
export const feeSettings = (s: CheckoutSettings): Pick<OrderSettings, 'deliveryFeeCents' | 'freeDeliveryFromCents'> => ({
  deliveryFeeCents: toCents(s.deliveryFee),
  freeDeliveryFromCents: s.freeDeliveryFrom === null ? null : toCents(s.freeDeliveryFrom),
});
