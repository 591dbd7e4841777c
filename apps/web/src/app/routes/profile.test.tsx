import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getToken, getUser, setSession, setToken } from '../../lib/session';
import { customer, json, mockFetch, renderRoutes, wrap } from '../../features/auth/auth-test-utils';
import { RequireAuth } from '../guards';
import ProfilePage from './profile';

const renderProfile = () => renderRoutes([{ element: <RequireAuth />, children: [wrap(<ProfilePage />, '/profile')] }], '/profile');

beforeEach(() => clearSession());
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/profile', () => {
  it("shows 'Loading...' and then the name and email from the server, under 'Profili im'", async () => {
    let answer!: (r: Response) => void;
    const fetch = mockFetch(new Promise<Response>((r) => (answer = r)));
    setSession('tok', customer);
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profili im' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer(json(200, { id: 7, name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user' }));
    expect((await screen.findAllByText('Arta Krasniqi')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('arta@example.com').length).toBeGreaterThan(0);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/profile');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok');
  });

  it('loads and stores the user when the session has only a token (the ?token= link)', async () => {
    mockFetch(json(200, { id: 9, name: 'Drita', email: 'drita@example.com', role: 'user' }));
    setToken('link-token');
    renderProfile();
    expect((await screen.findAllByText('drita@example.com')).length).toBeGreaterThan(0);
    expect(getUser()).toEqual({ id: 9, name: 'Drita', email: 'drita@example.com', role: 'user', isAdmin: false });
  });

  it('goes to / and ends the session when the server refuses the token', async () => {
    mockFetch(json(401, { msg: 'Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.' }));
    setSession('expired', customer);
    renderProfile();
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it('goes to / when the token of a ?token= link is refused (it logs no one in)', async () => {
    mockFetch(json(401, { msg: 'Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.' }));
    setToken('bad-link-token');
    renderProfile();
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
    expect(getUser()).toBeNull();
  });

  it('goes to / but keeps the session when the server cannot be reached', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    setSession('tok', customer);
    renderProfile();
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/$/);
    expect(getToken()).toBe('tok');
  });

  it("shows the account's security: the verification notice, 'Ndrysho fjalëkalimin' and 'Dil nga të gjitha pajisjet', which lands on /kycu logged out", async () => {
    // Answers by address: the page also reads the user's orders.
    const fetch = vi.fn<typeof globalThis.fetch>(async (url) => {
      if (url === '/api/auth/profile') return json(200, { ...customer, emailVerified: false, hasPassword: true, twoFactorEnabled: false });
      if (url === '/api/auth/logout-all') return json(200, { msg: 'Dolët nga llogaria në të gjitha pajisjet.' });
      return json(200, []);
    });
    vi.stubGlobal('fetch', fetch);
    setSession('tok', customer);
    renderProfile();
    expect(await screen.findByText('Email-i juaj nuk është verifikuar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dërgo përsëri' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ndrysho fjalëkalimin' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dil nga të gjitha pajisjet' }));
    // Not sent to / by the guard: the page is left for /kycu before the session ends.
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/kycu$/);
    expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/auth/logout-all');
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it("shows 'Porositë e mia' right under the account's name, before every setting", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>(async (url) =>
        url === '/api/auth/profile'
          ? json(200, { ...customer, emailVerified: true, hasPassword: true, twoFactorEnabled: false })
          : json(200, []),
      ),
    );
    setSession('tok', customer);
    renderProfile();
    await screen.findByRole('heading', { level: 2, name: 'Porositë e mia' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.indexOf('Porositë e mia')).toBe(1);
    expect(titles.indexOf('Porositë e mia')).toBeLessThan(titles.indexOf('Të dhënat e mia'));
    expect(titles.indexOf('Porositë e mia')).toBeLessThan(titles.indexOf('Ndrysho fjalëkalimin'));
  });
});
