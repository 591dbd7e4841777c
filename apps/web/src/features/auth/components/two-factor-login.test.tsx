import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import { clearSession, getToken, getUser } from '../../../lib/session';
import { adminUser, customer, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import type { GoogleCredentialResponse } from '../hooks/google-identity';
import { LoginForm } from './login-form';

const renderLogin = (variant: 'login' | 'kycu') => renderRoutes([wrap(<LoginForm variant={variant} />, `/${variant}`)], `/${variant}`);
const needCode = (msg: string = twoFactorText.codeRequired) => json(401, { msg, twoFactorRequired: true });

async function signIn(email = 'admin@example.com', password = 'sekret-123') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Fjalëkalimi'), password);
  await user.click(screen.getByRole('button', { name: 'Kyçu' }));
  return user;
}

beforeEach(() => clearSession());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  delete window.google;
  clearSession();
});

describe('login with two-factor on', () => {
  it('asks for the code after the password, then sends the same email and password with it (admin -> /warranty)', async () => {
    const fetch = mockFetch(needCode(), json(200, { token: 'tok-2fa', user: adminUser }));
    renderLogin('login');
    const user = await signIn();

    expect(await screen.findByRole('status')).toHaveTextContent(twoFactorText.codeRequired);
    const field = screen.getByLabelText('Kodi i verifikimit');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription(twoFactorText.codeHint);
    expect(field).toHaveFocus();
    expect(screen.queryByLabelText('Fjalëkalimi')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/warranty');
    expect(sentBody(fetch, 0)).toEqual({ email: 'admin@example.com', password: 'sekret-123' });
    expect(sentBody(fetch, 1)).toEqual({ email: 'admin@example.com', password: 'sekret-123', code: '123456' });
    expect(getToken()).toBe('tok-2fa');
    expect(getUser()).toEqual(adminUser);
  });

  it('shows a wrong code as an alert, empties the field and lets him try again; a recovery code switches the keyboard', async () => {
    const fetch = mockFetch(needCode(), needCode(twoFactorText.codeWrong), json(200, { token: 't', user: adminUser }));
    renderLogin('kycu');
    const user = await signIn();
    const field = await screen.findByLabelText('Kodi i verifikimit');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorText.codeWrong);
    expect(field).toHaveValue('');

    await user.click(screen.getByRole('button', { name: twoFactorText.useRecovery }));
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(field).toHaveAccessibleDescription(twoFactorText.recoveryHint);
    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    // /kycu goes to / after success, as before.
    expect(await screen.findByTestId('landed')).toHaveTextContent('page /');
    expect(sentBody(fetch, 2)).toMatchObject({ code: 'abcde-fghjk' });
  });

  it('an empty code is refused on the page; "Kthehu" returns to the email and password', async () => {
    const fetch = mockFetch(needCode());
    renderLogin('login');
    const user = await signIn();
    await screen.findByLabelText('Kodi i verifikimit');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: twoFactorText.back }));
    expect(screen.getByLabelText('Fjalëkalimi')).toBeInTheDocument();
    expect(screen.queryByLabelText('Kodi i verifikimit')).not.toBeInTheDocument();
  });

  it('a customer (no two-factor) signs in exactly as before: one call, no code field, the usual 401 alert', async () => {
    const fetch = mockFetch(json(401, { msg: 'Email-i ose fjalëkalimi është i gabuar.' }), json(200, { token: 'c', user: customer }));
    renderLogin('login');
    const user = await signIn('arta@example.com', 'gabim-123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email-i ose fjalëkalimi është i gabuar.');
    expect(screen.queryByLabelText('Kodi i verifikimit')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Fjalëkalimi'));
    await user.type(screen.getByLabelText('Fjalëkalimi'), 'sekret-123');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/profile');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('Google sign-in with two-factor on', () => {
  it('asks for the code and sends the same Google credential with it', async () => {
    let callback: ((r: GoogleCredentialResponse) => void) | undefined;
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', 'test-client.apps.googleusercontent.com');
    window.google = {
      accounts: {
        id: {
          initialize: vi.fn((cfg: { callback: (r: GoogleCredentialResponse) => void }) => {
            callback = cfg.callback;
          }),
          renderButton: vi.fn((el: HTMLElement) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.textContent = 'Sign in with Google';
            el.appendChild(b);
          }),
        },
      },
    } as unknown as typeof window.google;
    const fetch = mockFetch(needCode(), json(200, { token: 'g', user: adminUser }));
    renderLogin('login');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await act(() => callback!({ credential: 'google-id-token' }));
    const field = await screen.findByLabelText('Kodi i verifikimit');
    const user = userEvent.setup();
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Kyçu' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/warranty');
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/auth/google');
    expect(sentBody(fetch, 1)).toEqual({ token: 'google-id-token', code: '654321' });
  });
});
