/**
 * Orders without an account (issue 30, decision 042). A guest gives a name, an e-mail and a phone;
 * the order is placed by the same rules as an account's (services/orders.ts placeOrder: prices,
 * stock, caps) and held to the limits of an unverified account, counted over the open orders of
 * the same e-mail or phone. Its page is reached by a link with a random secret (32 bytes) that the
 * server keeps only as a SHA-256: a guessed or altered link is NotFound, like a missing order.
 * An account whose e-mail is verified takes over the guest orders of that e-mail
 * (repositories/orders.ts attachGuestOrders).
 */
import crypto from 'node:crypto';
import { canCustomerCancel } from '@shop/shared/domain/orders';
import { orderMessages, type CreateOrderBody, type Order, type OrderDetail } from '@shop/shared/schemas/order';
import { guestOrderPath, guestOrderTokenPattern, type GuestOrderBody, type GuestOrderDetail } from '@shop/shared/schemas/guest-order';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { publicBase } from '../mail/accounts';
import { findGuestOrderId, findOrderWithCustomer, lockGuest } from '../repositories/orders';
import { NotFound } from './errors';
import { moveOrder } from './order-status';
import { orderDetailOf, placeOrder, type StaffPlacement } from './orders';

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A new link secret: 32 random bytes, base64url (43 characters). */
const newToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * Places a guest order in one transaction. The guest's e-mail and phone are locked first, so two
 * orders of the same guest take turns and the limits counted stay true. Answers the order and the
 * path of its page (the link the mail holds).
 */
export async function createGuestOrder(db: Db, config: Config, body: GuestOrderBody): Promise<{ order: Order; link: string }> {
  const { guest, ...order } = body;
  return db.transaction((tx) => placeGuestOrder(tx, config, guest, order));
}

/**
 * A guest order inside the caller's transaction: the guest's turn (their e-mail and phone locked),
 * a new link, and `placeOrder` with the guest's limits. The e-mail is null only for an order staff
 * place from a chat without one (decision 047): the limits then count the phone's orders, and no
 * mail goes out (the link is pasted into the chat).
 */
export async function placeGuestOrder(
  tx: DbOrTx,
  config: Config,
  guest: { name: string; email: string | null; phone: string },
  order: CreateOrderBody,
  staff?: StaffPlacement,
): Promise<{ order: Order; link: string }> {
  const token = newToken();
  const path = guestOrderPath(token);
  await lockGuest(tx, [...(guest.email ? [`guest-email:${guest.email}`] : []), `guest-phone:${guest.phone}`]);
  const placed = await placeOrder(
    tx,
    config,
    {
      id: null,
      name: guest.name,
      email: guest.email ?? '',
      phone: guest.phone,
      emailVerified: false,
      guest: { email: guest.email, phone: guest.phone, tokenHash: sha256(token), link: `${publicBase(config)}${path}` },
    },
    order,
    undefined,
    staff,
  );
  return { order: placed, link: path };
}

/** The order a link opens: NotFound for a malformed, guessed or altered secret, like a missing order. */
async function guestOrderId(db: DbOrTx, token: string): Promise<number> {
  const id = guestOrderTokenPattern.test(token) ? await findGuestOrderId(db, sha256(token)) : undefined;
  if (id === undefined) throw new NotFound(orderMessages.notFound);
  return id;
}

async function guestDetail(db: DbOrTx, orderId: number): Promise<GuestOrderDetail> {
  const detail: OrderDetail = await orderDetailOf(db, null, orderId);
  const found = await findOrderWithCustomer(db, orderId);
  const row = found!.row;
  return { ...detail, guest: { name: row.guestName ?? row.customerName ?? '', email: row.guestEmail ?? '', phone: row.guestPhone ?? '' } };
}

/** GET /api/guest-orders/{token}. */
export async function findGuestOrder(db: DbOrTx, token: string): Promise<GuestOrderDetail> {
  return guestDetail(db, await guestOrderId(db, token));
}

/** POST /api/guest-orders/{token}/cancel: the guest cancels while the order is pending (stock back, mail). */
export async function cancelGuestOrder(db: Db, config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string): Promise<GuestOrderDetail> {
  return db.transaction(async (tx) => {
    const orderId = await guestOrderId(tx, token);
    await moveOrder(tx, config, {
      orderId,
      to: 'cancelled',
      by: { type: 'customer', id: null, email: '' },
      allowed: (from) => canCustomerCancel(from),
      conflictMessage: orderMessages.cannotCancel,
    });
    return guestDetail(tx, orderId);
  });
}
