import { useQuery } from '@tanstack/react-query';
import type { DiscountCheckInput, DiscountCheckResponse } from '@shop/shared/schemas/discounts';
import { api } from '../../../lib/api-client';

/** POST /api/discount-codes/check (issue 29): the code's discount on these lines at the current prices, or the reason (409). */
export function useDiscountCheck(body: DiscountCheckInput | null) {
  return useQuery({
    queryKey: ['discount-check', body],
    queryFn: ({ signal }) => api<DiscountCheckResponse>('/api/discount-codes/check', { method: 'POST', body, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 30_000,
  });
}
