import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, getToken, getUser } from '../../../lib/session';
import { adminUser, customer, json, mockFetch, renderRoutes, sentBody, wrap } from '../auth-test-utils';
import { CLIENT_ID_META, GSI_SRC, type GoogleCredentialResponse } from '../hooks/google-identity';
import { LoginForm } from './login-form';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** A stand-in for Google Identity Services: renders a button and lets the test answer. */
function installFakeGoogle() {
  let callback: ((r: GoogleCredentialResponse) => void) | undefined;
  const initialize = vi.fn((cfg: { client_id: string; callback: (r: GoogleCredentialResponse) => void }) => {
    callback = cfg.callback;
  });
  const renderButton = vi.fn((el: HTMLElement) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Sign in with Google';
    el.appendChild(b);
  });
  window.google = { accounts: { id: { initialize, renderButton } } };
  return {
    initialize,
    renderButton,
    answer: (r: GoogleCredentialResponse) => act(() => callback!(r)),
  };
}

const renderLogin = (variant: 'login' | 'kycu') => renderRoutes([wrap(<LoginForm variant={variant} />, `/${variant}`)], `/${variant}`);

beforeEach(() => {
  clearSession();
  vi.stubEnv('VITE_GOOGLE_CLIENT_ID', CLIENT_ID);
});
afterEach(() => {
  delete window.google;
  document.head.querySelectorAll(`script[src="${GSI_SRC}"]`).forEach((s) => s.remove());
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  clearSession();
});

describe('Google sign-in on /login', () => {
  it("renders Google's button with our client id and sends the credential to /api/auth/google", async () => {
    const google = installFakeGoogle();
    const fetch = mockFetch(json(200, { token: 'g-tok', user: customer }));
    renderLogin('login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(google.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID, ux_mode: 'popup' }));
    await google.answer({ credential: 'google-id-token' });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/profile');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/google');
    expect(sentBody(fetch)).toEqual({ token: 'google-id-token' });
    expect(getToken()).toBe('g-tok');
    expect(getUser()).toEqual(customer);
  });

  it('sends an admin to /warranty', async () => {
    const google = installFakeGoogle();
    mockFetch(json(200, { token: 'g-tok', user: adminUser }));
    renderLogin('login');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await google.answer({ credential: 'google-id-token' });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/warranty');
  });

  it('shows the server msg, else the catalogue texts for server, network and widget failures', async () => {
    const google = installFakeGoogle();
    mockFetch(json(401, { msg: 'Identifikimi me Google nuk u verifikua.' }), json(502, {}), new TypeError('Failed to fetch'));
    renderLogin('login');
    await screen.findByRole('button', { name: 'Sign in with Google' });

    await google.answer({ credential: 'a' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifikimi me Google nuk u verifikua.');
    await google.answer({ credential: 'b' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Gabim me Google login$/));
    await google.answer({ credential: 'c' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Gabim gjatë lidhjes me Google$/));
    await google.answer({});
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Kyçja me Google dështoi!$/));
    expect(getToken()).toBeNull();
  });

  it("takes no clicks while the form is submitting (Google's button is inert)", async () => {
    installFakeGoogle();
    mockFetch(new Promise<Response>(() => {}));
    renderLogin('login');
    const googleButton = await screen.findByRole('button', { name: 'Sign in with Google' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'arta@example.com' } });
    fireEvent.change(screen.getByLabelText('Fjalëkalimi'), { target: { value: 'sekret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kyçu' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kyçu' })).toBeDisabled());
    expect(googleButton.closest('.google-slot')).toHaveAttribute('inert');
  });

  it('shows a disabled button with the widget error when Google’s script cannot load', async () => {
    renderLogin('login');
    const script = await waitFor(() => {
      const s = document.head.querySelector(`script[src="${GSI_SRC}"]`);
      expect(s).not.toBeNull();
      return s!;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('Kyçja me Google dështoi!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kyçu me Google' })).toBeDisabled();
    // The email form still works.
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeEnabled();
  });
});

describe('Google popup sign-in on /kycu', () => {
  it('exchanges the ID token for a session and goes to /', async () => {
    const google = installFakeGoogle();
    const fetch = mockFetch(json(200, { token: 'g-tok', user: customer }));
    renderLogin('kycu');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await google.answer({ credential: 'popup-id-token' });
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
    expect(sentBody(fetch)).toEqual({ token: 'popup-id-token' });
    expect(getToken()).toBe('g-tok');
  });

  it("alerts 'Gabim gjatë kyçjes me Google' when the popup or the exchange fails", async () => {
    const google = installFakeGoogle();
    mockFetch(new TypeError('Failed to fetch'));
    renderLogin('kycu');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await google.answer({});
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Gabim gjatë kyçjes me Google$/);
    await google.answer({ credential: 'x' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Gabim gjatë kyçjes me Google$/));
  });
});

describe("Google's button only when the server has a client id (issue 26)", () => {
  /** What the server writes into every page: its GOOGLE_CLIENT_ID, or an empty one. */
  const serverSays = (clientId: string) => {
    const meta = document.createElement('meta');
    meta.name = CLIENT_ID_META;
    meta.content = clientId;
    document.head.appendChild(meta);
  };
  afterEach(() => document.head.querySelectorAll(`meta[name="${CLIENT_ID_META}"]`).forEach((m) => m.remove()));

  it.each(['login', 'kycu'] as const)('not configured on the server: /%s has no Google button and loads no Google script', (variant) => {
    // Even a build made with a client id: the server's word wins, as the server verifies the tokens.
    serverSays('');
    const { container } = renderLogin(variant);
    expect(screen.getByRole('button', { name: 'Kyçu' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Kyçu me Google' })).toBeNull();
    expect(screen.queryByText(/Google/)).toBeNull();
    expect(container.querySelector('.google-signin')).toBeNull();
    expect(document.head.querySelector(`script[src="${GSI_SRC}"]`)).toBeNull();
  });

  it.each(['login', 'kycu'] as const)(
    "configured on the server: /%s shows Google's button with the server's client id",
    async (variant) => {
      vi.stubEnv('VITE_GOOGLE_CLIENT_ID', '');
      serverSays('server-client.apps.googleusercontent.com');
      const google = installFakeGoogle();
      renderLogin(variant);
      expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
      expect(google.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'server-client.apps.googleusercontent.com' }));
    },
  );
});
