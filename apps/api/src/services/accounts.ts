import crypto from 'node:crypto';
import { msg } from '@shop/shared/messages';
import { passwordProblem } from '@shop/shared/domain/accounts';
import type { DeliveryDetails } from '@shop/shared/schemas/order';
import { authMessages, type ChangePasswordBody, type Profile, type RegisterBody, type ResetPasswordBody } from '@shop/shared/schemas/auth';
import type { Db, DbOrTx } from '../db/client';
import { getDummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { weakPasswordReason } from '../lib/password-strength';
import { GoogleTokenError, type GoogleIdentity } from '../lib/google-id-token';
import { resetPasswordMail, verifyEmailMail } from '../mail/accounts';
import {
  createCustomer,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  linkGoogleSub,
  markEmailVerified,
  setPasswordHash,
  takeOverForGoogle,
  updateProfile as updateProfileRow,
  type SessionUser,
  type UserRow,
} from '../repositories/users';
import { deleteUserSessions } from '../repositories/sessions';
import {
  consumeUserToken,
  findUsableToken,
  insertUserToken,
  invalidateUserTokens,
  type UserTokenPurpose,
} from '../repositories/user-tokens';
import { queueMail } from './mail';
import { Conflict, Forbidden, Invalid, Unauthenticated, Unavailable } from './errors';
import { requireSecondFactor } from './two-factor';

/** How long the links sent by mail stay valid. */
export const linkValidity = { 'verify-email': 48 * 60 * 60 * 1000, 'reset-password': 30 * 60 * 1000 } as const;

/** Web pages the mailed links open (the token goes in the query). */
const linkPages: Record<UserTokenPurpose, string> = {
  'verify-email': '/verifiko-email',
  'reset-password': '/rivendos-fjalekalimin',
};

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Creates a single-use link token for a user (only its SHA-256 is stored) and returns the link.
 * `base` is the shop's public address.
 */
async function createLink(db: DbOrTx, base: string, userId: number, purpose: UserTokenPurpose): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await insertUserToken(db, { userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + linkValidity[purpose]) });
  return `${base}${linkPages[purpose]}?token=${token}`;
}

/**
 * The password rules (finding 5, issue 24 finding 10): at least 8 characters, not the e-mail or
 * its local part, not the name (domain/accounts.ts), and a zxcvbn score of 3 or more with the
 * user's own name, e-mail and phone as known words (lib/password-strength.ts). Invalid with the
 * reason in Albanian.
 */
export function checkNewPassword(password: string, who: { email: string; name: string; phone?: string | null }): void {
  const problem = passwordProblem(password, who);
  if (problem === 'short') throw new Invalid(authMessages.passwordShort);
  if (problem === 'email') throw new Invalid(authMessages.passwordIsEmail);
  if (problem === 'name') throw new Invalid(authMessages.passwordIsName);
  const weak = weakPasswordReason(password, who);
  if (weak) throw new Invalid(weak);
}

/**
 * Registers a customer (the role is always user; the address unverified) and queues the
 * verification mail in the same transaction. An email taken in any letter case is a Conflict.
 */
export async function register(db: Db, body: RegisterBody, base: string): Promise<UserRow> {
  const { name, email, password, phone } = body;
  checkNewPassword(password, { email, name, phone });
  if (await findUserByEmail(db, email)) throw new Conflict(authMessages.emailTaken);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const user = await createCustomer(tx, { name, email, passwordHash, phone: phone || null });
    if (!user) throw new Conflict(authMessages.emailTaken);
    const url = await createLink(tx, base, user.id, 'verify-email');
    await queueMail(tx, verifyEmailMail(user, url));
    return user;
  });
}

/** Marks the address of a verification link's user proved; the link works once. Invalid for a bad, used or expired one. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, 'verify-email', sha256(token));
    if (userId === undefined) throw new Invalid(authMessages.verifyTokenInvalid);
    await markEmailVerified(tx, userId);
  });
}

/** Sends a new verification link (older unused ones stop working). Conflict when the address is already verified. */
export async function resendVerification(db: Db, user: SessionUser, base: string): Promise<void> {
  if (user.emailVerified) throw new Conflict(authMessages.alreadyVerified);
  await db.transaction(async (tx) => {
    await invalidateUserTokens(tx, user.id, 'verify-email');
    const url = await createLink(tx, base, user.id, 'verify-email');
    await queueMail(tx, verifyEmailMail(user, url));
  });
}

/**
 * 'Forgot password': mails a single-use link valid 30 minutes when the address has an active
 * account; says nothing either way (the caller answers the same). The token is made in both
 * cases, so the work done differs only by two small inserts.
 */
export async function requestPasswordReset(db: Db, email: string, base: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.blocked) {
    sha256(crypto.randomBytes(32).toString('base64url'));
    return;
  }
  await db.transaction(async (tx) => {
    await invalidateUserTokens(tx, user.id, 'reset-password');
    const url = await createLink(tx, base, user.id, 'reset-password');
    await queueMail(tx, resetPasswordMail(user, url));
  });
}

/**
 * Sets a new password from a reset link: the link works once, the rules apply (a refused password
 * leaves the link usable), the address counts as proved, and every session ends.
 */
export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<void> {
  const tokenHash = sha256(body.token);
  const userId = await findUsableToken(db, 'reset-password', tokenHash);
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user) throw new Invalid(authMessages.resetTokenInvalid);
  checkNewPassword(body.password, user);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    if ((await consumeUserToken(tx, 'reset-password', tokenHash)) !== user.id) throw new Invalid(authMessages.resetTokenInvalid);
    await setPasswordHash(tx, user.id, passwordHash);
    await markEmailVerified(tx, user.id);
    await invalidateUserTokens(tx, user.id, 'reset-password');
    await deleteUserSessions(tx, user.id);
  });
}

/**
 * Changes the password of the signed-in user: the current one must be right, the new one pass
 * the rules; every session of the user ends (the caller starts a fresh one). Returns the user.
 */
export async function changePassword(db: Db, sessionUser: SessionUser, body: ChangePasswordBody): Promise<UserRow> {
  const user = await findUserById(db, sessionUser.id);
  if (!user) throw new Unauthenticated(msg.invalidToken);
  if (!user.passwordHash) throw new Invalid(authMessages.noPasswordYet);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw new Invalid(authMessages.currentPasswordWrong);
  checkNewPassword(body.newPassword, user);
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await invalidateUserTokens(tx, user.id, 'reset-password');
    await deleteUserSessions(tx, user.id);
  });
  return user;
}

/** 'Log out everywhere': ends every session of the user. */
export async function logOutEverywhere(db: DbOrTx, userId: number): Promise<void> {
  await deleteUserSessions(db, userId);
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
 * The account of a verified Google identity (finding 1):
 * - the one already linked to its `sub`;
 * - else the one with its email: an address nobody proved (a password account never verified) is
 *   taken over: its password removed, the address verified, the identity linked, every session
 *   ended, so whoever registered it first is out. A verified password account is linked only when
 *   the request comes from that account's own session (the password was proved), else Conflict
 *   googleNeedsPassword. An account without password (or with the identity) is linked;
 * - else a new customer, verified.
 * An email linked to another Google account is a Conflict. A blocked account is returned unchanged
 * (the caller refuses it).
 */
async function findOrCreateGoogleUser(db: Db, identity: GoogleIdentity, provenUserId: number | undefined, attempt = 0): Promise<UserRow> {
  const bySub = await findUserByGoogleSub(db, identity.sub);
  if (bySub) return bySub;

  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw new Conflict(authMessages.googleAccountConflict);
    if (byEmail.blocked) return byEmail;
    if (byEmail.passwordHash && !byEmail.emailVerified) {
      // Always, even from that account's own session: a session proves the password, not the address
      // (a '?token=' link can put a victim's browser in an attacker's account).
      const taken = await db.transaction(async (tx) => {
        const row = await takeOverForGoogle(tx, byEmail.id, identity.sub);
        if (row) {
          await deleteUserSessions(tx, row.id);
          await invalidateUserTokens(tx, row.id);
        }
        return row;
      });
      if (taken) return taken;
    } else if (byEmail.passwordHash && provenUserId !== byEmail.id) {
      throw new Conflict(authMessages.googleNeedsPassword);
    } else {
      // An account without password, or a verified one from its own session (its password proved): link.
      const linked = await linkGoogleSub(db, byEmail.id, identity.sub);
      if (linked) return linked;
    }
  } else {
    const created = await createCustomer(db, {
      name: identity.name,
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
      emailVerified: true,
    });
    if (created) return created;
  }
  // Lost a race with a concurrent sign-in or registration of the same email: look again, once.
  if (attempt > 0) throw new Conflict(authMessages.googleAccountConflict);
  return findOrCreateGoogleUser(db, identity, provenUserId, attempt + 1);
}

/**
 * Signs in (or up) with a verified Google identity: Conflict for an email linked to another Google
 * account or a verified password account not proved, Forbidden when blocked. `provenUserId`: the
 * account whose valid session sent the request (it proved its password), which may be linked.
 */
export async function signInWithGoogle(db: Db, identity: GoogleIdentity, provenUserId?: number, code?: string): Promise<UserRow> {
  const user = await findOrCreateGoogleUser(db, identity, provenUserId);
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
  phone: user.phone,
  delivery: user.delivery,
});

/**
 * The customer edits the profile: the name, the phone ('' clears it) and the delivery details
 * offered at checkout (null clears them; left out, they stay). Answers the new profile.
 */
export async function updateProfile(
  db: DbOrTx,
  user: SessionUser,
  body: { name: string; phone?: string; delivery?: DeliveryDetails | null },
): Promise<Profile> {
  const updated = await updateProfileRow(db, user.id, {
    name: body.name,
    ...(body.phone !== undefined ? { phone: body.phone === '' ? null : body.phone } : {}),
    ...(body.delivery !== undefined ? { delivery: body.delivery } : {}),
  });
  if (!updated) throw new Unauthenticated(msg.invalidToken);
  return profileOf(updated);
}
