import { todayInShop } from '@shop/shared/domain/time';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { toEuros } from '@shop/shared/domain/money';
import type { Db } from '../db/client';
import {
  deleteSheet as deleteSheetRow,
  findSheet,
  insertSheet,
  toSheet,
  updateDraft,
  type WarrantyRow,
  type WarrantyValues,
} from '../repositories/warranty';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, NotFound } from './errors';

/** What 'Historiku' keeps of a sheet: its main fields, not the customer's contact or the IMEI. */
const auditedSheet = (row: WarrantyRow) => ({
  emri: row.emri,
  mbiemri: row.mbiemri,
  marka: row.marka,
  modeli: row.modeli,
  cmimi: row.cmimiCents === null ? null : toEuros(row.cmimiCents),
  data: row.data,
  status: row.status,
});

/**
 * Saves a new sheet as a draft or as printed (its status says which), recorded in 'Historiku'
 * ('warranty.create') in the same transaction. Its date is always the server's today in the
 * shop's zone, whatever the form sent.
 */
export async function createSheet(db: Db, actor: AuditActor, values: WarrantyValues): Promise<WarrantySheet> {
  return db.transaction(async (tx) => {
    const row = await insertSheet(tx, values, todayInShop(), actor.id);
    await recordAudit(tx, actor, {
      kind: 'warranty.create',
      targetType: 'warranty',
      targetId: row.id,
      before: null,
      after: auditedSheet(row),
    });
    return toSheet(row);
  });
}

/**
 * Staff print a sheet (the web calls this before the print dialog opens): recorded in
 * 'Historiku' ('warranty.print'). Only a printed sheet is printed (a draft is Conflict: the form
 * saves it as printed first); an unknown id is NotFound.
 */
export async function recordSheetPrint(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findSheet(tx, id);
    if (!row) throw new NotFound(warrantyMessages.notFound);
    if (row.status !== 'printed') throw new Conflict(warrantyMessages.printDraft);
    await recordAudit(tx, actor, {
      kind: 'warranty.print',
      targetType: 'warranty',
      targetId: row.id,
      before: null,
      after: auditedSheet(row),
    });
  });
}

/**
 * Completes or prints a draft, recorded in 'Historiku' ('warranty.update': what changed, e.g.
 * 'Statusi: Draft → E printuar' when the form prints a reopened draft) in the same transaction.
 * A printed sheet is final (Conflict); an unknown id is NotFound.
 */
export async function updateSheet(db: Db, actor: AuditActor, id: number, values: WarrantyValues): Promise<WarrantySheet> {
  return db.transaction(async (tx) => {
    const before = await findSheet(tx, id, { lock: true });
    if (!before) throw new NotFound(warrantyMessages.notFound);
    const row = await updateDraft(tx, id, values, todayInShop());
    if (!row) throw new Conflict(warrantyMessages.printedLocked);
    await recordAudit(tx, actor, {
      kind: 'warranty.update',
      targetType: 'warranty',
      targetId: row.id,
      before: auditedSheet(before),
      after: auditedSheet(row),
    });
    return toSheet(row);
  });
}

/** Deletes a sheet and records who did it, with the sheet's main fields (not the customer's contact or the IMEI). */
export async function deleteSheet(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteSheetRow(tx, id);
    if (!row) throw new NotFound(warrantyMessages.notFound);
    await recordAudit(tx, actor, {
      kind: 'warranty.delete',
      targetType: 'warranty',
      targetId: row.id,
      before: auditedSheet(row),
      after: null,
    });
  });
}
