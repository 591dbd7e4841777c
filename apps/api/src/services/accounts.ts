import { msg } from '@shop/shared/messages';
import { authMessages, type Profile, type RegisterBody } from '@shop/shared/schemas/auth';
import type { DbOrTx } from '../db/client';
import { getDummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { GoogleTokenError, type GoogleIdentity } from '../lib/google-id-token';
import { createCustomer, findUserByEmail, findUserByGoogleSub, linkGoogleSub, type SessionUser, type UserRow } from '../repositories/users';
import { Conflict, Forbidden, Unauthenticated, Unavailable } from './errors';
import { requireSecondFactor } from './two-factor';

/** Registers a customer (the role is always user); an email taken in any letter case is a Conflict. */
export async function register(db: DbOrTx, body: RegisterBody): Promise<UserRow> {
  const { name, email, password, phone } = body;
  if (await findUserByEmail(db, email)) throw new Conflict(authMessages.emailTaken);
  const passwordHash = await hashPassword(password);
  const user = await createCustomer(db, { name, email, passwordHash, phone: phone || null });
  if (!user) throw new Conflict(authMessages.emailTaken);
  return user;
}

/** Email and password: a wrong one of either is the same Unauthenticated; a blocked account is Forbidden. */
export async function logIn(db: DbOrTx, email: string, password: string, code?: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  // Verify against a dummy hash when there is no such account (or it has no password, as
  // with Google-only accounts), so the timing says nothing about which accounts exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !user.passwordHash || !ok) throw new Unauthenticated(authMessages.invalidCredentials);
  if (user.blocked) throw new Forbidden(msg.blocked);
  await requireSecondFactor(db, user, code);
  return user;
}

/** Where the Google check writes why a token was refused (the request's logger). */
interface Log {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

/**
 * The verified identity of a Google ID token. Unavailable when Google sign-in is not configured or
 * Google's keys cannot be read; Unauthenticated for a token that does not verify.
 */
export async function verifyGoogleIdentity(
  verify: ((token: string) => Promise<GoogleIdentity>) | undefined,
  token: string,
  log: Log,
): Promise<GoogleIdentity> {
  if (!verify) throw new Unavailable(authMessages.googleNotConfigured);
  try {
    return await verify(token);
  } catch (err) {
    if (!(err instanceof GoogleTokenError)) throw err;
    if (err.reason === 'unavailable') {
      log.warn({ err: err.cause }, 'google key set unavailable');
      throw new Unavailable(authMessages.googleUnavailable);
    }
    log.info({ reason: err.reason, cause: (err.cause as Error | undefined)?.message }, 'google token refused');
    throw new Unauthenticated(err.reason === 'unverified-email' ? authMessages.googleEmailUnverified : authMessages.googleInvalid);
  }
}

/**
 * The account of a verified Google identity: the one already linked to its `sub`, else the one
 * with its (verified) email, which then gets linked, else a new customer. An email already linked
 * to another Google account is a conflict. A blocked account is returned unchanged (the caller
 * refuses it). Undefined for a conflict.
 */
async function findOrCreateGoogleUser(db: DbOrTx, identity: GoogleIdentity, attempt = 0): Promise<UserRow | undefined> {
  const bySub = await findUserByGoogleSub(db, identity.sub);
  if (bySub) return bySub;

  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) return undefined;
    if (byEmail.blocked) return byEmail;
    const linked = await linkGoogleSub(db, byEmail.id, identity.sub);
    if (linked) return linked;
  } else {
    const created = await createCustomer(db, { name: identity.name, email: identity.email, passwordHash: null, googleSub: identity.sub });
    if (created) return created;
  }
  // Lost a race with a concurrent sign-in or registration of the same email: look again, once.
  if (attempt > 0) return undefined;
  return findOrCreateGoogleUser(db, identity, attempt + 1);
}

/** Signs in (or up) with a verified Google identity: Conflict for an email linked to another Google account, Forbidden when blocked. */
export async function signInWithGoogle(db: DbOrTx, identity: GoogleIdentity, code?: string): Promise<UserRow> {
  const user = await findOrCreateGoogleUser(db, identity);
  if (!user) throw new Conflict(authMessages.googleAccountConflict);
  if (user.blocked) throw new Forbidden(msg.blocked);
  await requireSecondFactor(db, user, code);
  return user;
}

/** The signed-in user's profile. */
export const profileOf = (user: SessionUser): Profile => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  hasPassword: user.hasPassword,
  twoFactorEnabled: user.twoFactorEnabled,
});
