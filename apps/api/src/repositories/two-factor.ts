import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/** What the second factor needs of an account (and the password or Google identity that proves the owner again). */
export interface TwoFactorState {
  id: number;
  email: string;
  name: string;
  role: string;
  passwordHash: string | null;
  googleSub: string | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  /** Wrong codes in a row (every address counted), since the last right one. */
  totpFailures: number;
  /** Seconds left of the pause after too many wrong codes, by the database's clock; 0 when none. */
  pauseLeftSeconds: number;
}

const stateColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  passwordHash: users.passwordHash,
  googleSub: users.googleSub,
  totpSecret: users.totpSecret,
  totpEnabledAt: users.totpEnabledAt,
  totpLastStep: users.totpLastStep,
  totpFailures: users.totpFailures,
  pauseLeftSeconds: sql<number>`coalesce(greatest(0, ceil(extract(epoch from (${users.totpPausedUntil} - now())))), 0)::int`.mapWith(
    Number,
  ),
};

export async function findTwoFactorState(db: DbOrTx, userId: number): Promise<TwoFactorState | undefined> {
  const [row] = await db.select(stateColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The same, by e-mail (any letter case): for the operator's command. */
export async function findTwoFactorStateByEmail(db: DbOrTx, email: string): Promise<TwoFactorState | undefined> {
  const [row] = await db
    .select(stateColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

/**
 * The state with the account's row locked (FOR UPDATE) until the transaction ends: code attempts
 * for one account take turns, so the count of wrong codes and the pause cannot be outrun by
 * attempts sent at once from many addresses.
 */
export async function lockTwoFactorState(tx: DbOrTx, userId: number): Promise<TwoFactorState | undefined> {
  const [row] = await tx.select(stateColumns).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Counts one more wrong code; with `pauseSeconds`, a pause starts now for that long. */
export async function recordCodeFailure(tx: DbOrTx, userId: number, failures: number, pauseSeconds: number | null): Promise<void> {
  await tx
    .update(users)
    .set({
      totpFailures: failures,
      ...(pauseSeconds ? { totpPausedUntil: sql`now() + make_interval(secs => ${pauseSeconds})` } : {}),
    })
    .where(eq(users.id, userId));
}

/** A right code: the count of wrong ones starts again and no pause is left. */
export async function resetCodeFailures(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ totpFailures: 0, totpPausedUntil: null }).where(eq(users.id, userId));
}

/** Replaces every recovery code's hash (the old codes stop working); false when two-factor is off. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: number, codeHashes: string[]): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ recoveryCodeHashes: codeHashes })
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Stores a new pending secret (replacing an earlier pending one); false when two-factor is already on. */
export async function storePendingSecret(db: DbOrTx, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null, recoveryCodeHashes: [] })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Turns two-factor on for the pending secret the code was checked against, remembering the code's
 * time step and the recovery codes' hashes. False when it changed meanwhile (enabled, or set up again).
 */
export async function markTwoFactorEnabled(
  db: DbOrTx,
  userId: number,
  secret: string,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpEnabledAt: sql`now()`, totpLastStep: step, recoveryCodeHashes: codeHashes, totpFailures: 0, totpPausedUntil: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, secret)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Claims a TOTP time step: true only when it is later than every step accepted before, so a code
 * (and any earlier one) is accepted once, also when two requests race.
 */
export async function claimTimeStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Removes one recovery code's hash; true when it was there (each code works once, also under a race). */
export async function consumeRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ recoveryCodeHashes: sql`${users.recoveryCodeHashes} - ${codeHash}::text` })
    .where(
      and(eq(users.id, userId), isNotNull(users.totpEnabledAt), sql`${users.recoveryCodeHashes} @> jsonb_build_array(${codeHash}::text)`),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns two-factor off: secret, step, recovery codes, wrong-code count and pause cleared. */
export async function clearTwoFactor(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [], totpFailures: 0, totpPausedUntil: null })
    .where(eq(users.id, userId));
}
