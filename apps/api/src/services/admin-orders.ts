import { statusesBefore, type StaffOrderStatus } from '@shop/shared/domain/orders';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import type { Db } from '../db/client';
import { findAdminOrder, lockOrderStatus, moveOrderStatus } from '../repositories/admin-orders';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, NotFound } from './errors';

/**
 * Staff move an order along domain/orders' transitions (a pending order to delivered or
 * cancelled, once). An order in any other status is a Conflict; an unknown id is NotFound.
 */
export async function setOrderStatus(db: Db, actor: AuditActor, id: number, status: StaffOrderStatus): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    // The lock makes the status read here the one the move starts from (two admins clicking at once wait in turn).
    const before = await lockOrderStatus(tx, id);
    if (before === undefined) throw new NotFound(adminMsg.orderNotFound);
    if (!(await moveOrderStatus(tx, id, statusesBefore(status), status))) throw new Conflict(adminMsg.orderNotPending);
    await recordAudit(tx, actor, {
      kind: 'order.status',
      targetType: 'order',
      targetId: id,
      before: { status: before },
      after: { status },
    });
    const order = await findAdminOrder(tx, id);
    if (!order) throw new NotFound(adminMsg.orderNotFound);
    return order;
  });
}
