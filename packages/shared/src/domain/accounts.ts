/** Accounts: the roles and what they may do. */

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

/** A role's name as the profile shows it. */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  user: 'Klient',
};

/** Whether a user is an admin (the role decides; `isAdmin` is the same fact as the API sends it). */
export const isAdmin = (user: { role: string; isAdmin?: boolean } | null | undefined): boolean =>
  !!user && (user.role === 'admin' || user.isAdmin === true);

/**
 * Characters a name may not hold: controls, format characters (the bidi overrides and isolates
 * U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width space, joiners,
 * U+2060, the BOM, the soft hyphen) and the blank fillers that render as nothing (Hangul fillers,
 * the blank Braille pattern). With them one name can be made to look like another in a list.
 */
const HIDDEN_IN_NAMES = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether a name holds a character that hides or reorders text (see HIDDEN_IN_NAMES). */
export const hasHiddenCharacters = (name: string): boolean => HIDDEN_IN_NAMES.test(name);

/** The name without those characters (for names that come from elsewhere, such as Google's). */
export const withoutHiddenCharacters = (name: string): string => name.replace(new RegExp(HIDDEN_IN_NAMES.source, 'gu'), '');

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
