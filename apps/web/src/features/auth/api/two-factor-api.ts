import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  RecoveryCodesBody,
  TwoFactorEnabled,
  TwoFactorSetup,
} from '@shop/shared/schemas/two-factor';
import { api } from '../../../lib/api-client';

/** Every two-factor change shows on the profile (twoFactorEnabled): read it again. */
function useRefreshProfile() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['auth', 'profile'] });
}

export const useTwoFactorSetup = () => useMutation({ mutationFn: () => api<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' }) });

/** Enabling answers the recovery codes; the profile is refreshed once they were shown (see the settings). */
export const useTwoFactorEnable = () =>
  useMutation({
    mutationFn: (body: EnableTwoFactorBody) => api<TwoFactorEnabled>('/api/auth/2fa/enable', { method: 'POST', body }),
  });

/** New recovery codes (the old ones die); shown once like the first ones. */
export const useRecoveryCodes = () =>
  useMutation({
    mutationFn: (body: RecoveryCodesBody) => api<TwoFactorEnabled>('/api/auth/2fa/recovery-codes', { method: 'POST', body }),
  });

export function useTwoFactorDisable() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) => api<{ msg: string }>('/api/auth/2fa/disable', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export { useRefreshProfile };
