import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, getUser, setSession, setToken } from '../lib/session';
import { dropAccountSwitch, pendingAccountSwitch } from '../features/auth/pending-switch';
import { SIGN_IN_HANDOFF_COOKIE } from '@shop/shared/domain/accounts';
import { consumeSignInHandoff, consumeTokenParam } from './token-param';

const customer = { id: 7, name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user' as const, isAdmin: false };

/** A fake address and history: what replaceState wrote, and that nothing was pushed. */
function at(href: string) {
  const url = new URL(href, 'https://shop.test');
  const loc = { pathname: url.pathname, search: url.search, hash: url.hash } as Location;
  const hist = { state: { idx: 0 }, replaceState: vi.fn(), pushState: vi.fn() } as unknown as History & {
    replaceState: ReturnType<typeof vi.fn>;
    pushState: ReturnType<typeof vi.fn>;
  };
  return { loc, hist };
}

beforeEach(() => {
  clearSession();
  dropAccountSwitch();
});
afterEach(() => {
  clearSession();
  dropAccountSwitch();
});

describe('?token= on load', () => {
  it('keeps the spec for a browser with no session: stores the token, leaves the address and goes to /profile', () => {
    const { loc, hist } = at('/?token=link-tok');
    expect(consumeTokenParam(loc, hist)).toBe(true);
    expect(getToken()).toBe('link-tok');
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/profile');
    expect(hist.pushState).not.toHaveBeenCalled();
    expect(pendingAccountSwitch()).toBeNull();
  });

  it('also replaces a lone token (no stored user: nobody is logged in)', () => {
    setToken('old-lone');
    const { loc, hist } = at('/products?token=link-tok');
    consumeTokenParam(loc, hist);
    expect(getToken()).toBe('link-tok');
    expect(pendingAccountSwitch()).toBeNull();
  });

  it('finding 2: with another user logged in, does not switch: the token leaves the address at once and waits for the question', () => {
    setSession('mine', customer);
    const { loc, hist } = at('/products?sort=price&token=attacker-tok#top');
    expect(consumeTokenParam(loc, hist)).toBe(true);
    // The session is untouched and nothing is stored.
    expect(getToken()).toBe('mine');
    expect(getUser()).toEqual(customer);
    expect(localStorage.getItem('token')).toBe('mine');
    // Same page, the other parameters kept, the token gone, and no history entry holds it.
    expect(hist.replaceState).toHaveBeenCalledTimes(1);
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/products?sort=price#top');
    expect(hist.pushState).not.toHaveBeenCalled();
    expect(pendingAccountSwitch()).toBe('attacker-tok');
  });

  it('finding 2: asks nothing when the link carries the token already in use', () => {
    setSession('mine', customer);
    const { loc, hist } = at('/?token=mine');
    consumeTokenParam(loc, hist);
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/');
    expect(pendingAccountSwitch()).toBeNull();
  });

  it("leaves the mailed links' pages alone: their token is the link's, not a session", () => {
    for (const path of ['/verifiko-email', '/rivendos-fjalekalimin']) {
      const { loc, hist } = at(`${path}?token=single-use-link-token`);
      expect(consumeTokenParam(loc, hist)).toBe(false);
      expect(hist.replaceState).not.toHaveBeenCalled();
    }
    expect(getToken()).toBeNull();
  });

  it('does nothing without a token', () => {
    const { loc, hist } = at('/products?q=iphone');
    expect(consumeTokenParam(loc, hist)).toBe(false);
    expect(hist.replaceState).not.toHaveBeenCalled();
  });
});

describe('a sign-in handed over by the login form without JavaScript (issue 26)', () => {
  /** A document whose cookie jar is a list: what was read and what was written. */
  function jar(cookie: string) {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    return { doc, written };
  }
  const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('stores the token and the user (an Albanian name too) and deletes the cookie at once', () => {
    const user = { ...customer, name: 'Ëndrit Çeku' };
    const { doc, written } = jar(`other=1; ${SIGN_IN_HANDOFF_COOKIE}=${encode({ token: 'tok-1', user })}`);
    expect(consumeSignInHandoff(doc)).toBe(true);
    expect(getToken()).toBe('tok-1');
    expect(getUser()).toEqual(user);
    expect(written).toEqual([`${SIGN_IN_HANDOFF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`]);
  });

  it('ignores a cookie it cannot read, and does nothing without one', () => {
    const bad = jar(`${SIGN_IN_HANDOFF_COOKIE}=not-json`);
    expect(consumeSignInHandoff(bad.doc)).toBe(false);
    expect(bad.written).toHaveLength(1);
    expect(getToken()).toBeNull();
    const none = jar('other=1');
    expect(consumeSignInHandoff(none.doc)).toBe(false);
    expect(none.written).toHaveLength(0);
  });
});
