/**
 * Returns of a delivered online order's lines (issue 28, decision 051) and what the order page's
 * 'Kthim' and its warranty sheets need. The counter's rules (decision 044) in the same shape: the
 * 14 days (here from the delivery) through `return-rules.ts`, never more than is left of a line,
 * restock (the unit back in stock, the stock up) or defective (the unit 'returned'), the sheet of
 * each phone voided, the refund by the method staff chose from a till (it counts in that till's
 * close of the day).
 */
import { counterPaymentLabels, lineRefundCents, type CounterPaymentMethod } from '@shop/shared/domain/counter';
import { DEFAULT_TILL } from '@shop/shared/domain/day-close';
import { orderReturnRefundCents } from '@shop/shared/domain/discounts';
import { formatPrice, toEuros } from '@shop/shared/domain/money';
import { todayInShop } from '@shop/shared/domain/time';
import { counterMsg } from '@shop/shared/schemas/counter';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { dayCloseMsg, type OrderAfterSale, type OrderReturnBody, type OrderReturnCreated } from '@shop/shared/schemas/day-close';
import type { Db, DbOrTx } from '../db/client';
import { toSheet } from '../repositories/warranty';
import {
  codeIsFreeDelivery,
  deliveredAt,
  insertOrderReturn,
  lockOrderForReturn,
  markItemReturned,
  orderLines,
  orderRefundedCents,
  restoreVariantStock,
  returnOrderUnit,
  returnsOfOrder,
  sheetsOfItems,
  voidOrderSheet,
} from '../repositories/day-close';
import { recordAudit, type AuditActor } from './audit';
import { assertTillOpen } from './day-close';
import { Conflict, Invalid, NotFound } from './errors';
import { refundReturnGiftCards } from './gift-cards';
import { checkReturnWindow } from './return-rules';

const label = (l: { name: string; variantTitle: string | null }) => (l.variantTitle ? `${l.name} (${l.variantTitle})` : l.name);

/** GET /api/admin/orders/:id/after-sale: the lines with what is left to return, the returns, the warranty sheets. */
export async function orderAfterSale(db: DbOrTx, orderId: number): Promise<OrderAfterSale> {
  const lines = await orderLines(db, orderId);
  if (lines.length === 0) throw new NotFound(dayCloseMsg.orderNotFound);
  const [returns, sheets, delivered] = [
    await returnsOfOrder(db, orderId),
    await sheetsOfItems(
      db,
      lines.map((l) => l.id),
    ),
    await deliveredAt(db, orderId),
  ];
  const back = new Set(returns.flatMap((r) => r.lines.flatMap((l) => l.imeis)));
  return {
    orderId,
    deliveredAt: delivered?.toISOString() ?? null,
    lines: lines.map((l) => ({
      itemId: l.id,
      name: l.name,
      variantTitle: l.variantTitle ?? '',
      quantity: l.quantity,
      returned: l.returnedQuantity,
      unitPrice: toEuros(l.unitPriceCents),
      imeis: l.imeis.map((imei) => ({ imei, returned: back.has(imei) })),
    })),
    returns: returns.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      by: r.createdByEmail,
      lines: r.lines,
      restock: r.restock,
      refundMethod: r.refundMethod as CounterPaymentMethod,
      refund: toEuros(r.refundCents),
      till: r.till,
      reason: r.reason,
      overrideReason: r.overrideReason,
    })),
    sheets: sheets.map((s) => ({ itemId: s.orderItemId!, voided: s.voidedAt !== null, sheet: toSheet(s) })),
  };
}

/** POST /api/admin/orders/:id/returns: one transaction, the order's row locked (two returns take turns). */
export async function returnOrderLines(
  db: Db,
  actor: AuditActor & { role: string },
  orderId: number,
  body: OrderReturnBody,
): Promise<OrderReturnCreated> {
  let refundCents = 0;
  let toCard = 0;
  let returnId = 0;
  await db.transaction(async (tx) => {
    const order = await lockOrderForReturn(tx, orderId);
    if (!order) throw new NotFound(dayCloseMsg.orderNotFound);
    if (order.status !== 'delivered') throw new Conflict(dayCloseMsg.notDelivered);
    const { late } = checkReturnWindow((await deliveredAt(tx, orderId)) ?? order.updatedAt, actor, body.overrideReason, {
      late: dayCloseMsg.returnLate,
      ownerOnly: counterMsg.returnOwnerOnly,
    });
    const till = body.till ?? DEFAULT_TILL;
    await assertTillOpen(tx, till);
    const byId = new Map((await orderLines(tx, orderId)).map((l) => [l.id, l]));
    const stored: { itemId: number; quantity: number; imeis: string[] }[] = [];
    let grossCents = 0;
    for (const want of body.lines) {
      const line = byId.get(want.itemId);
      if (!line) throw new Invalid(dayCloseMsg.returnLineUnknown(want.itemId));
      const imeis = [...new Set(want.imeis ?? [])];
      const serialized = line.imeis.length > 0;
      if (serialized ? imeis.length !== want.quantity : imeis.length > 0)
        throw new Invalid(dayCloseMsg.returnImeis(label(line), serialized ? want.quantity : 0));
      if (!(await markItemReturned(tx, line.id, want.quantity)))
        throw new Conflict(dayCloseMsg.returnTooMany(label(line), line.quantity - line.returnedQuantity));
      for (const imei of imeis) {
        if (!line.imeis.includes(imei) || !(await returnOrderUnit(tx, line.id, imei, body.restock)))
          throw new Conflict(dayCloseMsg.returnImeiUnknown(imei));
        await voidOrderSheet(tx, line.id, imei, `Anuluar: telefoni u kthye më ${todayInShop()}`);
      }
      if (body.restock && line.variantId !== null) await restoreVariantStock(tx, line.variantId, want.quantity);
      grossCents += lineRefundCents({ unitPriceCents: line.unitPriceCents, quantity: line.quantity, discountCents: 0 }, want.quantity);
      stored.push({ itemId: line.id, quantity: want.quantity, imeis });
    }
    // What the customer paid for the lines: net of a discount code's part on them (decisions 049, 051).
    const codeOnLines = order.discountCents > 0 && !(order.discountCodeId !== null && (await codeIsFreeDelivery(tx, order.discountCodeId)));
    const subtotalCents = order.totalCents - order.deliveryFeeCents + order.discountCents;
    refundCents = orderReturnRefundCents(grossCents, {
      subtotalCents,
      linesPaidCents: subtotalCents - (codeOnLines ? order.discountCents : 0),
      refundedCents: await orderRefundedCents(tx, orderId),
    });
    // A gift card's part goes back to the card first (decision 048); the till pays the rest.
    toCard = order.giftCardCents > 0 ? await refundReturnGiftCards(tx, { orderId }, refundCents, actor) : 0;
    returnId = await insertOrderReturn(tx, {
      orderId,
      lines: stored,
      restock: body.restock,
      refundMethod: body.refundMethod,
      refundCents,
      giftCardCents: toCard,
      till,
      reason: body.reason,
      overrideReason: late ? body.overrideReason! : null,
      createdBy: actor.id,
      createdByEmail: actor.email,
    });
    await recordAudit(tx, actor, {
      kind: 'order.return',
      targetType: 'order',
      targetId: orderId,
      before: null,
      after: {
        lines: stored.map((l) => {
          const line = byId.get(l.itemId)!;
          return `${l.quantity} × ${label(line)}${l.imeis.length > 0 ? ` (IMEI ${l.imeis.join(', ')})` : ''}`;
        }),
        restock: body.restock,
        refund: toEuros(refundCents),
        refundMethod: counterPaymentLabels[body.refundMethod],
        ...(toCard > 0 ? { giftCard: toEuros(toCard) } : {}),
        till,
        reason: body.reason,
        ...(late ? { override: body.overrideReason } : {}),
      },
    });
  });
  const msg = dayCloseMsg.returned(returnId, formatPrice(toEuros(refundCents)));
  return {
    msg: toCard > 0 ? `${msg} ${giftCardMsg.backToCard(formatPrice(toEuros(toCard)))}` : msg,
    afterSale: await orderAfterSale(db, orderId),
  };
}
