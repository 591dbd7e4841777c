/**
 * Which status moves staff may make (issue 14). Apart from domain/orders so the storefront's first
 * page, which loads domain/orders, does not carry the staff's table (decision 043).
 */
import type { Fulfilment, OrderStatus } from './orders';

/**
 * The moves staff may make. A pickup order is never shipped; a pending order may be handed over
 * at once ('Sheno si dorezuar' of the order list) or cancelled ('Anulo'); delivered and cancelled
 * are final.
 */
const staffMoves: Record<Fulfilment, Record<OrderStatus, readonly OrderStatus[]>> = {
  delivery: {
    pending: ['confirmed', 'shipped', 'delivered', 'cancelled'],
    confirmed: ['shipped', 'delivered', 'cancelled'],
    shipped: ['delivered', 'cancelled'],
    delivered: [],
    cancelled: [],
  },
  pickup: {
    pending: ['confirmed', 'delivered', 'cancelled'],
    confirmed: ['delivered', 'cancelled'],
    shipped: ['delivered', 'cancelled'],
    delivered: [],
    cancelled: [],
  },
};

/** The statuses staff may move an order to, in the order they are offered. */
export const nextStaffStatuses = (from: OrderStatus, fulfilment: Fulfilment): readonly OrderStatus[] => staffMoves[fulfilment][from];

export const canStaffMoveOrder = (from: OrderStatus, to: OrderStatus, fulfilment: Fulfilment): boolean =>
  nextStaffStatuses(from, fulfilment).includes(to);
