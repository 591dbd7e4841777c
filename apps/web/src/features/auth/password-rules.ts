import { authMessages } from '@shop/shared/schemas/auth';

/*
 * TODO(lead): the accounts engineer adds `passwordProblem` (same signature, same codes) to
 * packages/shared/src/domain/accounts.ts on branch acc-api. Once merged, import it from there and
 * delete the copy below; `passwordProblemText` stays.
 */

/** Why a new password is refused by the rules both sides know (the server also checks its list of common passwords). */
export type PasswordProblem = 'short' | 'email' | 'name';

const passwordMinLength = 8;

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

/** The Albanian reason of each problem: the same texts the server answers with. */
export const passwordProblemText: Record<PasswordProblem, string> = {
  short: authMessages.passwordShort,
  email: authMessages.passwordIsEmail,
  name: authMessages.passwordIsName,
};

/** The reason a new password is refused before any call, or null. */
export function passwordReason(password: string, who: { email?: string | null; name?: string | null } = {}): string | null {
  if (!password) return authMessages.passwordRequired;
  const problem = passwordProblem(password, who);
  return problem ? passwordProblemText[problem] : null;
}

/** The server's reasons that concern the new password itself (the rest are about the link or the account). */
export const passwordReasons: ReadonlySet<string> = new Set([
  authMessages.passwordRequired,
  authMessages.passwordShort,
  authMessages.passwordLong,
  authMessages.passwordCommon,
  authMessages.passwordIsEmail,
  authMessages.passwordIsName,
]);
