import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../lib/router';
import { authMessages } from '@shop/shared/schemas/auth';
import { clearSession, setSession } from '../../../lib/session';
import { customer, json, mockFetch, sentBody } from '../auth-test-utils';
import { resetVerifyRequests, VerifyEmailView } from './verify-email-view';

function renderVerify(token: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const router = createMemoryRouter([{ path: '/verifiko-email', element: <VerifyEmailView token={token} /> }], {
    initialEntries: ['/verifiko-email'],
  });
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { invalidate };
}

beforeEach(() => {
  clearSession();
  resetVerifyRequests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/verifiko-email', () => {
  it('posts the token once on load, even under StrictMode, and shows the success', async () => {
    const fetch = mockFetch(json(200, { msg: authMessages.emailVerified }), json(400, { msg: authMessages.verifyTokenInvalid }));
    renderVerify('verify-link-token-0123456789');
    expect(screen.getByRole('status')).toHaveTextContent('Duke verifikuar email-in...');
    expect(await screen.findByText(authMessages.emailVerified)).toHaveClass('alert-success');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/verify-email');
    expect(sentBody(fetch)).toEqual({ token: 'verify-link-token-0123456789' });
    expect(screen.getByRole('link', { name: 'Kyçuni tani' })).toHaveAttribute('href', '/kycu');
  });

  it('refreshes the profile of a logged-in user and leads to the profile', async () => {
    mockFetch(json(200, { msg: authMessages.emailVerified }));
    setSession('tok', customer);
    const { invalidate } = renderVerify('verify-link-token-aaaaaaaaaa');
    await screen.findByText(authMessages.emailVerified);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['auth', 'profile'] });
    expect(screen.getByRole('link', { name: 'Shko te profili' })).toHaveAttribute('href', '/profile');
  });

  it("shows the server's message for a bad or used link", async () => {
    mockFetch(json(400, { msg: authMessages.verifyTokenInvalid }));
    renderVerify('verify-link-token-bbbbbbbbbb');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(authMessages.verifyTokenInvalid);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('without a token says the link is not valid and calls nothing', () => {
    const fetch = mockFetch();
    renderVerify(null);
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.verifyTokenInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });
});
