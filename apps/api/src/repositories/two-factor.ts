import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/** What the second factor needs of an account (and the password, for turning it off). */
export interface TwoFactorState {
  id: number;
  email: string;
  role: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
}

export async function findTwoFactorState(db: DbOrTx, userId: number): Promise<TwoFactorState | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
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
    .set({ totpEnabledAt: sql`now()`, totpLastStep: step, recoveryCodeHashes: codeHashes })
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

/** Turns two-factor off: secret, step and recovery codes cleared. */
export async function clearTwoFactor(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] })
    .where(eq(users.id, userId));
}
