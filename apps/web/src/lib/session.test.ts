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
