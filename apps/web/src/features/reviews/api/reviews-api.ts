import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productIdKey } from '@shop/shared/domain/catalogue';
import type { OwnReview, ProductReviews, ReviewSaved } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  product: (id: string) => ['reviews', 'product', productIdKey(id)] as const,
  mine: (id: string) => ['reviews', 'mine', productIdKey(id)] as const,
};

/** The reviews' queries (key and fetcher): the server reads them before it renders a product page (app/prefetch.ts). */
export const reviewQueries = {
  /** GET /api/products/{id}/reviews: the visible reviews with their average and count. */
  product: (id: string) => ({
    queryKey: reviewKeys.product(id),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api<ProductReviews>(`/api/products/${encodeURIComponent(id)}/reviews`, { auth: false, signal }),
  }),
};

export const useProductReviews = (id: string) => useQuery(reviewQueries.product(id));

/** GET …/reviews/mine: may the signed-in customer rate it, and their own review. */
export const useOwnReview = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: reviewKeys.mine(id),
    queryFn: ({ signal }) => api<OwnReview>(`/api/products/${encodeURIComponent(id)}/reviews/mine`, { signal }),
    enabled,
    staleTime: 0,
  });

/**
 * The first review (POST) or its edit (PUT …/mine); afterwards the reviews are read again and
 * `onSaved` runs (the page reads the product's average again). Both belong to the mutation, not
 * to one `mutate` call: reading the reviews again gives the form a new key, and a call's own
 * callbacks never run once its form is gone (the product's stars then stayed as they were).
 */
export function useSaveReview(id: string, onSaved: () => void = () => {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, text, edit }: { rating: number; text: string; edit: boolean }) =>
      api<ReviewSaved>(`/api/products/${encodeURIComponent(id)}/reviews${edit ? '/mine' : ''}`, {
        method: edit ? 'PUT' : 'POST',
        body: { rating, text },
      }),
    onSuccess: () => {
      onSaved();
      return qc.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
