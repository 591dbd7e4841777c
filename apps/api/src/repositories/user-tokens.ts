import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userTokens, type userTokenPurposes } from '../db/schema';

export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/** Stores a single-use link token (only its hash). */
export async function insertUserToken(
  db: DbOrTx,
  t: { userId: number; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(t);
}

/** The user of an unused, unexpired token, without using it; undefined otherwise. */
export async function findUsableToken(db: DbOrTx, purpose: UserTokenPurpose, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > now()`,
      ),
    );
  return row?.userId;
}

/**
 * Uses a token: marks it used if it is unused and unexpired, in one statement, so two requests
 * with the same token cannot both succeed. Returns its user, or undefined.
 */
export async function consumeUserToken(db: DbOrTx, purpose: UserTokenPurpose, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId;
}

/** Marks a user's unused tokens of a purpose (or of every purpose) used, so older links stop working. */
export async function invalidateUserTokens(db: DbOrTx, userId: number, purpose?: UserTokenPurpose): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt), purpose ? eq(userTokens.purpose, purpose) : undefined));
}

/** Removes used tokens and expired ones older than a day; returns how many. */
export async function pruneUserTokens(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(userTokens)
    .where(or(lt(userTokens.usedAt, sql`now() - interval '1 day'`), lt(userTokens.expiresAt, sql`now() - interval '1 day'`)))
    .returning({ id: userTokens.id });
  return rows.length;
}
