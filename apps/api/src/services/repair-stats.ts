import { isOpenRepair, type RepairStatus } from '@shop/shared/domain/repairs';
import type { RepairStats } from '@shop/shared/schemas/repairs';
import type { DbOrTx } from '../db/client';
import { loadRepairFigures } from '../repositories/repairs';

/** How far back the average days in repair looks. */
const AVERAGE_WINDOW_DAYS = 90;

/** The dashboard's repair figures: open tickets per status, ready for pickup, average days from intake to handing over. */
export async function repairStats(db: DbOrTx, now: Date = new Date()): Promise<RepairStats> {
  const since = new Date(now.getTime() - AVERAGE_WINDOW_DAYS * 86_400_000);
  const { perStatus, averageDays } = await loadRepairFigures(db, since);
  const openByStatus: Partial<Record<RepairStatus, number>> = {};
  let open = 0;
  for (const { status, n } of perStatus) {
    if (!isOpenRepair(status)) continue;
    openByStatus[status] = n;
    open += n;
  }
  return {
    openByStatus,
    open,
    readyForPickup: openByStatus.ready ?? 0,
    averageDaysInRepair: averageDays === null ? null : Math.round(averageDays * 10) / 10,
  };
}
