import { vatIncludedCents, type StaffOrderStatus } from '@shop/shared/domain/orders';
import { canStaffMoveOrder, nextStaffStatuses } from '@shop/shared/domain/order-moves';
import { mayReceiveCash, paidEnoughToShip } from '@shop/shared/domain/payments';
import { findCourier, trackingUrl } from '@shop/shared/domain/shop-settings';
import { toEuros } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrder, AdminOrderMove, AdminOrderDetail, AdminOrderPage, AdminOrderSearchQuery } from '@shop/shared/schemas/admin';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { findAdminOrder, findAdminOrderWithRow, searchAdminOrders, type OrderSort } from '../repositories/admin-orders';
import type { SortDirection } from '@shop/shared/domain/admin-lists';
import { loadOrderHistory } from '../repositories/order-history';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, Invalid, NotFound } from './errors';
import { getShopSettings } from './shop-settings';
import { lockOrder, setOrderCashReceived, setOrderPaid, setOrderShipment } from '../repositories/orders';
import { moveOrder } from './order-status';
import type { OrderLineUnits } from '@shop/shared/schemas/units';
import { inStockImeis, orderLinesWithVariants } from '../repositories/units';

/**
 * Staff move an order along domain/orders' transitions (nextStaffStatuses). A move not allowed
 * from the order's status is a Conflict naming both; an unknown id is NotFound. The history entry,
 * the stock of a cancelled order and the customer's e-mail come with the move (services/order-status).
 * Decision 052: the answer carries the gift cards the move made (their codes this once, for the inserts).
 */
export async function setOrderStatus(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  id: number,
  status: StaffOrderStatus,
  units?: OrderLineUnits,
  shipment?: { courier?: string; trackingNumber?: string },
): Promise<AdminOrderMove> {
  // Decision 043: a courier and a tracking number go together, and only with 'shipped'.
  const giveShipment = shipment?.courier !== undefined || shipment?.trackingNumber !== undefined;
  if (giveShipment && (status !== 'shipped' || !shipment?.courier || !shipment.trackingNumber)) throw new Invalid(adminMsg.courierNeeded);
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) throw new NotFound(adminMsg.orderNotFound);
    // A transfer order is sent or handed over only once paid (decision 043).
    if (
      (status === 'shipped' || status === 'delivered') &&
      canStaffMoveOrder(row.status, status, row.fulfilment) &&
      !paidEnoughToShip(row)
    ) {
      throw new Conflict(adminMsg.notPaidYet);
    }
    let sent: { courier: string; trackingNumber: string; trackingUrl: string | null } | undefined;
    if (giveShipment && canStaffMoveOrder(row.status, status, row.fulfilment)) {
      const courier = findCourier(await getShopSettings(tx), shipment!.courier);
      if (!courier) throw new Invalid(adminMsg.courierUnknown(shipment!.courier!));
      sent = {
        courier: courier.name,
        trackingNumber: shipment!.trackingNumber!,
        trackingUrl: trackingUrl(courier, shipment!.trackingNumber),
      };
      await setOrderShipment(tx, id, sent);
    }
    const { before, giftCards } = await moveOrder(tx, config, {
      orderId: id,
      to: status,
      by: { type: 'staff', id: actor.id, email: actor.email },
      allowed: (from, fulfilment) => canStaffMoveOrder(from, status, fulfilment),
      units,
    });
    await recordAudit(tx, actor, {
      kind: 'order.status',
      targetType: 'order',
      targetId: id,
      before: { status: before.status },
      after: {
        status,
        ...(units && units.length > 0 ? { imeis: units.flatMap((u) => u.imeis) } : {}),
        ...(sent ? { courier: sent.courier, trackingNumber: sent.trackingNumber } : {}),
        // Never the codes: the cards by their last 4 characters and whether they wait for the delivery.
        ...(giftCards.length > 0 ? { giftCards: giftCards.map((c) => `…${c.last4}${c.waiting ? ' (pret dorëzimin)' : ''}`) } : {}),
      },
    });
    const order = await findAdminOrder(tx, id);
    if (!order) throw new NotFound(adminMsg.orderNotFound);
    return giftCards.length > 0 ? { ...order, giftCards } : order;
  });
}

/** POST /api/admin/orders/{id}/paid: a transfer order's money arrived (decision 043), audited. */
export async function markOrderPaid(db: Db, actor: AuditActor, id: number): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) throw new NotFound(adminMsg.orderNotFound);
    if (row.paymentMethod !== 'transfer') throw new Conflict(adminMsg.notTransfer);
    if (row.paidAt) throw new Conflict(adminMsg.alreadyPaid);
    if (row.status === 'cancelled') throw new Conflict(adminMsg.paidClosed);
    const at = new Date();
    await setOrderPaid(tx, id, at);
    await recordAudit(tx, actor, {
      kind: 'order.paid',
      targetType: 'order',
      targetId: id,
      before: { paidAt: null },
      after: { paidAt: at.toISOString() },
    });
    const order = await findAdminOrder(tx, id);
    if (!order) throw new NotFound(adminMsg.orderNotFound);
    return order;
  });
}

/** POST /api/admin/orders/{id}/cash-received: 'Para të pranuara', the courier's cash of an order on delivery (decision 043). */
export async function markCashReceived(db: Db, actor: AuditActor, id: number): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) throw new NotFound(adminMsg.orderNotFound);
    if (!mayReceiveCash(row)) throw new Conflict(adminMsg.cashNotDue);
    const at = new Date();
    await setOrderCashReceived(tx, id, at);
    await recordAudit(tx, actor, {
      kind: 'order.cash-received',
      targetType: 'order',
      targetId: id,
      before: { cashReceivedAt: null },
      after: { cashReceivedAt: at.toISOString() },
    });
    const order = await findAdminOrder(tx, id);
    if (!order) throw new NotFound(adminMsg.orderNotFound);
    return order;
  });
}

/** 'Lista e Porosive': one page of the orders matching the status and the search, with the counts per status. */
export async function searchOrders(
  db: DbOrTx,
  query: { status?: AdminOrderSearchQuery['status']; q?: string; sort?: OrderSort; dir?: SortDirection; page: number; pageSize: number },
): Promise<AdminOrderPage> {
  const found = await searchAdminOrders(db, {
    status: query.status,
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { ...found, page: query.page, pageSize: query.pageSize };
}

/** One order with what its detail page and packing slip show: delivery, note, history, next moves and the VAT it contains. */
export async function orderDetail(db: DbOrTx, id: number): Promise<AdminOrderDetail> {
  const found = await findAdminOrderWithRow(db, id);
  if (!found) throw new NotFound(adminMsg.orderNotFound);
  const { order, row } = found;
  const history = (await loadOrderHistory(db, [id])).get(id) ?? [];
  return {
    ...order,
    subtotal: toEuros(row.totalCents - row.deliveryFeeCents + row.discountCents),
    delivery:
      row.fulfilment === 'delivery'
        ? { fullName: row.customerName ?? '', phone: row.phone ?? '', city: row.city ?? '', address: row.address ?? '' }
        : null,
    note: row.note,
    channel: row.channel,
    ...(row.giftCardCents > 0 ? { giftCard: { paid: toEuros(row.giftCardCents), due: toEuros(row.totalCents - row.giftCardCents) } } : {}),
    customerEmail: found.customerEmail,
    history: history.map((h) => ({
      status: h.toStatus,
      from: h.fromStatus,
      at: h.createdAt.toISOString(),
      by: h.actorType,
      actor: h.actorType === 'staff' ? h.actorEmail : null,
    })),
    nextStatuses: [...nextStaffStatuses(row.status, row.fulfilment)],
    vatPercent: row.vatPercent,
    vatIncluded: toEuros(vatIncludedCents(row.totalCents, row.vatPercent)),
    serialLines: await serialLinesOf(db, id),
  };
}

/** The order's lines tracked by IMEI, with their IMEIs and the units of their variants in stock to pick from. */
async function serialLinesOf(db: DbOrTx, orderId: number): Promise<NonNullable<AdminOrderDetail['serialLines']>> {
  const lines = (await orderLinesWithVariants(db, orderId)).filter((l) => l.serialized && l.variantId !== null);
  if (lines.length === 0) return [];
  const inStock = await inStockImeis(
    db,
    lines.map((l) => l.variantId!),
  );
  return lines.map((l) => ({
    line: l.line,
    variantId: l.variantId!,
    name: l.variantTitle ? `${l.name} (${l.variantTitle})` : l.name,
    quantity: l.quantity,
    imeis: l.imeis,
    inStock: inStock.get(l.variantId!) ?? [],
  }));
}
