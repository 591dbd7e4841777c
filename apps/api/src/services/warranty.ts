import { todayInShop } from '@shop/shared/domain/time';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { toEuros } from '@shop/shared/domain/money';
import type { Db, DbOrTx } from '../db/client';
import { deleteSheet as deleteSheetRow, findSheet, insertSheet, toSheet, updateDraft, type WarrantyValues } from '../repositories/warranty';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, NotFound } from './errors';

/**
 * Saves a new sheet as a draft or as printed (its status says which). Its date is always the
 * server's today in the shop's zone, whatever the form sent.
 */
export async function createSheet(db: DbOrTx, values: WarrantyValues, createdBy: number): Promise<WarrantySheet> {
  return toSheet(await insertSheet(db, values, todayInShop(), createdBy));
}

/** Completes or prints a draft. A printed sheet is final (Conflict); an unknown id is NotFound. */
export async function updateSheet(db: DbOrTx, id: number, values: WarrantyValues): Promise<WarrantySheet> {
  const row = await updateDraft(db, id, values, todayInShop());
  if (row) return toSheet(row);
  if (await findSheet(db, id)) throw new Conflict(warrantyMessages.printedLocked);
  throw new NotFound(warrantyMessages.notFound);
}

/** Deletes a sheet and records who did it, with the sheet's main fields (not the customer's contact or the IMEI). */
export async function deleteSheet(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteSheetRow(tx, id);
    if (!row) throw new NotFound(warrantyMessages.notFound);
    const before = {
      emri: row.emri,
      mbiemri: row.mbiemri,
      marka: row.marka,
      modeli: row.modeli,
      cmimi: row.cmimiCents === null ? null : toEuros(row.cmimiCents),
      data: row.data,
      status: row.status,
    };
    await recordAudit(tx, actor, { kind: 'warranty.delete', targetType: 'warranty', targetId: row.id, before, after: null });
  });
}
