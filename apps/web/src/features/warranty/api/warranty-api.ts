import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SortDirection } from '@shop/shared/domain/admin-lists';
import type { WarrantyPage } from '@shop/shared/schemas/admin-lists';
import { listQueryText } from '../../../lib/use-list-params';
import type { WarrantyBody, WarrantySheet } from '@shop/shared/schemas/warranty';
import { api } from '../../../lib/api-client';

const warrantyKeys = {
  health: ['warranty', 'health'] as const,
  sheets: ['warranty', 'sheets'] as const,
};

const checkWarrantyHealth = () => api<{ msg?: unknown }>('/api/admin/warranty/provemua');
const fetchWarrantySheets = () => api<WarrantySheet[]>('/api/admin/warranty');
const createWarrantySheet = (body: WarrantyBody) => api<WarrantySheet>('/api/admin/warranty', { method: 'POST', body });
const updateWarrantySheet = (id: number, body: WarrantyBody) => api<WarrantySheet>(`/api/admin/warranty/${id}`, { method: 'PUT', body });
const deleteWarrantySheet = (id: number) => api<{ msg: string }>(`/api/admin/warranty/${id}`, { method: 'DELETE' });

/** Records in 'Historiku' that a printed sheet is being printed (issue 24 finding 3); called before the print dialog. */
export const recordWarrantyPrint = (id: number) => api<{ msg: string }>(`/api/admin/warranty/${id}/print`, { method: 'POST' });

/** Online when the health check answers with a msg (product.md §7); anything else shows the banner. */
export function useWarrantyHealth() {
  const q = useQuery({ queryKey: warrantyKeys.health, queryFn: checkWarrantyHealth, retry: false, staleTime: 0 });
  const offline = q.isError || (q.isSuccess && typeof q.data?.msg !== 'string');
  return { offline };
}

/** The search, sort and page of the list as the address carries them (decision 021). */
export interface WarrantyListFilters {
  page: number;
  q?: string;
  sort?: 'date' | 'name' | 'price';
  dir?: SortDirection;
}

/** One page of the sheets (GET /api/admin/warranty/search); the last page stays on screen while the next loads. */
export function useWarrantyPage(f: WarrantyListFilters) {
  return useQuery({
    queryKey: [...warrantyKeys.sheets, 'page', f.q ?? '', f.sort ?? null, f.dir ?? null, f.page],
    queryFn: () => api<WarrantyPage>(`/api/admin/warranty/search${listQueryText({ q: f.q, sort: f.sort, dir: f.dir, page: f.page })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function useWarrantySheets() {
  return useQuery({ queryKey: warrantyKeys.sheets, queryFn: fetchWarrantySheets, staleTime: 0, retry: false });
}

/** Creates a sheet, or updates the draft being completed. */
export function useSaveWarrantySheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WarrantyBody }) =>
      id ? updateWarrantySheet(id, body) : createWarrantySheet(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: warrantyKeys.sheets }),
  });
}

/** Deletes a sheet, then reloads the list. */
export function useDeleteWarrantySheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWarrantySheet,
    onSettled: () => qc.invalidateQueries({ queryKey: warrantyKeys.sheets }),
  });
}
