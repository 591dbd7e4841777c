import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewsPage } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';

export type ReviewVisibility = 'visible' | 'hidden';

const reviewsKey = ['admin', 'reviews'] as const;

/** One page of the customers' reviews ('Vlerësimet'), all or only the visible or hidden ones. */
export const useAdminReviews = (page: number, visibility: ReviewVisibility | undefined) =>
  useQuery({
    queryKey: [...reviewsKey, page, visibility ?? 'all'],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page) });
      if (visibility) q.set('visibility', visibility);
      return api<AdminReviewsPage>(`/api/admin/reviews?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** 'Fshihe' / 'Shfaqe' on one review. */
export function useSetReviewHidden() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      api<{ msg: string }>(`/api/admin/reviews/${id}`, { method: 'PATCH', body: { hidden } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reviewsKey }),
  });
}
