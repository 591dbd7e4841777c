import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { entersStaffArea } from '@shop/shared/domain/permissions';
import { shop } from '@shop/shared/domain/shop';
import { twoFactorMessages as twoFactorText } from '@shop/shared/messages-two-factor';
import { adminMsg } from '@shop/shared/messages-admin';
import type { ReauthBody, TwoFactorEnabled, TwoFactorSetup } from '@shop/shared/schemas/two-factor';
import type { Db, DbOrTx } from '../db/client';
import type { GoogleIdentity } from '../lib/google-id-token';
import { verifyPassword } from '../lib/passwords';
import {
  claimTimeStep,
  clearTwoFactor,
  consumeRecoveryCode,
  findTwoFactorState,
  findTwoFactorStateByEmail,
  lockTwoFactorState,
  markTwoFactorEnabled,
  recordCodeFailure,
  replaceRecoveryCodes,
  resetCodeFailures,
  storePendingSecret,
  type TwoFactorState,
} from '../repositories/two-factor';
import { deleteUserSessions } from '../repositories/sessions';
import {
  recoveryCodesMail,
  twoFactorClearedMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
  twoFactorPausedMail,
} from '../mail/two-factor';
import { recordAudit, type AuditActor, type AuditWho } from './audit';
import { queueMail } from './mail';
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthenticated, type DomainError } from './errors';

/**
 * Admin two-factor sign-in (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app
 * reads a QR code), with ten one-time recovery codes.
 *
 * - A code is accepted one step either side of now (clock drift), and never twice: the accepted
 *   time step is stored (users.totp_last_step) and a code of that step or an earlier one is refused.
 * - Recovery codes are 10 random characters (50 bits) shown once; only their SHA-256 is stored,
 *   and a used one is removed in the same statement that checks it.
 * - The secret itself is stored as is (an authenticator needs it in clear to make codes); a
 *   database backup must be kept as safe as the JWT secret it also holds.
 * - Every change (enable, disable, new recovery codes) asks the owner to prove it again: the
 *   current password, or for a Google-only account a Google sign-in of the last minutes; each
 *   change, an admin's clearing and a pause are written to 'Historiku' and mailed to the account
 *   in the transaction of the change (issue 24 finding 2, decision 025).
 * - Wrong codes are counted per account, from every address: from the 5th in a row on, a pause
 *   of 30 s that doubles with each further wrong code up to 15 min; during it no code is checked
 *   (429 with Retry-After). A right code starts the count again (finding 5, decision 025).
 */

/** Time steps either side of now a code may come from (30 s each). */
const WINDOW_SECONDS = 30;
const RECOVERY_CODES = 10;
/** No 0/o, 1/i/l: easy to read back from paper. 31 symbols, 10 of them: ~50 bits a code. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const TOTP_ISSUER = shop.name;

/** Wrong codes in a row before the first pause. */
export const CODE_FAILURES_BEFORE_PAUSE = 5;
/** The first pause; each further wrong code doubles it, up to the longest. */
export const FIRST_PAUSE_SECONDS = 30;
export const LONGEST_PAUSE_SECONDS = 15 * 60;
/** How recent a Google sign-in must be to stand in for the password of an account without one. */
export const FRESH_GOOGLE_SIGN_IN_SECONDS = 5 * 60;

/** The pause that starts after the `failures`-th wrong code in a row; null before the threshold. */
export function pauseAfterFailures(failures: number): number | null {
  if (failures < CODE_FAILURES_BEFORE_PAUSE) return null;
  const doublings = Math.min(failures - CODE_FAILURES_BEFORE_PAUSE, 20);
  return Math.min(LONGEST_PAUSE_SECONDS, FIRST_PAUSE_SECONDS * 2 ** doublings);
}

/** Checks a Google ID token (the route's verifier with the request's logger); refuses a bad one. */
export type GoogleCheck = (token: string) => Promise<GoogleIdentity>;

/** What a two-factor change needs beside the body: the Google check and the session that stays. */
export interface ChangeContext {
  verifyGoogle?: GoogleCheck;
  /** The session that asked: it stays when the others end. */
  currentSession?: string;
}

type Policy = { ADMIN_2FA: 'optional' | 'required' };
type WithTwoFactorFlag = { role: string; twoFactorEnabled: boolean };

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A recovery code as typed, in its stored form: lower case, no spaces or dashes. */
const canonicalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The time step of a TOTP code valid now (±1 step) and after `afterStep`; undefined otherwise. */
async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: WINDOW_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // otplib refuses an afterTimeStep beyond the window (a clock set back): not a valid code.
    return undefined;
  }
}

/**
 * Proves the second factor of an account with two-factor on: a TOTP code of a step not used
 * before, or an unused recovery code (then used up). False for anything else.
 */
async function proveSecondFactor(db: DbOrTx, state: TwoFactorState, code: string): Promise<boolean> {
  if (!state.totpEnabledAt || !state.totpSecret) return false;
  const step = await totpStep(state.totpSecret, code, state.totpLastStep);
  if (step !== undefined) return claimTimeStep(db, state.id, step);
  const recovery = canonicalRecovery(code);
  if (recovery.length !== 10) return false;
  return consumeRecoveryCode(db, state.id, sha256(recovery));
}

/** The account as the audit log and the mails name it. */
const who = (state: TwoFactorState) => ({ email: state.email, name: state.name });
const selfActor = (state: TwoFactorState): AuditActor => ({ id: state.id, email: state.email });

/**
 * The owner proves it again before a change (finding 2): the current password when the account has
 * one; else (Google only) the ID token of a Google sign-in of the last few minutes, for this
 * account's Google identity. Invalid with the reason otherwise, before anything changes.
 */
async function proveOwner(state: TwoFactorState, proof: ReauthBody, verifyGoogle: GoogleCheck | undefined): Promise<void> {
  if (state.passwordHash) {
    if (!proof.password) throw new Invalid(twoFactorText.currentPasswordRequired);
    if (!(await verifyPassword(state.passwordHash, proof.password))) throw new Invalid(twoFactorText.passwordWrong);
    return;
  }
  if (!proof.googleToken || !verifyGoogle || !state.googleSub) throw new Invalid(twoFactorText.googleRequired);
  const identity = await verifyGoogle(proof.googleToken);
  if (identity.sub !== state.googleSub) throw new Invalid(twoFactorText.googleOtherAccount);
  if (Date.now() / 1000 - identity.issuedAt > FRESH_GOOGLE_SIGN_IN_SECONDS) throw new Invalid(twoFactorText.googleStale);
}

type CodeOutcome = { kind: 'ok'; state: TwoFactorState } | { kind: 'wrong' } | { kind: 'paused'; seconds: number } | { kind: 'off' };

/**
 * One attempt at the second factor of an account with two-factor on, in a transaction that locks
 * the account's row (attempts for one account take turns, from every address):
 * - during a pause the code is not checked at all: `paused` with the seconds left;
 * - a right code starts the count of wrong ones again; `then` runs in the same transaction (the
 *   change the code was asked for, so a failing change leaves the code unused);
 * - a wrong one is counted, and from the 5th in a row a pause starts, written to 'Historiku'
 *   (kind two-factor.pause, the account as its actor) and mailed to the owner, committed with it.
 */
async function attemptCode(
  db: DbOrTx,
  userId: number,
  code: string,
  then?: (tx: DbOrTx, state: TwoFactorState) => Promise<void>,
): Promise<CodeOutcome> {
  return db.transaction(async (tx) => {
    const state = await lockTwoFactorState(tx, userId);
    if (!state?.totpEnabledAt) return { kind: 'off' } as const;
    if (state.pauseLeftSeconds > 0) return { kind: 'paused', seconds: state.pauseLeftSeconds } as const;
    if (await proveSecondFactor(tx, state, code)) {
      if (state.totpFailures > 0) await resetCodeFailures(tx, userId);
      await then?.(tx, state);
      return { kind: 'ok', state } as const;
    }
    const failures = state.totpFailures + 1;
    const pause = pauseAfterFailures(failures);
    await recordCodeFailure(tx, userId, failures, pause);
    if (pause) {
      await recordAudit(tx, selfActor(state), {
        kind: 'two-factor.pause',
        targetType: 'user',
        targetId: state.id,
        before: { ...who(state), failures: failures - 1 },
        after: { ...who(state), failures, pauseSeconds: pause },
      });
      await queueMail(tx, twoFactorPausedMail(state, new Date(), failures, pause));
    }
    return { kind: 'wrong' } as const;
  });
}

/** Throws for every outcome but a right code: 429 (Retry-After) in a pause, `wrong()` for a wrong code. */
function requireRightCode(outcome: CodeOutcome, wrong: () => DomainError): TwoFactorState {
  if (outcome.kind === 'ok') return outcome.state;
  if (outcome.kind === 'paused') throw new TooManyRequests(twoFactorText.paused(outcome.seconds), {}, outcome.seconds);
  if (outcome.kind === 'off') throw new Conflict(twoFactorText.notEnabled);
  throw wrong();
}

/**
 * At sign-in, after the password (or Google) proved who it is: an account with two-factor on also
 * needs a code. Unauthenticated with `twoFactorRequired` when it is missing or wrong; 429 with
 * Retry-After during a pause after too many wrong codes (the code is not checked then). The login
 * route's rate limits count these attempts like wrong passwords, per address; the pause counts
 * them per account, from every address.
 */
export async function requireSecondFactor(
  db: DbOrTx,
  user: { id: number; totpEnabledAt: Date | null },
  code: string | undefined,
): Promise<void> {
  if (!user.totpEnabledAt) return;
  const typed = code?.trim() ?? '';
  if (!typed) throw new Unauthenticated(twoFactorText.codeRequired, { twoFactorRequired: true });
  const outcome = await attemptCode(db, user.id, typed);
  // Turned off meanwhile (another session disabled it): the code is not needed any more.
  if (outcome.kind === 'off') return;
  requireRightCode(outcome, () => new Unauthenticated(twoFactorText.codeWrong, { twoFactorRequired: true }));
}

/**
 * With ADMIN_2FA=required, an admin or a staff member ('Punonjës', decision 041) without two-factor
 * may not use the admin routes (only his profile, where he turns it on): Forbidden with `twoFactorSetupRequired`.
 */
export function assertAdminSecondFactor(policy: Policy, user: WithTwoFactorFlag): void {
  if (policy.ADMIN_2FA !== 'required' || !entersStaffArea(user) || user.twoFactorEnabled) return;
  throw new Forbidden(twoFactorText.setupRequired, { twoFactorSetupRequired: true });
}

async function stateOf(db: DbOrTx, userId: number): Promise<TwoFactorState> {
  const state = await findTwoFactorState(db, userId);
  if (!state) throw new NotFound(twoFactorText.notEnabled);
  return state;
}

/** Starts the setup: a new secret, stored but not yet enabled, as an otpauth:// URI and its QR code. */
export async function startTwoFactorSetup(db: DbOrTx, userId: number): Promise<TwoFactorSetup> {
  const state = await stateOf(db, userId);
  if (!entersStaffArea(state)) throw new Forbidden(twoFactorText.adminOnly);
  if (state.totpEnabledAt) throw new Conflict(twoFactorText.alreadyEnabled);
  const secret = generateSecret();
  if (!(await storePendingSecret(db, userId, secret))) throw new Conflict(twoFactorText.alreadyEnabled);
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: state.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** Ten new recovery codes and their stored hashes. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  return { codes, hashes: codes.map((c) => sha256(canonicalRecovery(c))) };
}

/**
 * Turns two-factor on once the owner proved it again (password, or a fresh Google sign-in) and a
 * code proves the app holds the pending secret; answers the recovery codes, once. Every other
 * session of the account ends (one opened before, by someone who had the password, would otherwise
 * never meet the second factor); `currentSession` stays. Audited and mailed.
 */
export async function enableTwoFactor(
  db: Db,
  userId: number,
  body: ReauthBody & { code: string },
  ctx: ChangeContext = {},
): Promise<TwoFactorEnabled> {
  const state = await stateOf(db, userId);
  if (!entersStaffArea(state)) throw new Forbidden(twoFactorText.adminOnly);
  if (state.totpEnabledAt) throw new Conflict(twoFactorText.alreadyEnabled);
  if (!state.totpSecret) throw new Conflict(twoFactorText.noPendingSetup);
  await proveOwner(state, body, ctx.verifyGoogle);
  const step = await totpStep(state.totpSecret, body.code, null);
  if (step === undefined) throw new Invalid(twoFactorText.codeWrong);
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await markTwoFactorEnabled(tx, userId, state.totpSecret!, step, hashes))) throw new Conflict(twoFactorText.noPendingSetup);
    await deleteUserSessions(tx, userId, ctx.currentSession);
    await recordAudit(tx, selfActor(state), {
      kind: 'two-factor.enable',
      targetType: 'user',
      targetId: state.id,
      before: { ...who(state), twoFactor: false },
      after: { ...who(state), twoFactor: true },
    });
    await queueMail(tx, twoFactorEnabledMail(state, new Date()));
  });
  return { recoveryCodes: codes };
}

/**
 * Turns two-factor off when the owner proved it again and a code (or a recovery code) is right;
 * the code counts toward the pause like one typed at sign-in. Audited and mailed.
 */
export async function disableTwoFactor(
  db: Db,
  userId: number,
  body: ReauthBody & { code: string },
  ctx: ChangeContext = {},
): Promise<void> {
  const state = await stateOf(db, userId);
  if (!state.totpEnabledAt) throw new Conflict(twoFactorText.notEnabled);
  await proveOwner(state, body, ctx.verifyGoogle);
  const outcome = await attemptCode(db, userId, body.code.trim(), async (tx, locked) => {
    await clearTwoFactor(tx, userId);
    await recordAudit(tx, selfActor(locked), {
      kind: 'two-factor.disable',
      targetType: 'user',
      targetId: locked.id,
      before: { ...who(locked), twoFactor: true },
      after: { ...who(locked), twoFactor: false },
    });
    await queueMail(tx, twoFactorDisabledMail(locked, new Date()));
  });
  requireRightCode(outcome, () => new Invalid(twoFactorText.codeWrong));
}

/**
 * New recovery codes (the old ones stop working), when the owner proved it again and a code (or
 * a recovery code) is right. Answers the ten new codes, once. Audited and mailed.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: number,
  body: ReauthBody & { code: string },
  ctx: ChangeContext = {},
): Promise<TwoFactorEnabled> {
  const state = await stateOf(db, userId);
  if (!state.totpEnabledAt) throw new Conflict(twoFactorText.notEnabled);
  await proveOwner(state, body, ctx.verifyGoogle);
  const { codes, hashes } = newRecoveryCodes();
  const outcome = await attemptCode(db, userId, body.code.trim(), async (tx, locked) => {
    if (!(await replaceRecoveryCodes(tx, userId, hashes))) throw new Conflict(twoFactorText.notEnabled);
    await recordAudit(tx, selfActor(locked), {
      kind: 'two-factor.recovery-codes',
      targetType: 'user',
      targetId: locked.id,
      before: { ...who(locked), recoveryCodes: 'të vjetrat' },
      after: { ...who(locked), recoveryCodes: `${RECOVERY_CODES} të reja` },
    });
    await queueMail(tx, recoveryCodesMail(locked, new Date()));
  });
  requireRightCode(outcome, () => new Invalid(twoFactorText.codeWrong));
  return { recoveryCodes: codes };
}

/**
 * The recovery process (decision 025): two-factor of an account that lost its app and codes is
 * cleared by someone else: another admin (who proves his own password again) or, for the last
 * admin, the operator's command on the server. The account's sessions end; the owner signs in
 * with the password (a mailed reset first, if needed) and turns it on again. Audited as
 * two-factor.clear with the one who cleared it as actor, and mailed to the account.
 */
async function clearFor(db: Db, actor: AuditWho, target: { id: number } | { email: string }): Promise<TwoFactorState> {
  return db.transaction(async (tx) => {
    const found = 'id' in target ? await lockTwoFactorState(tx, target.id) : await findTwoFactorStateByEmail(tx, target.email);
    if (!found) throw new NotFound(adminMsg.userNotFound);
    const state = 'id' in target ? found : await lockTwoFactorState(tx, found.id);
    if (!state?.totpEnabledAt) throw new Conflict(twoFactorText.targetNotEnabled);
    await clearTwoFactor(tx, state.id);
    await deleteUserSessions(tx, state.id);
    await recordAudit(tx, actor, {
      kind: 'two-factor.clear',
      targetType: 'user',
      targetId: state.id,
      before: { ...who(state), twoFactor: true },
      after: { ...who(state), twoFactor: false },
    });
    await queueMail(tx, twoFactorClearedMail(state, new Date(), actor.email));
    return state;
  });
}

/** An admin clears another account's two-factor; never his own (he disables it on his profile). */
export async function clearTwoFactorByAdmin(
  db: Db,
  actor: AuditActor,
  targetId: number,
  proof: ReauthBody,
  ctx: ChangeContext = {},
): Promise<void> {
  if (actor.id === targetId) throw new Conflict(twoFactorText.selfClear);
  const self = await stateOf(db, actor.id);
  await proveOwner(self, proof, ctx.verifyGoogle);
  await clearFor(db, actor, { id: targetId });
}

/** The operator's command (`npm run two-factor:clear EMAIL`): for the last admin, when no other admin can. */
export async function clearTwoFactorByOperator(db: Db, email: string, operator: string): Promise<TwoFactorState> {
  return clearFor(db, { id: null, email: operator }, { email });
}
