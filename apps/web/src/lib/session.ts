import { useSyncExternalStore } from 'react';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'user' | 'admin';
  isAdmin?: boolean;
}

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

export const isAdminUser = (user: SessionUser | null): boolean => !!user && (user.role === 'admin' || user.isAdmin === true);

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
