/**
 * A repair ticket opened for an IMEI shows the phone's sale (issue 28, decision 051): the counter
 * sale or the delivered online order that sold it (not returned), its warranty sheet, and whether
 * the warranty still runs today (shop date) — the sheet's date plus its months (domain/warranty).
 */
import { toEuros } from '@shop/shared/domain/money';
import { todayInShop } from '@shop/shared/domain/time';
import { warrantyEndDate } from '@shop/shared/domain/warranty';
import { repairMessages } from '@shop/shared/messages-repairs';
import type { RepairSale } from '@shop/shared/schemas/day-close';
import type { DbOrTx } from '../db/client';
import { findRepair } from '../repositories/repairs';
import { latestSaleOfImei, saleSheetOfImei } from '../repositories/unit-sale';
import { NotFound } from './errors';

export async function repairSale(db: DbOrTx, repairId: number): Promise<RepairSale> {
  const ticket = await findRepair(db, repairId);
  if (!ticket) throw new NotFound(repairMessages.notFound);
  const sale = await latestSaleOfImei(db, ticket.imei);
  if (!sale) return { sale: null };
  const sheet = await saleSheetOfImei(db, sale.kind, sale.id, ticket.imei);
  const until = sheet ? warrantyEndDate(sheet.data.slice(0, 10), sheet.kohezgjatja) : null;
  return {
    sale: {
      kind: sale.kind,
      id: sale.id,
      receiptNo: sale.receiptNo,
      date: new Date(sale.at).toISOString(),
      customer: sale.customer,
      price: toEuros(sale.priceCents),
      sheetId: sheet?.id ?? null,
      warrantyUntil: until,
      inWarranty: until !== null && todayInShop() <= until,
    },
  };
}
