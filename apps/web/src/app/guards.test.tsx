import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Navigate } from '../lib/router';
import { clearSession, setSession } from '../lib/session';
import { adminUser, customer, Landed, renderRoutes } from '../features/auth/auth-test-utils';
import { RequireAdmin, RequireAuth, RequireWarrantyRole } from './guards';

function renderGuarded(entry: string) {
  return renderRoutes(
    [
      { path: '/kyqu', element: <Navigate to="/kycu" replace /> },
      { element: <RequireAuth />, children: [{ path: '/profile', element: <Landed name="protected" /> }] },
      { element: <RequireAdmin />, children: [{ path: '/admin/users', element: <Landed name="protected" /> }] },
      { element: <RequireWarrantyRole />, children: [{ path: '/warranty', element: <Landed name="protected" /> }] },
    ],
    entry,
  );
}

beforeEach(() => clearSession());
afterEach(() => clearSession());

describe('guards (product.md §2.9)', () => {
  it('the logged-in guard sends guests to /kyqu, which leads to /kycu', async () => {
    const { router } = renderGuarded('/profile');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/kycu$/);
    expect(router.state.location.pathname).toBe('/kycu');
  });

  it('the logged-in guard lets a logged-in user through', async () => {
    setSession('tok', customer);
    renderGuarded('/profile');
    expect(await screen.findByTestId('landed')).toHaveTextContent('protected /profile');
  });

  it('the admin guard sends guests to /login keeping where they came from', async () => {
    const { router } = renderGuarded('/admin/users?tab=1');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/login$/);
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/admin/users', search: '?tab=1' } });
  });

  it('the admin guard sends non-admins to /no-access and lets admins in', async () => {
    setSession('tok', customer);
    const first = renderGuarded('/admin/users');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/no-access');
    first.unmount();
    setSession('tok', adminUser);
    renderGuarded('/admin/users');
    expect(await screen.findByTestId('landed')).toHaveTextContent('protected /admin/users');
  });

  it('the warranty page sends anyone whose stored role is not admin to /', async () => {
    setSession('tok', { ...customer, isAdmin: true });
    const first = renderGuarded('/warranty');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
    first.unmount();
    setSession('tok', adminUser);
    renderGuarded('/warranty');
    expect(await screen.findByTestId('landed')).toHaveTextContent('protected /warranty');
  });

  it('a session that ends on a guarded page leads to /, not to a login screen', async () => {
    setSession('tok', adminUser);
    renderGuarded('/admin/users');
    expect(await screen.findByTestId('landed')).toHaveTextContent('protected');
    act(() => clearSession());
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
  });
});
