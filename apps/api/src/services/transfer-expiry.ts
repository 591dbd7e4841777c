/**
 * Unpaid bank transfers (issue 30, decision 043): an order paid by transfer whose money has not
 * arrived within the days set in 'Cilësimet' is cancelled, its stock returned and its customer
 * told by mail. Every API instance runs this every few minutes; the orders are claimed with
 * FOR UPDATE SKIP LOCKED (the mail outbox's pattern), so with several instances on one database
 * each order is cancelled exactly once.
 */
import type { OrderStatus } from '@shop/shared/domain/orders';
import { awaitingTransferStatuses } from '@shop/shared/domain/payments';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { claimOverdueTransfers } from '../repositories/orders';
import { recordAudit } from './audit';
import { moveOrder } from './order-status';
import { getShopSettings } from './shop-settings';

/** Who the history and 'Historiku' name for the job's cancellations. */
export const TRANSFER_JOB_ACTOR = { id: null, email: 'anulim-automatik (transfer i papaguar)' } as const;

/** Orders cancelled per transaction; a run repeats until no overdue order is left. */
const BATCH = 20;

/** Cancels every overdue unpaid transfer order; answers how many this call cancelled. */
export async function cancelOverdueTransfers(db: Db, config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): Promise<number> {
  const { transferDays } = await getShopSettings(db);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const ids = await claimOverdueTransfers(tx, transferDays, BATCH);
      for (const orderId of ids) {
        await moveOrder(tx, config, {
          orderId,
          to: 'cancelled',
          by: { type: 'staff', ...TRANSFER_JOB_ACTOR },
          allowed: (from) => (awaitingTransferStatuses as readonly OrderStatus[]).includes(from),
        });
        await recordAudit(tx, TRANSFER_JOB_ACTOR, {
          kind: 'order.transfer-expired',
          targetType: 'order',
          targetId: orderId,
          before: { status: 'pending' },
          after: { status: 'cancelled', transferDays },
        });
      }
      return ids.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
