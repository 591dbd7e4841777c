import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Online when the health check answers with a msg (product.md §7); anything else shows the banner. */
export function useWarrantyHealth() {
  const q = useQuery({ queryKey: warrantyKeys.health, queryFn: checkWarrantyHealth, retry: false, staleTime: 0 });
  const offline = q.isError || (q.isSuccess && typeof q.data?.msg !== 'string');
  return { offline };
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
