import { statusesBefore, type StaffOrderStatus } from '@shop/shared/domain/orders';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { findAdminOrder, moveOrderStatus, orderExists } from '../repositories/admin-orders';
import { Conflict, NotFound } from './errors';

/**
 * Staff move an order along domain/orders' transitions (a pending order to delivered or
 * cancelled, once). An order in any other status is a Conflict; an unknown id is NotFound.
 */
export async function setOrderStatus(db: DbOrTx, id: number, status: StaffOrderStatus): Promise<AdminOrder> {
  if (!(await moveOrderStatus(db, id, statusesBefore(status), status))) {
    throw (await orderExists(db, id)) ? new Conflict(adminMsg.orderNotPending) : new NotFound(adminMsg.orderNotFound);
  }
  const order = await findAdminOrder(db, id);
  if (!order) throw new NotFound(adminMsg.orderNotFound);
  return order;
}
