import { toCents, toEuros } from '@shop/shared/domain/money';
import { handoverDueCents, isHandover, movesWithEstimate, repairWarrantyEnd } from '@shop/shared/domain/repairs';
import { todayInShop } from '@shop/shared/domain/time';
import { repairMessages as m } from '@shop/shared/messages-repairs';
import type { RepairDetail, repairMoveBodySchema } from '@shop/shared/schemas/repairs';
import type { z } from 'zod';
import type { RepairInsert, RepairRow } from '../repositories/repairs';
import { Invalid } from './errors';

/**
 * The amounts a repair's moves carry (issue 26): the estimate sent for approval (the one the
 * customer approves, kept in the history), and at hand-over the final price, the payment, the
 * deposit taken off and the repair's own warranty. A warranty repair is priced at zero whatever
 * was sent, as at intake.
 */

type MoveValues = z.output<typeof repairMoveBodySchema>;

/** The columns a move sets beyond its status, and the amount its history entry keeps. */
export interface MoveAmounts {
  set: Partial<RepairInsert>;
  amountCents: number | null;
}

export function moveAmounts(row: RepairRow, body: MoveValues): MoveAmounts {
  if (movesWithEstimate(body.status)) {
    // The schema asks for the estimate on this move; a warranty repair stays at zero.
    const estimateCents = row.warranty ? 0 : toCents(body.estimate!);
    if (row.depositCents > estimateCents) throw new Invalid(m.depositAboveEstimate);
    return { set: { estimateCents }, amountCents: estimateCents };
  }
  if (isHandover(body.status)) {
    const finalPriceCents = row.warranty ? 0 : toCents(body.finalPrice!);
    return {
      set: {
        finalPriceCents,
        paymentMethod: body.payment!,
        warrantyMonths: body.warrantyMonths!,
        warrantyNote: body.warrantyMonths === 0 ? '' : body.warrantyNote,
      },
      amountCents: finalPriceCents,
    };
  }
  return { set: {}, amountCents: null };
}

/** What was recorded when the device went back to its owner; null until then. */
export function handoverOf(row: RepairRow): RepairDetail['handover'] {
  if (row.status !== 'delivered' || row.finalPriceCents === null || row.paymentMethod === null) return null;
  const handedOverOn = todayInShop(row.closedAt ?? row.updatedAt);
  const months = row.warrantyMonths ?? 0;
  return {
    finalPrice: toEuros(row.finalPriceCents),
    deposit: toEuros(row.depositCents),
    due: toEuros(handoverDueCents(row.finalPriceCents, row.depositCents)),
    payment: row.paymentMethod,
    warrantyMonths: months,
    warrantyNote: row.warrantyNote,
    handedOverOn,
    warrantyUntil: repairWarrantyEnd(handedOverOn, months),
  };
}
