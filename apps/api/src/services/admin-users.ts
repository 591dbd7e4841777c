import { isAdmin, type Role } from '@shop/shared/domain/accounts';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminUser } from '@shop/shared/schemas/admin';
import type { Db, DbOrTx } from '../db/client';
import { deleteUserRow, lockActiveAdmins, lockUser, updateUser } from '../repositories/admin-users';
import type { UserRow } from '../repositories/users';
import { recordAudit, type AuditActor } from './audit';
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

/** What the audit log keeps of a user (never the password hash, the TOTP secret or tokens). */
const auditedUser = (u: Pick<UserRow, 'name' | 'email' | 'role' | 'blocked'>) => ({
  name: u.name,
  email: u.email,
  role: u.role,
  blocked: u.blocked,
});

/** An entry for a change of one user: the changed field, with the e-mail and name to say who. */
const userChange = (
  kind: 'user.role' | 'user.block' | 'user.unblock',
  target: UserRow,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) => {
  const who = { email: target.email, name: target.name };
  return { kind, targetType: 'user' as const, targetId: target.id, before: { ...who, ...before }, after: { ...who, ...after } };
};

/** Deletes a user; their orders stay and show as 'Anonim'. Nobody deletes their own account. */
export async function deleteUser(db: Db, actor: AuditActor, targetId: number): Promise<void> {
  if (actor.id === targetId) throw new Conflict(adminMsg.selfDelete);
  await db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    keepAnAdmin(target, activeAdminIds);
    await deleteUserRow(tx, target.id);
    await recordAudit(tx, actor, {
      kind: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      before: auditedUser(target),
      after: null,
    });
  });
}

/** Sets a role; nobody demotes themselves. */
export async function setRole(db: Db, actor: AuditActor, targetId: number, role: Role): Promise<AdminUser> {
  if (actor.id === targetId && role !== 'admin') throw new Conflict(adminMsg.selfDemote);
  return db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    if (role !== 'admin') keepAnAdmin(target, activeAdminIds);
    // A changed role ends the user's sessions: the next sign-in carries the new role.
    if (role !== target.role) await deleteUserSessions(tx, target.id);
    const row = changed(await updateUser(tx, target.id, { role }));
    if (target.role !== role) await recordAudit(tx, actor, userChange('user.role', target, { role: target.role }, { role }));
    return row;
  });
}

/** Toggles the block, or sets it when `blocked` is given. A blocked user can no longer log in; his sessions end (unblocking revives none). */
export async function setBlocked(db: Db, actor: AuditActor, targetId: number, blocked?: boolean): Promise<AdminUser> {
  if (actor.id === targetId) throw new Conflict(adminMsg.selfBlock);
  return db.transaction(async (tx) => {
    const { target, activeAdminIds } = await lockForChange(tx, targetId);
    const next = blocked ?? !target.blocked;
    if (next) keepAnAdmin(target, activeAdminIds);
    if (next) await deleteUserSessions(tx, target.id);
    const row = changed(await updateUser(tx, target.id, { blocked: next }));
    if (target.blocked !== next) {
      await recordAudit(
        tx,
        actor,
        userChange(next ? 'user.block' : 'user.unblock', target, { blocked: target.blocked }, { blocked: next }),
      );
    }
    return row;
  });
}
