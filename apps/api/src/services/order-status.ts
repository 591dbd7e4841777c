import { orderStatusLabels, returnsStock, type Fulfilment, type OrderStatus } from '@shop/shared/domain/orders';
import { orderMessages, type Order } from '@shop/shared/schemas/order';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { orderStatusMail } from '../mail/orders';
import { publicBase } from '../mail/accounts';
import { insertOrderHistory } from '../repositories/order-history';
import { findOrderWithCustomer, lockOrder, setOrderStatus, type OrderRow } from '../repositories/orders';
import { returnStock } from '../repositories/stock';
import { Conflict, NotFound } from './errors';
import { queueMail } from './mail';
import { moveOrderUnits } from './order-units';
import { withBankOf } from './shop-settings';
import { deliverOrderGiftCards, handOverOrderGiftCards, refundOrderGiftCards, voidOrderGiftCards } from './gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import type { OrderLineUnits } from '@shop/shared/schemas/units';

/** Who moves an order: its customer (cancelling it) or a staff member. */
export interface OrderMover {
  type: 'customer' | 'staff';
  /** Null: a guest (decision 042). */
  id: number | null;
  email: string;
}

/** The link to an order's page in the shop, for mails. */
export const orderUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, id: number): string => `${publicBase(config)}/porosia/${id}`;

/**
 * Moves an order to `to` inside the caller's transaction: the one place an order's status
 * changes after it is placed. It locks the order (two moves at once wait in turn), asks `allowed`
 * whether the move is permitted from the status found (a Conflict naming both statuses when not),
 * records the history entry, puts the stock back when the order is cancelled, and queues the
 * customer's e-mail. `mayMove` lets the caller refuse first (a customer's order of someone else
 * is NotFound). Answers the row before the move, the order after it and the gift cards the move
 * made (decision 052: their full codes, this once, for the inserts staff print).
 */
export async function moveOrder(
  tx: DbOrTx,
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  input: {
    orderId: number;
    to: OrderStatus;
    by: OrderMover;
    allowed: (from: OrderStatus, fulfilment: Fulfilment) => boolean;
    /** Checked on the locked row before anything else; throw to refuse (NotFound for another customer's order). */
    mayMove?: (row: OrderRow) => void;
    /** The Conflict's message when the move is not allowed; by default it names both statuses. */
    conflictMessage?: string;
    /** The IMEIs staff picked for the serialized lines (decision 040). */
    units?: OrderLineUnits;
  },
): Promise<{ before: OrderRow; order: Order; giftCards: IssuedGiftCard[] }> {
  const before = await lockOrder(tx, input.orderId);
  if (!before) throw new NotFound(orderMessages.notFound);
  input.mayMove?.(before);
  if (!input.allowed(before.status, before.fulfilment)) {
    throw new Conflict(input.conflictMessage ?? orderMessages.badMove(orderStatusLabels[before.status], orderStatusLabels[input.to]));
  }
  await setOrderStatus(tx, before.id, input.to);
  await moveOrderUnits(tx, before.id, input.to, input.units);
  await insertOrderHistory(tx, {
    orderId: before.id,
    from: before.status,
    to: input.to,
    actorType: input.by.type,
    actorId: input.by.id,
    actorEmail: input.by.email,
  });
  const found = await findOrderWithCustomer(tx, before.id);
  if (!found) throw new NotFound(orderMessages.notFound);
  if (returnsStock(input.to)) {
    for (const line of found.order.items) await returnStock(tx, line.id, line.quantity, line.variantId);
  }
  // Decision 048: a cancelled order gives its gift card money back. Decision 052: the cards it sold
  // are made at the hand-over ('shipped'), waiting, and become active when it is delivered (made
  // then when it skipped 'shipped'); a cancel before delivery voids them.
  let giftCards: IssuedGiftCard[] = [];
  if (input.to === 'cancelled') {
    if (before.giftCardCents > 0) await refundOrderGiftCards(tx, before.id, input.by);
    await voidOrderGiftCards(tx, before.id, input.by);
  }
  if (input.to === 'shipped') giftCards = await handOverOrderGiftCards(tx, found, input.by);
  if (input.to === 'delivered') giftCards = await deliverOrderGiftCards(tx, config, found, before.status, input.by);
  const mailed = await withBankOf(tx, found.order);
  const inParcel = input.to === 'shipped' ? giftCards.length : 0;
  if (found.customer) await queueMail(tx, orderStatusMail(found.customer, mailed, input.to, orderUrl(config, before.id), inParcel));
  else if (found.row.guestEmail) {
    // A guest order (decision 042): the mail goes to the e-mail given; its link is in the first
    // mail only (the server keeps no more than the link's hash).
    const guest = { name: found.row.guestName ?? found.row.customerName ?? '', email: found.row.guestEmail };
    await queueMail(tx, orderStatusMail(guest, mailed, input.to, null, inParcel));
  }
  return { before, order: found.order, giftCards };
}
