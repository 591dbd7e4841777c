import { useEffect } from 'react';
import { useNavigate } from '../../lib/router';
import { authText } from '@shop/shared/messages-auth';
import { PageShell } from '../../components/ui/page-shell';
import { MyOrders } from '../../features/orders/components/my-orders';
import { ApiError } from '../../lib/api-client';
import { clearSession, setUser, useSession } from '../../lib/session';
import { useProfileQuery } from '../../features/auth/api/auth-api';
import { ProfileDetails } from '../../features/auth/components/profile-details';
import { ProfileEditForm } from '../../features/auth/components/profile-edit-form';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { AccountSecurity } from '../../features/auth/components/account-security';

/**
 * 'Profili im' (product.md §2.6): 'Loading...' until the server answers, then the user's name and email;
 * any failure goes to /. A refused token also ends a logged-in session. With a token but no stored user
 * (the ?token= link of product.md §2.1) the loaded user is stored, which completes the session.
 */
export default function ProfilePage() {
  const navigate = useNavigate();
  const { token, user } = useSession();
  const profile = useProfileQuery(token);

  useEffect(() => {
    if (!token) {
      void navigate('/', { replace: true });
      return;
    }
    if (!profile.isError) return;
    // A refused token ends a full session (it would go on showing the user as logged in). A
    // lone token from a ?token= link stays as the spec stored it: it logs no one in, and the
    // next login replaces it.
    const endSession = !!user && profile.error instanceof ApiError && (profile.error.status === 401 || profile.error.status === 403);
    void Promise.resolve(navigate('/', { replace: true })).then(() => {
      if (endSession) clearSession();
    });
  }, [token, user, profile.isError, profile.error, navigate]);

  const data = profile.data;
  useEffect(() => {
    if (!data || !token) return;
    if (user && user.id === data.id && user.name === data.name && user.email === data.email && user.role === data.role) return;
    setUser({ ...data, isAdmin: data.role === 'admin' });
  }, [data, token, user]);

  return (
    <PageShell title={authText.profileTitle} className="profile-page">
      {data ? (
        <div className="profile-sections">
          <ProfileDetails profile={data} />
          {/* What a customer comes back for, near the top; the settings below it. */}
          <MyOrders />
          <ProfileEditForm key={data.id} profile={data} />
          <AccountSecurity profile={data} />
          <TwoFactorSettings profile={data} />
        </div>
      ) : (
        <p className="muted" role="status">
          {authText.profileLoading}
        </p>
      )}
    </PageShell>
  );
}
