import { toEuros } from '@shop/shared/domain/money';
import { nextRepairStatuses, repairTrackingUrl } from '@shop/shared/domain/repairs';
import { repairDeviceName } from '@shop/shared/domain/repair-devices';
import type { RepairDetail, RepairListItem } from '@shop/shared/schemas/repairs';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import type { PinCipher } from '../lib/repair-pin';
import { publicBase } from '../mail/accounts';
import { loadRepairHistory, type RepairRow } from '../repositories/repairs';
import { handoverOf } from './repair-amounts';

/**
 * A repair ticket as staff and mails read it (issue 16): the list's row, the detail with its
 * history (never the PIN or the pattern, only whether there is one), the device's name and the
 * tracking link.
 */

/** What the repair services need of the app: the public address (links) and the PIN's seal. */
export interface RepairDeps {
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  pins: PinCipher;
}

export const device = (row: RepairRow) => repairDeviceName(row.brand, row.model);
export const euros = (cents: number | null) => (cents === null ? null : toEuros(cents));
export const estimateOf = (row: RepairRow) => (row.estimateCents === null ? null : toEuros(row.estimateCents));
export const trackingUrlOf = (deps: RepairDeps, row: RepairRow) => repairTrackingUrl(publicBase(deps.config), row.code, row.imei);

export function toListItem(row: RepairRow): RepairListItem {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    brand: row.brand,
    model: row.model,
    imei: row.imei,
    estimate: estimateOf(row),
    warranty: row.warranty,
    technician: row.technician,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A ticket as its detail page and receipt show it: never the PIN, only whether there is one. */
export async function toDetail(db: DbOrTx, deps: RepairDeps, row: RepairRow): Promise<RepairDetail> {
  const history = await loadRepairHistory(db, row.id);
  return {
    ...toListItem(row),
    customerEmail: row.customerEmail,
    userId: row.userId,
    colour: row.colour,
    fault: row.fault,
    conditions: row.conditions,
    conditionNotes: row.conditionNotes,
    accessories: row.accessories,
    hasPin: row.pinCipher !== null,
    hasPattern: row.patternCipher !== null,
    deposit: toEuros(row.depositCents),
    handover: handoverOf(row),
    warrantySheetId: row.warrantySheetId,
    history: history.map((h) => ({
      status: h.toStatus,
      from: h.fromStatus,
      at: h.createdAt.toISOString(),
      by: h.actorType,
      actor: h.actorType === 'staff' ? h.actorEmail : null,
      note: h.note,
      customerNote: h.customerNote,
      amount: euros(h.amountCents),
    })),
    nextStatuses: [...nextRepairStatuses(row.status)],
    trackingUrl: trackingUrlOf(deps, row),
  };
}
