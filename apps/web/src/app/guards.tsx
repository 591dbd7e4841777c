import { useState } from 'react';
import { Navigate, Outlet, useLocation } from '../lib/router';
import { mayOpenAdminPath, STAFF_ROLE, staffAdminHome } from '@shop/shared/domain/permissions';
import { useSession } from '../lib/session';

/**
 * Whether the session ended while this guard was shown (the top bar's 'Dil', another tab's
 * logout, a refused token). Then the page is left for /, as after any logout, not for a login
 * screen: a guest's redirect would also race with the top bar's own navigation to /.
 */
function useSessionEndedHere(token: string | null): boolean {
  const [arrivedWithToken] = useState(() => !!token);
  return arrivedWithToken && !token;
}

/** Logged-in guard (product.md §2.9): guests go to /kyqu, which leads to /kycu. */
export function RequireAuth() {
  const { isLoggedIn, token } = useSession();
  const location = useLocation();
  const ended = useSessionEndedHere(token);
  if (ended) return <Navigate to="/" replace />;
  // A token alone (from the ?token= link) may go on to /profile, which loads the user.
  if (!isLoggedIn && !(token && location.pathname === '/profile')) {
    return <Navigate to="/kyqu" replace state={{ from: location }} />;
  }
  return <Outlet />;
}

/**
 * Admin guard: guests to /login keeping where they came from, customers to /no-access. Staff
 * ('Punonjës', decision 041) pass only to their screens (`mayOpenAdminPath`): the owner's
 * dashboard at /admin leads them to their home, any other owner's screen to /no-access. Comfort
 * only: the API refuses them every owner-only route.
 */
export function RequireAdmin() {
  const { isLoggedIn, entersStaffArea: inStaffArea, user, token } = useSession();
  const location = useLocation();
  const ended = useSessionEndedHere(token);
  if (ended) return <Navigate to="/" replace />;
  if (!isLoggedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!inStaffArea) return <Navigate to="/no-access" replace />;
  if (!mayOpenAdminPath(user, location.pathname)) {
    const atDashboard = location.pathname.replace(/\/+$/, '') === '/admin';
    return <Navigate to={atDashboard ? staffAdminHome : '/no-access'} replace />;
  }
  return <Outlet />;
}

/** The warranty page sends anyone whose stored role is neither admin nor staff to /. */
export function RequireWarrantyRole() {
  const { user, token } = useSession();
  // The stored role decides (an `isAdmin` flag alone is not enough), as the contract says.
  if (!token || (user?.role !== 'admin' && user?.role !== STAFF_ROLE)) return <Navigate to="/" replace />;
  return <Outlet />;
}
