import type { Role } from '@shop/shared/domain/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@shop/shared/schemas/admin';
import { api } from '../../../lib/api-client';

const adminUsersKey = ['admin', 'users'] as const;

const fetchAdminUsers = () => api<AdminUser[]>('/api/admin/users_new');
const setUserRole = (id: number, role: Role) => api<AdminUser>(`/api/admin/users_new/${id}/role`, { method: 'PUT', body: { role } });
/** Sends the wanted state, so a double click cannot undo itself. */
const setUserBlocked = (id: number, blocked: boolean) =>
  api<AdminUser>(`/api/admin/users_new/${id}/block`, { method: 'PUT', body: { blocked } });
/** The recovery process (decision 025): the acting admin's own password clears another admin's two-factor. */
const clearUserTwoFactor = (id: number, password: string) =>
  api<{ msg: string }>(`/api/admin/users_new/${id}/two-factor/clear`, { method: 'POST', body: { password } });
const deleteAdminUser = (id: number) => api<{ message: string; id: number }>(`/api/admin/users_new/${id}`, { method: 'DELETE' });

export const useAdminUsers = () => useQuery({ queryKey: adminUsersKey, queryFn: fetchAdminUsers, staleTime: 0 });

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['admin'] });
}

export function useSetRole() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, role }: { id: number; role: Role }) => setUserRole(id, role), onSuccess: refresh });
}

export function useSetBlocked() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: number; blocked: boolean }) => setUserBlocked(id, blocked),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteAdminUser, onSuccess: refresh });
}

export function useClearTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => clearUserTwoFactor(id, password),
    onSuccess: refresh,
  });
}
