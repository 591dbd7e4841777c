import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { isAdmin } from '@shop/shared/domain/accounts';
import { shop } from '@shop/shared/domain/shop';
import { authMessages } from '@shop/shared/schemas/auth';
import { twoFactorMessages as twoFactorText } from '@shop/shared/messages-two-factor';
import type { TwoFactorEnabled, TwoFactorSetup } from '@shop/shared/schemas/two-factor';
import type { DbOrTx } from '../db/client';
import { verifyPassword } from '../lib/passwords';
import {
  claimTimeStep,
  clearTwoFactor,
  consumeRecoveryCode,
  findTwoFactorState,
  markTwoFactorEnabled,
  storePendingSecret,
  type TwoFactorState,
} from '../repositories/two-factor';
import { deleteUserSessions } from '../repositories/sessions';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated } from './errors';

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
 */

/** Time steps either side of now a code may come from (30 s each). */
const WINDOW_SECONDS = 30;
const RECOVERY_CODES = 10;
/** No 0/o, 1/i/l: easy to read back from paper. 31 symbols, 10 of them: ~50 bits a code. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const TOTP_ISSUER = shop.name;

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

/**
 * At sign-in, after the password (or Google) proved who it is: an account with two-factor on also
 * needs a code. Unauthenticated with `twoFactorRequired` when it is missing or wrong; the login
 * route's rate limits count these attempts like wrong passwords.
 */
export async function requireSecondFactor(
  db: DbOrTx,
  user: { id: number; totpEnabledAt: Date | null },
  code: string | undefined,
): Promise<void> {
  if (!user.totpEnabledAt) return;
  const typed = code?.trim() ?? '';
  if (!typed) throw new Unauthenticated(twoFactorText.codeRequired, { twoFactorRequired: true });
  const state = await findTwoFactorState(db, user.id);
  if (!state || !(await proveSecondFactor(db, state, typed))) {
    throw new Unauthenticated(twoFactorText.codeWrong, { twoFactorRequired: true });
  }
}

/**
 * With ADMIN_2FA=required, an admin without two-factor may not use the admin routes (only his
 * profile, where he turns it on): Forbidden with `twoFactorSetupRequired`.
 */
export function assertAdminSecondFactor(policy: Policy, user: WithTwoFactorFlag): void {
  if (policy.ADMIN_2FA !== 'required' || !isAdmin(user) || user.twoFactorEnabled) return;
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
  if (!isAdmin(state)) throw new Forbidden(twoFactorText.adminOnly);
  if (state.totpEnabledAt) throw new Conflict(twoFactorText.alreadyEnabled);
  const secret = generateSecret();
  if (!(await storePendingSecret(db, userId, secret))) throw new Conflict(twoFactorText.alreadyEnabled);
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: state.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * Turns two-factor on once a code proves the app holds the pending secret; answers the recovery
 * codes, once. Every other session of the account ends (one opened before, by someone who had the
 * password, would otherwise never meet the second factor); `currentSession` stays.
 */
export async function enableTwoFactor(db: DbOrTx, userId: number, code: string, currentSession?: string): Promise<TwoFactorEnabled> {
  const state = await stateOf(db, userId);
  if (!isAdmin(state)) throw new Forbidden(twoFactorText.adminOnly);
  if (state.totpEnabledAt) throw new Conflict(twoFactorText.alreadyEnabled);
  if (!state.totpSecret) throw new Conflict(twoFactorText.noPendingSetup);
  const step = await totpStep(state.totpSecret, code, null);
  if (step === undefined) throw new Invalid(twoFactorText.codeWrong);
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const hashes = recoveryCodes.map((c) => sha256(canonicalRecovery(c)));
  if (!(await markTwoFactorEnabled(db, userId, state.totpSecret, step, hashes))) throw new Conflict(twoFactorText.noPendingSetup);
  await deleteUserSessions(db, userId, currentSession);
  return { recoveryCodes };
}

/** Turns two-factor off when both the password and a code (or a recovery code) are proved. */
export async function disableTwoFactor(db: DbOrTx, userId: number, password: string, code: string): Promise<void> {
  const state = await stateOf(db, userId);
  if (!state.totpEnabledAt) throw new Conflict(twoFactorText.notEnabled);
  if (!state.passwordHash) throw new Invalid(authMessages.noPasswordYet);
  if (!(await verifyPassword(state.passwordHash, password))) throw new Invalid(twoFactorText.passwordWrong);
  if (!(await proveSecondFactor(db, state, code))) throw new Invalid(twoFactorText.codeWrong);
  await clearTwoFactor(db, userId);
}
