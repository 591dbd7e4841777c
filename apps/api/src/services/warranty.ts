import { todayInShop } from '@shop/shared/domain/time';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import type { DbOrTx } from '../db/client';
import { deleteSheet as deleteSheetRow, findSheet, insertSheet, toSheet, updateDraft, type WarrantyValues } from '../repositories/warranty';
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

export async function deleteSheet(db: DbOrTx, id: number): Promise<void> {
  if (!(await deleteSheetRow(db, id))) throw new NotFound(warrantyMessages.notFound);
}
