import { setToken } from '../lib/session';

/**
 * product.md §2.1: on load, a `token` query parameter becomes the session token, leaves the address,
 * and the app goes to /profile (which then loads the user and stores it).
 */
export function consumeTokenParam(loc: Location = window.location, hist: History = window.history): boolean {
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  if (!token) return false;
  setToken(token);
  hist.replaceState(hist.state, '', '/profile');
  return true;
}

// Done as this module loads, not only when main.tsx calls it: main.tsx imports this module before
// the router's, and the browser router reads the address once, when it is created. Called later,
// the address would say /profile while the router still showed the page of the original address.
// (The call in main.tsx then finds no token and does nothing.)
if (typeof window !== 'undefined') consumeTokenParam();
