import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettings } from '@shop/shared/domain/shop-settings';
import type { ShopSettingsInput } from '@shop/shared/schemas/shop-settings';
import { api } from '../../../lib/api-client';

const settingsKey = ['admin', 'settings'] as const;

/** 'Cilësimet' as stored (the defaults until the owner saves). */
export const useShopSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api<ShopSettings>('/api/admin/settings'), staleTime: 0 });

/** 'Ruaj cilësimet': the whole document; the storefront's contact details follow. */
export function useSaveShopSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsInput) => api<ShopSettings>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(settingsKey, saved);
      void qc.invalidateQueries({ queryKey: ['settings', 'contact'] });
    },
  });
}
