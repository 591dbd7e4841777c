import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, getUser, logout, setSession } from './session';

const customer = { id: 7, name: 'Arta', email: 'arta@example.com', role: 'user' as const, isAdmin: false };

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('logout', () => {
  it('ends the session on the server with its token and clears both stored values at once, without waiting', () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    setSession('tok', customer);
    logout();
    // Cleared synchronously, while the call is still on its way.
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/logout');
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.keepalive).toBe(true);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
  });

  it('a failed call changes nothing (no unhandled rejection), and no call is made without a token', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    setSession('tok', customer);
    logout();
    await Promise.resolve();
    expect(getToken()).toBeNull();
    logout();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the stored user', () => {
  /** Another tab (or an older version of the site) left these values: the app reads them again. */
  function stored(token: string, user: string) {
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
  }

  it('is read back as stored', () => {
    stored('tok', JSON.stringify(customer));
    expect(getToken()).toBe('tok');
    expect(getUser()).toEqual(customer);
  });

  it.each([
    ['a name that is not text', JSON.stringify({ ...customer, name: { first: 'Arta' } })],
    ['an email that is not text', JSON.stringify({ ...customer, email: ['arta@example.com'] })],
    ['a role that is not text', JSON.stringify({ ...customer, role: 1 })],
    ['a list', JSON.stringify([customer])],
    ['a string', JSON.stringify('Arta')],
    ['unreadable JSON', '{"name":'],
  ])('with %s counts as no user (the top bar shows Kyçu instead of failing)', (_, user) => {
    stored('tok', user);
    expect(getUser()).toBeNull();
  });
});
