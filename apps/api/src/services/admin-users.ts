import { isAdmin, type Role } from '@shop/shared/domain/accounts';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminUser } from '@shop/shared/schemas/admin';
import type { Db, DbOrTx } from '../db/client';
import { deleteUserRow, lockActiveAdmins, lockUser, updateUser } from '../repositories/admin-users';
import type { UserRow } from '../repositories/users';
import { deleteUserSessions } from '../repositories/sessions';
import { Conflict, NotFound } from './errors';

/**
 * Locks the active admins (always first and in id order, so two admin changes never deadlock),
 * then the target. Returns the target and the ids of the active admins.
 */
async function lockForChange(tx: DbOrTx, targetId: number): Promise<{ target: UserRow; activeAdminIds: number[] }> {
  const activeAdminIds = await lockActiveAdmins(tx);
  const target = await lockUser(tx, targetId);
  if (!target) throw new NotFound(adminMsg.userNotFound);
  return { target, activeAdminIds };
}

/** The last active admin stays: refuses a change that would leave the shop without one. */
function keepAnAdmin(target: UserRow, activeAdminIds: number[]) {
  const isActiveAdmin = isAdmin(target) && !target.blocked;
  if (isActiveAdmin && activeAdminIds.filter((id) => id !== target.id).length === 0) {
    throw new Conflict(adminMsg.lastAdmin);
  }
}

/** The row of a user changed inside the transaction that locked it. */
const changed = (row: AdminUser | undefined): AdminUser => {
  if (!row) throw new Error('locked user vanished');
  return row;
};

/** Deletes a user; their orders stay and show as 'Anonim'. Nobody deletes their own account. */
export async function deleteUser(db: Db, actorId: number, targetId: number): Promise<void> {
  if (actorId === targetId) throw new Conflict(adminMsg.selfDelete);
  await db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    keepAnAdmin(target, activeAdminIds);
    await deleteUserRow(tx, target.id);
  });
}

/** Sets a role; nobody demotes themselves. A changed role ends the user's sessions. */
export async function setRole(db: Db, actorId: number, targetId: number, role: Role): Promise<AdminUser> {
  if (actorId === targetId && role !== 'admin') throw new Conflict(adminMsg.selfDemote);
  return db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    if (role === 'user') keepAnAdmin(target, activeAdminIds);
    if (role !== target.role) await deleteUserSessions(tx, target.id);
    return changed(await updateUser(tx, target.id, { role }));
  });
}

/** Toggles the block, or sets it when `blocked` is given. A blocked user can no longer log in; his sessions end (unblocking revives none). */
export async function setBlocked(db: Db, actorId: number, targetId: number, blocked?: boolean): Promise<AdminUser> {
  if (actorId === targetId) throw new Conflict(adminMsg.selfBlock);
  return db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    const next = blocked ?? !target.blocked;
    if (next) keepAnAdmin(target, activeAdminIds);
    if (next) await deleteUserSessions(tx, target.id);
    return changed(await updateUser(tx, target.id, { blocked: next }));
  });
}
