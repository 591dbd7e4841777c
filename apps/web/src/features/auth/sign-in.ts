import type { Location, To } from '../../lib/router';
import { ApiError, NetworkError } from '../../lib/api-client';
import { setSession, type SessionUser } from '../../lib/session';
import { entersStaffArea } from '@shop/shared/domain/permissions';
import type { SignInAnswer } from './api/auth-api';

/** Router state the account screens pass along. */
interface AuthLocationState {
  /** Where a guard (or the checkout) sent the guest from; they return there after login. */
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** The email just registered: the login screen greets and pre-fills it. */
  registered?: string;
}

export function readAuthState(state: unknown): AuthLocationState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const from = s.from as AuthLocationState['from'] | undefined;
  return {
    from: from && typeof from.pathname === 'string' ? from : undefined,
    registered: typeof s.registered === 'string' ? s.registered : undefined,
  };
}

/** product.md §4: a sign-in succeeds only when the answer has both token and user; then both are stored. */
export function storeSignIn(answer: SignInAnswer | undefined): SessionUser | null {
  if (!answer || typeof answer.token !== 'string' || !answer.token || !answer.user || typeof answer.user !== 'object') return null;
  setSession(answer.token, answer.user);
  return answer.user;
}

const accountScreens = new Set(['/login', '/kycu', '/kyqu', '/register', '/regjistrohu']);

/**
 * Where /login leads after success: back to where a guard sent the user from, otherwise an admin
 * to /warranty and anyone else to /profile.
 */
export function afterLoginTarget(user: SessionUser, from: AuthLocationState['from']): To {
  if (from && from.pathname.startsWith('/') && !from.pathname.startsWith('//') && !accountScreens.has(from.pathname)) {
    return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
  }
  return entersStaffArea(user) ? '/warranty' : '/profile';
}

/** The checkout's address: registering on the way from it comes back to it signed in (issue 30). */
const CHECKOUT_PATH = '/checkout';

/**
 * Where a registration made on the way from the checkout leads: back to the checkout, signed in with
 * the returned token and user, the cart as it was. Null for every other registration, which goes to
 * the login screen as the contract says (product.md §4), and when the answer cannot sign in.
 */
export function afterCheckoutRegistration(answer: SignInAnswer | undefined, from: AuthLocationState['from']): To | null {
  if (!from || from.pathname !== CHECKOUT_PATH) return null;
  const user = storeSignIn(answer);
  return user ? afterLoginTarget(user, from) : null;
}

/** Whether the account screens were opened on the way from the checkout. */
export const comesFromCheckout = (from: AuthLocationState['from']): boolean => from?.pathname === CHECKOUT_PATH;

/** The alert text of a failed call: the server's msg, else the screen's fallback; network apart. */
export function failureText(err: unknown, texts: { fallback: string; network: string }): string {
  if (err instanceof NetworkError) return texts.network;
  if (err instanceof ApiError && err.message) return err.message;
  return texts.fallback;
}
