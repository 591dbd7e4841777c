import { canStaffMoveOrder, type StaffOrderStatus } from '@shop/shared/domain/orders';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findAdminOrder } from '../repositories/admin-orders';
import { recordAudit, type AuditActor } from './audit';
import { NotFound } from './errors';
import { moveOrder } from './order-status';

/**
 * Staff move an order along domain/orders' transitions (nextStaffStatuses). A move not allowed
 * from the order's status is a Conflict naming both; an unknown id is NotFound. The history entry,
 * the stock of a cancelled order and the customer's e-mail come with the move (services/order-status).
 */
export async function setOrderStatus(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  id: number,
  status: StaffOrderStatus,
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const { before } = await moveOrder(tx, config, {
      orderId: id,
      to: status,
      by: { type: 'staff', id: actor.id, email: actor.email },
      allowed: (from, fulfilment) => canStaffMoveOrder(from, status, fulfilment),
    });
    await recordAudit(tx, actor, {
      kind: 'order.status',
      targetType: 'order',
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
    const order = await findAdminOrder(tx, id);
    if (!order) throw new NotFound(adminMsg.orderNotFound);
    return order;
  });
}
