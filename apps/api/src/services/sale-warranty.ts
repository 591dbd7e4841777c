import { warrantyMonthsOf } from '@shop/shared/domain/counter';
import { displayPhone } from '@shop/shared/domain/phone';
import { todayInShop } from '@shop/shared/domain/time';
import type { PaymentType } from '@shop/shared/domain/warranty';
import type { DbOrTx } from '../db/client';
import { insertSaleSheets, orderLinesForSheets } from '../repositories/counter-sales';

/** The contract's payment type of an online order's method: cash on delivery or at pickup is 'Cash'; any other is a transfer. */
const orderPaymentType = (method: string): PaymentType => (method === 'cash' ? 'Cash' : 'Transfer Bankar');

/** '{a,b}' (a driver that hands a text[] back as text) or an array, as an array. */
const asList = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/**
 * The warranty sheets of a delivered online order (decision 044), in the move's transaction: one per
 * unit of each serialized line, filled like a counter sale's (the recipient, brand and model, IMEI,
 * price, today, the payment type, the product's months or 12) and final. A line that already has its
 * sheets gets none again.
 */
export async function sheetsForDeliveredOrder(tx: DbOrTx, orderId: number): Promise<number[]> {
  const lines = await orderLinesForSheets(tx, orderId);
  const today = todayInShop();
  const rows = await insertSaleSheets(
    tx,
    lines.flatMap((l) => {
      const [emri = '', ...rest] = l.customerName.split(/\s+/).filter(Boolean);
      return asList(l.imeis).map((imei) => ({
        emri,
        mbiemri: rest.join(' '),
        telefoni: l.phone ? displayPhone(l.phone) : '',
        email: l.email,
        marka: l.brand,
        modeli: l.variantTitle ? `${l.name} (${l.variantTitle})` : l.name,
        imei,
        kohezgjatja: `${warrantyMonthsOf(l.specs)} muaj`,
        cmimiCents: l.unitPriceCents,
        data: today,
        komente: `Porosia online #${orderId}`,
        llojiPageses: orderPaymentType(l.paymentMethod),
        status: 'printed' as const,
        orderItemId: l.line,
      }));
    }),
  );
  return rows.map((r) => r.id);
}
