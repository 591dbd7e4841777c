import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailStatus } from '@shop/shared/domain/mail';
import type { OutboxPage, OutboxRetry } from '@shop/shared/schemas/outbox';
import { api } from '../../../lib/api-client';

const outboxKey = ['admin', 'outbox'] as const;

function outboxUrl(page: number, status: MailStatus | undefined): string {
  const q = new URLSearchParams({ page: String(page) });
  if (status) q.set('status', status);
  return `/api/admin/outbox?${q.toString()}`;
}

/** One page of the outbox ('E-mailet'); the previous page stays shown while the next loads. */
export const useOutbox = (page: number, status: MailStatus | undefined) =>
  useQuery({
    queryKey: [...outboxKey, page, status ?? 'all'],
    queryFn: () => api<OutboxPage>(outboxUrl(page, status)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** 'Provo përsëri' on a failed mail. */
export function useRetryMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<OutboxRetry>(`/api/admin/outbox/${id}/retry`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: outboxKey }),
  });
}
