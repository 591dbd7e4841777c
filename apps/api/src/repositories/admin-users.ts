import { and, asc, eq } from 'drizzle-orm';
import { isAdmin, type Role } from '@shop/shared/domain/accounts';
import type { AdminUser } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from './users';

/** Never the password hash, the Google subject or the TOTP secret: only whether two-factor is on. */
export const toAdminUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'blocked' | 'createdAt' | 'totpEnabledAt'>): AdminUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isAdmin: isAdmin(u),
  blocked: u.blocked,
  createdAt: u.createdAt.toISOString(),
  twoFactorEnabled: u.totpEnabledAt !== null,
});

export async function listUsers(db: DbOrTx): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.id));
  return rows.map(toAdminUser);
}

const adminRole: Role = 'admin';

/**
 * Locks the active admins' rows until the end of the transaction, always in id order (so two
 * admin changes never deadlock), and returns their ids.
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, adminRole), eq(users.blocked, false)))
    .orderBy(asc(users.id))
    .for('update');
  return admins.map((a) => a.id);
}

/** Locks one user's row until the end of the transaction; undefined when there is none. */
export async function lockUser(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Deletes a user; their orders stay (orders.user_id is set to null) and show as 'Anonim'. */
export async function deleteUserRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

export async function updateUser(tx: DbOrTx, id: number, change: { role?: Role; blocked?: boolean }): Promise<AdminUser | undefined> {
  const [row] = await tx.update(users).set(change).where(eq(users.id, id)).returning();
  return row && toAdminUser(row);
}
