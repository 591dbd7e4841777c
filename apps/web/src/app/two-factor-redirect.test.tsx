import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from '../lib/router';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import { api, ApiError } from '../lib/api-client';
import { useTwoFactorSetupRedirect } from './two-factor-redirect';

function mockAnswer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))),
  );
}

/** An admin page that reads an admin route when shown. */
function AdminPage() {
  useTwoFactorSetupRedirect();
  useEffect(() => {
    api('/api/admin/users_new').catch(() => {});
  }, []);
  return <p>admin</p>;
}

function Profile() {
  useTwoFactorSetupRedirect();
  const state = useLocation().state as { twoFactorSetupRequired?: string } | null;
  return <p data-testid="profile">{state?.twoFactorSetupRequired}</p>;
}

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/admin', element: <AdminPage /> },
          { path: '/profile', element: <Profile /> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

afterEach(() => vi.unstubAllGlobals());

describe('ADMIN_2FA=required on the web', () => {
  it('an admin route answering twoFactorSetupRequired sends the admin to /profile with the message', async () => {
    mockAnswer(403, { msg: twoFactorText.setupRequired, twoFactorSetupRequired: true });
    renderAt('/admin');
    expect(await screen.findByTestId('profile')).toHaveTextContent(twoFactorText.setupRequired);
  });

  it('a plain 403 stays where it is (an ApiError for the page to show)', async () => {
    mockAnswer(403, { msg: 'Nuk keni autorizim për këtë veprim.' });
    const err = await api('/api/admin/users_new').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    renderAt('/admin');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.queryByTestId('profile')).not.toBeInTheDocument();
  });
});
