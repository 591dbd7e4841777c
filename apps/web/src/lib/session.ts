import { useSyncExternalStore } from 'react';
import { isAdmin } from '@shop/shared/domain/accounts';
import type { PublicUser } from '@shop/shared/schemas/auth';

/** The stored user: what sign-in answers; a user stored from the profile (a ?token= link) has no isAdmin. */
export type SessionUser = Omit<PublicUser, 'isAdmin'> & { isAdmin?: boolean };

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const listeners = new Set<() => void>();

function read(): { token: string | null; user: SessionUser | null } {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as SessionUser) : null;
    return { token, user: user && typeof user === 'object' ? user : null };
  } catch {
    return { token: null, user: null };
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

/** The session; logged in only when both token and user exist. */
export function useSession() {
  const s = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  return { token: s.token, user: s.user, isLoggedIn: !!s.token && !!s.user, isAdmin: isAdminUser(s.user) };
}
