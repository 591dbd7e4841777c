import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { msg } from '@shop/shared/messages';
import { passwordProblem } from '@shop/shared/domain/accounts';
import type { DeliveryDetails } from '@shop/shared/schemas/order';
import { authMessages, type ChangePasswordBody, type Profile, type RegisterBody, type ResetPasswordBody } from '@shop/shared/schemas/auth';
import { isOpenOrder } from '@shop/shared/domain/orders';
import type { Config } from '../config';
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
import { openOrderIds } from '../repositories/orders';
import {
  consumeUserToken,
  findUsableToken,
  insertResetLinkIfDue,
  insertUserToken,
  invalidateUserTokens,
  lockResetRequests,
  type UserTokenPurpose,
} from '../repositories/user-tokens';
import { recordAudit } from './audit';
import { queueMail } from './mail';
import { moveOrder } from './order-status';
import { attachGuestOrders } from '../repositories/orders';
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
    // The guest orders placed with this e-mail are the account's now (decision 042).
    await attachGuestOrders(tx, userId);
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

/** At most one reset mail per address in this time (issue 24 finding 4, decision 026). */
export const resetMailQuietMs = 5 * 60 * 1000;

/** 'Forgot password' never answers sooner than this, whatever the address (finding 12, decision 026). */
export const resetAnswerFloorMs = 50;

/**
 * 'Forgot password': mails a single-use link valid 30 minutes when the address has an active
 * account and no link was mailed to it in the last 5 minutes; says nothing either way (the caller
 * answers the same 202). A newer request leaves older links as they are: each dies at its own
 * expiry, on use, or when the password changes (decision 026).
 *
 * Known, unknown, blocked or quiet, the work is the same (finding 12): one transaction that takes
 * the address's lock and a transaction id (lockResetRequests), reads the account, makes a token
 * and its hash, renders the mail, and runs one conditional statement (insertResetLinkIfDue) that
 * stores the link, the mail and the 'Historiku' entry only when a mail is due; and the answer
 * waits out a floor of resetAnswerFloorMs. `ip` is the client's, kept in the entry.
 */
export async function requestPasswordReset(db: Db, email: string, base: string, ip: string): Promise<boolean> {
  const started = performance.now();
  const sent = await db.transaction(async (tx) => {
    await lockResetRequests(tx, email);
    const user = await findUserByEmail(tx, email);
    const token = crypto.randomBytes(32).toString('base64url');
    const url = `${base}${linkPages['reset-password']}?token=${token}`;
    const mail = resetPasswordMail(user ?? { name: email, email }, url);
    return insertResetLinkIfDue(tx, {
      userId: user?.id ?? null,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + linkValidity['reset-password']),
      quietMs: resetMailQuietMs,
      mail,
      audit: { ip },
    });
  });
  // The statements are the same for every address, but storing a link and a mail still writes a
  // few kilobytes more to the WAL than storing nothing: the answer waits out a floor that covers it.
  const left = resetAnswerFloorMs - (performance.now() - started);
  if (left > 0) await sleep(left);
  return sent;
}

/**
 * Sets a new password from a reset link: the link works once, the rules apply (a refused password
 * leaves the link usable), the address counts as proved, every other reset link stops working
 * (the password they were for is gone), every session ends, and 'Historiku' records it
 * ('password.reset', with the client's IP).
 */
export async function resetPassword(db: Db, body: ResetPasswordBody, ip: string): Promise<void> {
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
    await attachGuestOrders(tx, user.id);
    await invalidateUserTokens(tx, user.id, 'reset-password');
    await deleteUserSessions(tx, user.id);
    await recordAudit(tx, user, { kind: 'password.reset', targetType: 'user', targetId: user.id, before: null, after: { ip } });
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

/** What the order mails' links need (the shop's public address). */
type OrderLinks = Pick<Config, 'PUBLIC_URL' | 'PORT'>;

/**
 * What the squatter of an unverified account leaves when the address's owner takes it over with
 * Google (issue 24 finding 13), in the takeover's transaction: every session and mailed link ends,
 * the open orders placed from the account are cancelled through the one order-status path (stock
 * returned, history entry, the 'cancelled' mail to the now proven address), and 'Historiku' records
 * 'user.google-takeover' with what was removed. The row's name, phone and delivery details were
 * already replaced by takeOverForGoogle. Every open order counts: an address nobody proved cannot
 * tell its owner's orders from a squatter's, and the owner is told by mail (decision 026).
 */
async function clearSquatter(tx: DbOrTx, config: OrderLinks, before: UserRow, after: UserRow): Promise<void> {
  await deleteUserSessions(tx, after.id);
  await invalidateUserTokens(tx, after.id);
  const cancelled: number[] = [];
  for (const orderId of await openOrderIds(tx, after.id)) {
    await moveOrder(tx, config, {
      orderId,
      to: 'cancelled',
      by: { type: 'customer', id: after.id, email: after.email },
      allowed: (from) => isOpenOrder(from),
    });
    cancelled.push(orderId);
  }
  await recordAudit(tx, after, {
    kind: 'user.google-takeover',
    targetType: 'user',
    targetId: after.id,
    before: { email: before.email, name: before.name, phone: before.phone, delivery: before.delivery !== null, password: true },
    after: { email: after.email, name: after.name, phone: null, delivery: false, password: false, cancelledOrders: cancelled },
  });
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
async function findOrCreateGoogleUser(
  db: Db,
  config: OrderLinks,
  identity: GoogleIdentity,
  provenUserId: number | undefined,
  attempt = 0,
): Promise<UserRow> {
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
        const row = await takeOverForGoogle(tx, byEmail.id, identity);
        if (row) await clearSquatter(tx, config, byEmail, row);
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
  return findOrCreateGoogleUser(db, config, identity, provenUserId, attempt + 1);
}

/**
 * Signs in (or up) with a verified Google identity: Conflict for an email linked to another Google
 * account or a verified password account not proved, Forbidden when blocked. `provenUserId`: the
 * account whose valid session sent the request (it proved its password), which may be linked.
 */
export async function signInWithGoogle(
  db: Db,
  identity: GoogleIdentity,
  provenUserId: number | undefined,
  code: string | undefined,
  config: OrderLinks,
): Promise<UserRow> {
  const user = await findOrCreateGoogleUser(db, config, identity, provenUserId);
  if (user.blocked) throw new Forbidden(msg.blocked);
  await requireSecondFactor(db, user, code);
  // Google proved the address: the guest orders placed with it are the account's (decision 042).
  if (user.emailVerified) await attachGuestOrders(db, user.id);
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
