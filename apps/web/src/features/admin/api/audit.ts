import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@shop/shared/schemas/audit';
import { api } from '../../../lib/api-client';

/** The filters and page of 'Historiku' as the address carries them (already checked). */
export interface AuditFilters {
  page: number;
  actor?: number;
  kind?: string;
}

export function auditUrl(f: AuditFilters): string {
  const q = new URLSearchParams();
  if (f.page > 1) q.set('page', String(f.page));
  if (f.actor !== undefined) q.set('actor', String(f.actor));
  if (f.kind) q.set('kind', f.kind);
  const text = q.toString();
  return text ? `/api/admin/audit?${text}` : '/api/admin/audit';
}

/** One page of the audit log; the last page stays on screen while the next one loads. */
export const useAuditLog = (f: AuditFilters) =>
  useQuery({
    queryKey: ['admin', 'audit', f.page, f.actor ?? null, f.kind ?? null],
    queryFn: () => api<AuditPage>(auditUrl(f)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
