import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactorBody, TwoFactorEnabled, TwoFactorSetup } from '@shop/shared/schemas/two-factor';
import { api } from '../../../lib/api-client';

/** Every two-factor change shows on the profile (twoFactorEnabled): read it again. */
function useRefreshProfile() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['auth', 'profile'] });
}

export const useTwoFactorSetup = () => useMutation({ mutationFn: () => api<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' }) });

/** Enabling answers the recovery codes; the profile is refreshed once they were shown (see the settings). */
export const useTwoFactorEnable = () =>
  useMutation({ mutationFn: (code: string) => api<TwoFactorEnabled>('/api/auth/2fa/enable', { method: 'POST', body: { code } }) });

export function useTwoFactorDisable() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) => api<{ msg: string }>('/api/auth/2fa/disable', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export { useRefreshProfile };
