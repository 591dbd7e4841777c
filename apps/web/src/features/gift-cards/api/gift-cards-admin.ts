import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustGiftCardBody,
  GiftCardDetail,
  GiftCardList,
  IssueGiftCardBody,
  IssueGiftCardResult,
} from '@shop/shared/schemas/gift-cards';
import { api } from '../../../lib/api-client';

/** The staff's list of cards (never their codes), newest first; `q`: the code's last characters. */
export const useGiftCards = (q: string) =>
  useQuery({
    queryKey: ['admin', 'gift-cards', q],
    queryFn: () => api<GiftCardList>(`/api/admin/gift-cards${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`),
    staleTime: 0,
  });

/** One card with its ledger. */
export const useGiftCard = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'gift-cards', 'card', id],
    queryFn: () => api<GiftCardDetail>(`/api/admin/gift-cards/${id}`),
    enabled: id !== null,
  });

/** 'Lësho kartë' (the owner's): the answer carries the full code, this once. */
export function useIssueGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueGiftCardBody) => api<IssueGiftCardResult>('/api/admin/gift-cards', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'gift-cards'] }),
  });
}

/** 'Rregullo bilancin' (the owner's). */
export function useAdjustGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdjustGiftCardBody }) =>
      api<{ msg: string; card: GiftCardDetail }>(`/api/admin/gift-cards/${id}/adjust`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'gift-cards'] }),
  });
}
