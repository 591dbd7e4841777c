import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import { sessionUserColumns, type SessionUser } from './users';

/** A live session and its user, as one request needs them. */
export type SessionWithUser = SessionUser & { sessionUserId: number; twoFactorAt: Date | null };

export async function insertSession(
  db: DbOrTx,
  s: { id: string; userId: number; expiresAt: Date; twoFactorAt?: Date | null },
): Promise<void> {
  await db.insert(sessions).values(s);
}

/** The session `id` with its user, in one query; undefined when it is gone or expired. */
export async function findLiveSession(db: DbOrTx, id: string): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      sessionUserId: sessions.userId,
      twoFactorAt: sessions.twoFactorAt,
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), sql`${sessions.expiresAt} > now()`));
  return row;
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user (but `keep`, when given); returns how many ended. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keep?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Removes expired sessions; returns how many. */
export async function pruneExpiredSessions(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ id: sessions.id });
  return rows.length;
}
