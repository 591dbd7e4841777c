import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RepairStatus } from '@shop/shared/domain/repairs';
import type { RepairCreateBody, RepairDetail, RepairMoveBody, RepairPage, RepairUpdateBody } from '@shop/shared/schemas/repairs';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { api } from '../../../lib/api-client';

/** The list's filter, search and page as the address carries them ('open': the open tickets, the default). */
export interface RepairFilters {
  page: number;
  /** A status, 'open' (not delivered, cancelled or unrepaired) or 'all'. */
  status: RepairStatus | 'open' | 'all';
  q?: string;
}

export function repairSearchUrl(f: RepairFilters): string {
  const q = new URLSearchParams();
  if (f.status === 'open') q.set('open', 'true');
  else if (f.status !== 'all') q.set('status', f.status);
  if (f.q) q.set('q', f.q);
  if (f.page > 1) q.set('page', String(f.page));
  const text = q.toString();
  return text ? `/api/admin/repairs?${text}` : '/api/admin/repairs';
}

/** One page of tickets (never a PIN); the last page stays on screen while the next one loads. */
export const useRepairSearch = (f: RepairFilters) =>
  useQuery({
    queryKey: ['admin', 'repairs', 'search', f.status, f.q ?? '', f.page],
    queryFn: () => api<RepairPage>(repairSearchUrl(f)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One ticket with its history and next moves (null: an address that names no ticket). */
export const useRepair = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'repairs', 'one', id],
    queryFn: () => api<RepairDetail>(`/api/admin/repairs/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });

/** The tickets opened on a warranty sheet (its claims). */
export const useSheetRepairs = (sheetId: number | null) =>
  useQuery({
    queryKey: ['admin', 'repairs', 'sheet', sheetId],
    queryFn: () => api<RepairPage>(`/api/admin/repairs?warrantySheetId=${sheetId}&pageSize=100`),
    enabled: sheetId !== null,
    staleTime: 0,
  });

/** The warranty sheet a new ticket is opened from (the intake form fills itself from it). */
export const useWarrantySheetsForRepair = (enabled: boolean) =>
  useQuery({
    queryKey: ['warranty', 'sheets'],
    queryFn: () => api<WarrantySheet[]>('/api/admin/warranty'),
    enabled,
    staleTime: 0,
  });

export function useCreateRepair() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RepairCreateBody) => api<RepairDetail>('/api/admin/repairs', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useUpdateRepair(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RepairUpdateBody) => api<RepairDetail>(`/api/admin/repairs/${id}`, { method: 'PATCH', body }),
    onSuccess: (detail) => {
      qc.setQueryData(['admin', 'repairs', 'one', id], detail);
      return qc.invalidateQueries({ queryKey: ['admin', 'repairs', 'search'] });
    },
  });
}

export function useMoveRepair(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RepairMoveBody) => api<RepairDetail>(`/api/admin/repairs/${id}/status`, { method: 'POST', body }),
    onSuccess: (detail) => {
      qc.setQueryData(['admin', 'repairs', 'one', id], detail);
      // The list, the counts and the dashboard's figures change.
      return qc.invalidateQueries({ queryKey: ['admin'], predicate: (q) => !(q.queryKey[2] === 'one' && q.queryKey[3] === id) });
    },
  });
}

/** The device's PIN and pattern lock, asked only when staff press 'Shfaq PIN-in' (each read is in the audit log). */
export const fetchRepairPin = (id: number) => api<{ pin: string | null; pattern: string | null }>(`/api/admin/repairs/${id}/pin`);
