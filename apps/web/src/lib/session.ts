import { useSyncExternalStore } from 'react';
import { isAdmin } from '@shop/shared/domain/accounts';
import { entersStaffArea } from '@shop/shared/domain/permissions';
import type { PublicUser } from '@shop/shared/schemas/auth';

/** The stored user: what sign-in answers; a user stored from the profile (a ?token= link) has no isAdmin. */
export type SessionUser = Omit<PublicUser, 'isAdmin'> & { isAdmin?: boolean };

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const listeners = new Set<() => void>();

/**
 * A stored user the app can show: an object whose name, email and role, when present, are text.
 * Anything else (a value another version of the site left, or one edited by hand) counts as no
 * user, as unreadable JSON does: the top bar would otherwise render an object and fail.
 */
function isStoredUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  return ['name', 'email', 'role'].every((key) => fields[key] == null || typeof fields[key] === 'string');
}

/**
 * Nobody signed in: one object, what the server renders and what an anonymous visitor's browser
 * reads, so hydration finds the same snapshot and renders nothing again (a new but equal object
 * would make React render the top bar a second time, synchronously, right after hydrating).
 */
const signedOut = { token: null, user: null } as const;

function read(): { token: string | null; user: SessionUser | null } {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const user: unknown = raw ? JSON.parse(raw) : null;
    const stored = isStoredUser(user) ? user : null;
    return token === null && stored === null ? signedOut : { token, user: stored };
  } catch {
    return signedOut;
  }
}

let snapshot = read();
const emit = () => {
  snapshot = read();
  listeners.forEach((l) => l());
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY) emit();
  });
}

export const getToken = (): string | null => snapshot.token;
export const getUser = (): SessionUser | null => snapshot.user;

/** Login stores both token and user. */
export function setSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function setUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

/** Logout removes both. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
}

/** Asks the server to end a session (POST /api/auth/logout), fire and forget: a failure changes nothing here. */
export function endServerSession(token: string): void {
  try {
    void fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      // Survives the navigation that follows a logout.
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch at all: the local logout is done anyway.
  }
}

/**
 * Logout ('Dil'): the server ends this session without the page waiting for it, and both stored
 * values go at once, as the spec says.
 */
export function logout(): void {
  const token = snapshot.token;
  clearSession();
  if (token) endServerSession(token);
}

export const isAdminUser = (user: SessionUser | null): boolean => isAdmin(user);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a page rendered on the server shows, and what the browser renders while it hydrates such
 * a page: nobody signed in (the server never sees the browser's storage). React then renders
 * again with the stored session at once.
 */
const serverSnapshot = () => signedOut;

/** The session; logged in only when both token and user exist. */
export function useSession() {
  const s = useSyncExternalStore(subscribe, () => snapshot, serverSnapshot);
  return {
    token: s.token,
    user: s.user,
    isLoggedIn: !!s.token && !!s.user,
    isAdmin: isAdminUser(s.user),
    /** The owner or a staff member ('Punonjës'): may enter the staff area (domain/permissions.ts). */
    entersStaffArea: entersStaffArea(s.user),
  };
}
