/**
 * Paying an order (issue 30, decision 043): a bank transfer's reference, the statuses in which it
 * waits for its money, and when staff may send it or mark a courier's cash received. Apart from
 * domain/orders so the storefront's first page does not load them.
 */
import { paymentMethods, type Fulfilment, type OrderStatus, type PaymentMethod } from './orders';

/** The reference a bank transfer carries: the order's number ('Porosia 123'). */
export const transferReference = (orderId: number): string => `Porosia ${orderId}`;

/** The statuses in which an unpaid transfer order waits for its money (and is cancelled after the days set). */
export const awaitingTransferStatuses = ['pending', 'confirmed'] as const satisfies readonly OrderStatus[];

/** Whether staff may send or hand over the order: a transfer order only once it is paid. */
export const paidEnoughToShip = (order: { paymentMethod: PaymentMethod; paidAt?: string | Date | null }): boolean =>
  order.paymentMethod !== 'transfer' || !!order.paidAt;

/** Whether staff may mark the courier's cash received: a cash order on delivery, once sent, and not yet. */
export const mayReceiveCash = (order: {
  paymentMethod: PaymentMethod;
  fulfilment: Fulfilment;
  status: OrderStatus;
  cashReceivedAt?: string | Date | null;
}): boolean =>
  order.paymentMethod === 'cash' &&
  order.fulfilment === 'delivery' &&
  (order.status === 'shipped' || order.status === 'delivered') &&
  !order.cashReceivedAt;

/** How each accepted method is paid, in a shopper's words (the product page's payment line). */
const paymentMethodWays: Record<PaymentMethod, string> = {
  cash: 'para në dorë: në dyqan ose korrierit në dorëzim',
  transfer: 'transfer bankar',
};

/**
 * The product page's payment line, made only of what the shop takes (issue 18): today 'Pagesë me
 * para në dorë: në dyqan ose korrierit në dorëzim; transfer bankar'. No card, no PayPal. Here, not
 * in domain/orders, so the storefront's first page (which loads domain/orders) does not carry it.
 */
export const paymentNote = (): string => `Pagesë me ${paymentMethods.map((m) => paymentMethodWays[m]).join('; ')}`;
