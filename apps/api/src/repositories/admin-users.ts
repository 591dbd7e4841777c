import { and, asc, eq } from 'drizzle-orm';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminUser } from '@shop/shared/schemas/admin';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import type { UserRow } from './users';

/** Never the password hash or the Google subject. */
export const toAdminUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'blocked' | 'createdAt'>): AdminUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isAdmin: u.role === 'admin',
  blocked: u.blocked,
  createdAt: u.createdAt.toISOString(),
});

export async function listUsers(db: DbOrTx): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.id));
  return rows.map(toAdminUser);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the active admins (always first and in id order, so two admin changes never deadlock),
 * then the target row. Returns the target and the ids of the active admins.
 */
async function lockForChange(tx: Tx, targetId: number): Promise<{ target: UserRow; activeAdminIds: number[] }> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.blocked, false)))
    .orderBy(asc(users.id))
    .for('update');
  const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
  if (!target) throw new HttpError(404, adminMsg.userNotFound);
  return { target, activeAdminIds: admins.map((a) => a.id) };
}

/** The last active admin stays: refuses a change that would leave the shop without one. */
function keepAnAdmin(target: UserRow, activeAdminIds: number[]) {
  const isActiveAdmin = target.role === 'admin' && !target.blocked;
  if (isActiveAdmin && activeAdminIds.filter((id) => id !== target.id).length === 0) {
    throw new HttpError(409, adminMsg.lastAdmin);
  }
}

/** Deletes a user; their orders stay (orders.user_id is set to null) and show as 'Anonim'. */
export async function deleteUser(db: Db, actorId: number, targetId: number): Promise<void> {
  if (actorId === targetId) throw new HttpError(409, adminMsg.selfDelete);
  await db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    keepAnAdmin(target, activeAdminIds);
    await tx.delete(users).where(eq(users.id, target.id));
  });
}

export async function setRole(db: Db, actorId: number, targetId: number, role: 'user' | 'admin'): Promise<AdminUser> {
  if (actorId === targetId && role !== 'admin') throw new HttpError(409, adminMsg.selfDemote);
  return db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    if (role === 'user') keepAnAdmin(target, activeAdminIds);
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, target.id)).returning();
    return toAdminUser(row!);
  });
}

/** Toggles the block, or sets it when `blocked` is given. A blocked user can no longer log in or use a token. */
export async function setBlocked(db: Db, actorId: number, targetId: number, blocked?: boolean): Promise<AdminUser> {
  if (actorId === targetId) throw new HttpError(409, adminMsg.selfBlock);
  return db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    const next = blocked ?? !target.blocked;
    if (next) keepAnAdmin(target, activeAdminIds);
    const [row] = await tx.update(users).set({ blocked: next }).where(eq(users.id, target.id)).returning();
    return toAdminUser(row!);
  });
}
