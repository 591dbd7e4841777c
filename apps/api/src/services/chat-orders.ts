/**
 * 'Porosi nga biseda' (issue 30, decision 047): staff turn a WhatsApp/Viber chat or a call into an
 * order. The order is placed by `placeOrder` as any order on the site (prices, fee and total from the
 * database, the caps, stock taken last in one statement), with the chat's channel and the staff
 * member as the first history entry's author. The customer's phone (the one phone rule) decides
 * whose order it is: a registered account with that phone takes it; otherwise it is a guest order
 * (services/guest-orders.ts) whose link staff paste into the chat. Audited as 'Porosi nga biseda'.
 */
import { and, asc, eq } from 'drizzle-orm';
import { chatOrderMessages, type ChatOrderBody, type ChatOrderResponse } from '@shop/shared/schemas/chat-order';
import type { CreateOrderBody } from '@shop/shared/schemas/order';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { lockCustomer } from '../repositories/orders';
import { recordAudit, type AuditActor } from './audit';
import { placeGuestOrder } from './guest-orders';
import { placeOrder } from './orders';

/** The registered, unblocked account whose phone is `phone` (the phone rule's writing); the oldest when several. */
async function accountByPhone(db: DbOrTx, phone: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.blocked, false)))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/** POST /api/admin/orders: one transaction; nothing is written when anything is refused. */
export async function createChatOrder(db: Db, config: Config, actor: AuditActor, body: ChatOrderBody): Promise<ChatOrderResponse> {
  const { channel, customer, items, ...rest } = body;
  // Staff send no prices: `placeOrder` prices every line itself and compares nothing (decision 047).
  const order: CreateOrderBody = { ...rest, items: items.map((i) => ({ ...i, price: 0 })), total: 0 };
  const email = customer.email ? customer.email : null;
  const staff = { channel, by: { id: actor.id, email: actor.email } };
  return db.transaction(async (tx) => {
    const account = await accountByPhone(tx, customer.phone);
    const held = account ? await lockCustomer(tx, account.id) : undefined;
    let result: ChatOrderResponse;
    if (account && held && !held.blocked) {
      const placed = await placeOrder(
        tx,
        config,
        { id: account.id, name: held.name, email: held.email, phone: held.phone, emailVerified: held.emailVerified },
        order,
        undefined,
        staff,
      );
      result = {
        message: chatOrderMessages.created(placed.id),
        order: placed,
        account: { id: account.id, name: held.name },
        link: null,
        mailed: true,
      };
    } else {
      const { order: placed, link } = await placeGuestOrder(
        tx,
        config,
        { name: customer.name, email, phone: customer.phone },
        order,
        staff,
      );
      result = { message: chatOrderMessages.created(placed.id), order: placed, account: null, link, mailed: email !== null };
    }
    await recordAudit(tx, actor, {
      kind: 'order.chat',
      targetType: 'order',
      targetId: result.order.id,
      before: null,
      after: {
        channel,
        customer: result.account ? `${result.account.name} (#${result.account.id})` : customer.name,
        phone: customer.phone,
        total: result.order.total,
        lines: result.order.items.map((i) => `${i.quantity} × ${i.variant ? `${i.name} (${i.variant})` : i.name}`),
      },
    });
    return result;
  });
}
