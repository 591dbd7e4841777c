import { useEffect } from 'react';
import { useNavigate } from '../lib/router';
import { onTwoFactorSetupRequired } from '../lib/api-client';

/**
 * ADMIN_2FA=required: when an admin route answers that the admin must turn two-factor on first,
 * the app takes him to his profile, where the two-factor section shows the server's message.
 */
export function useTwoFactorSetupRedirect(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onTwoFactorSetupRequired((message) => {
        void navigate('/profile', { state: { twoFactorSetupRequired: message } });
      }),
    [navigate],
  );
}
