import { setToken } from '../lib/session';

/**
 * SPEC 2.1: on load, a `token` query parameter becomes the session token, leaves the address,
 * and the app goes to /profile (which then loads the user).
 */
export function consumeTokenParam(loc: Location = window.location, hist: History = window.history): boolean {
  const params = new URLSearchParams(loc.search);
  const token = params.get('token');
  if (!token) return false;
  setToken(token);
  params.delete('token');
  hist.replaceState(hist.state, '', '/profile');
  return true;
}
