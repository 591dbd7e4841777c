import { SIGN_IN_HANDOFF_COOKIE } from '@shop/shared/domain/accounts';
import { getToken, getUser, setSession, setToken, type SessionUser } from '../lib/session';
import { linkTokenPages } from '../features/auth/link-paths';
import { offerAccountSwitch } from '../features/auth/pending-switch';

/**
 * product.md §2.1: on load, a `token` query parameter becomes the session token, leaves the address,
 * and the app goes to /profile (which then loads the user and stores it).
 *
 * Issue 13, finding 2: when another user is logged in, the browser is not switched silently. The
 * token leaves the address at once (replaceState: never a history entry) and waits in memory for the
 * question of AccountSwitchDialog. The pages of mailed links (/verifiko-email, /rivendos-fjalekalimin)
 * keep their `?token=`: it is the link's single-use token, not a session.
 */
export function consumeTokenParam(loc: Location = window.location, hist: History = window.history): boolean {
  if (linkTokenPages.includes(loc.pathname)) return false;
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  if (!token) return false;
  const current = getToken();
  if (current && getUser()) {
    params.delete('token');
    const rest = params.toString();
    hist.replaceState(hist.state, '', `${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
    if (token !== current) offerAccountSwitch(token);
    return true;
  }
  setToken(token);
  hist.replaceState(hist.state, '', '/profile');
  return true;
}

/**
 * A sign-in made by the login page's form without JavaScript (issue 26): the server handed the
 * token and the user over in a short-lived cookie (routes/page-forms.ts). They go into the session
 * as a sign-in through the app would store them, and the cookie is deleted at once.
 */
export function consumeSignInHandoff(doc: Document = document): boolean {
  const prefix = `${SIGN_IN_HANDOFF_COOKIE}=`;
  const raw = doc.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  if (raw === undefined) return false;
  doc.cookie = `${SIGN_IN_HANDOFF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    const answer = JSON.parse(decodeURIComponent(raw)) as { token?: unknown; user?: unknown };
    if (typeof answer.token !== 'string' || !answer.token || !answer.user || typeof answer.user !== 'object') return false;
    setSession(answer.token, answer.user as SessionUser);
    return true;
  } catch {
    return false;
  }
}

// Done as this module loads, not only when main.tsx calls it: main.tsx imports this module before
// the router's, and the browser router reads the address once, when it is created. Called later,
// the address would say /profile while the router still showed the page of the original address.
// (The call in main.tsx then finds no token and does nothing.)
if (typeof window !== 'undefined') {
  consumeSignInHandoff();
  consumeTokenParam();
}
