import { passwordProblem, type PasswordProblem } from '@shop/shared/domain/accounts';
import { authMessages, passwordWeakMessages } from '@shop/shared/schemas/auth';

/** The Albanian reason of each problem: the same texts the server answers with. */
export const passwordProblemText: Record<PasswordProblem, string> = {
  short: authMessages.passwordShort,
  email: authMessages.passwordIsEmail,
  name: authMessages.passwordIsName,
};

/**
 * The reason a new password is refused before any call, or null. The browser checks the simple
 * rules only; the server also scores the password with zxcvbn (its dictionaries stay off the
 * page) and answers why a weak one is refused (passwordWeakMessages, shown under the field).
 */
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
  ...Object.values(passwordWeakMessages),
]);
