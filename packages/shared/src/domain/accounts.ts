/** Accounts: the roles and what they may do. */

/** 'admin' is the owner; 'staff' ('Punonjës') works the counter (domain/permissions.ts, decision 041). */
export const roles = ['user', 'admin', 'staff'] as const;
export type Role = (typeof roles)[number];

/** A role's name as the profile shows it. */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  user: 'Klient',
  staff: 'Punonjës',
};

/** Whether a user is an admin (the role decides; `isAdmin` is the same fact as the API sends it). */
export const isAdmin = (user: { role: string; isAdmin?: boolean } | null | undefined): boolean =>
  !!user && (user.role === 'admin' || user.isAdmin === true);

/** The rule for the characters of a name lives in domain/names.ts (one rule for every name field). */
export { hasHiddenCharacters, withoutHiddenCharacters } from './names';

/** Why a new password is refused by the rules both sides know (the server also checks a list of common passwords). */
export type PasswordProblem = 'short' | 'email' | 'name';

/** Shortest password accepted. */
export const passwordMinLength = 8;

/**
 * The pure part of the password rules: at least 8 characters, not the e-mail (nor its local part)
 * and not the name, compared trimmed and case-insensitively. Undefined when the password passes.
 */
export function passwordProblem(password: string, who: { email?: string | null; name?: string | null } = {}): PasswordProblem | undefined {
  if (password.length < passwordMinLength) return 'short';
  const p = password.trim().toLowerCase();
  const email = (who.email ?? '').trim().toLowerCase();
  if (email && (p === email || p === email.split('@')[0])) return 'email';
  const name = (who.name ?? '').trim().toLowerCase();
  if (name && (p === name || p === name.replace(/\s+/g, ''))) return 'name';
  return undefined;
}

/**
 * The cookie that hands a sign-in made without JavaScript (the login page's form posted to the
 * server, issue 26) to the web app: the token and the user, JSON %-encoded, for 2 minutes. The app
 * moves them into its storage at its next start and deletes the cookie; the server never reads it.
 */
export const SIGN_IN_HANDOFF_COOKIE = 'shop_signin';
export const SIGN_IN_HANDOFF_SECONDS = 120;

/**
 * Where a sign-in leads when no guard sent the user to the login screen (product.md §4): from
 * /kycu to '/'; from /login an admin or a staff member ('Punonjës') to /warranty and anyone else to /profile.
 */
export const signedInHome = (screen: 'login' | 'kycu', user: { role: string; isAdmin?: boolean }): string =>
  screen === 'kycu' ? '/' : isAdmin(user) || user.role === 'staff' ? '/warranty' : '/profile';
