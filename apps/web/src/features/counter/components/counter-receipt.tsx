import { counterPaymentLabels } from '@shop/shared/domain/counter';
import { formatPrice } from '@shop/shared/domain/money';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { formatDateTime } from '@shop/shared/domain/time';
import type { CounterSale } from '@shop/shared/schemas/counter';

export type ReceiptLayout = 'thermal' | 'a4';

/** Each layout's page: in the document only while its receipt is, so it alone sets the printed page. */
const PAGES: Record<ReceiptLayout, string> = {
  thermal: '@page { size: 80mm 297mm; margin: 3mm 4mm; }',
  a4: '@page { size: A4; margin: 12mm 14mm; }',
};

export const NOT_FISCAL = 'Ky dokument nuk është kupon fiskal.';

/**
 * The receipt of a counter sale (issue 28, decision 044): an 80 mm strip for the thermal printer or
 * an A4 page. The shop, the lines with their IMEIs and discounts, the total with the VAT it contains
 * ('TVSH e përfshirë'), the payments and the change, the fiscal receipt's number, and the sentence
 * that this paper is not the fiscal receipt (the fiscal printer's is).
 */
export function CounterReceipt({ sale, layout, printed = true }: { sale: CounterSale; layout: ReceiptLayout; printed?: boolean }) {
  const p = sale.payment;
  const payments = [
    ...(p.cash > 0 || p.cashGiven > 0 ? [[`${counterPaymentLabels.cash} (dhënë ${formatPrice(p.cashGiven)})`, p.cash] as const] : []),
    ...(p.pos > 0 ? [[counterPaymentLabels.pos, p.pos] as const] : []),
    ...(p.transfer > 0 ? [[counterPaymentLabels.transfer, p.transfer] as const] : []),
    // Decision 048: paid with a gift card.
    ...(p.giftCard ? [['Kartë dhurate', p.giftCard] as const] : []),
  ];
  return (
    <article
      className={`counter-receipt counter-receipt-${layout}${printed ? '' : ' no-print'}`}
      aria-label={`Fatura e shitjes #${sale.id}`}
    >
      {/* Not printed while another paper (a warranty sheet) is: its page size is then that paper's. */}
      {printed && <style>{PAGES[layout]}</style>}
      <header className="cr-head">
        <p className="cr-shop">{shop.name}</p>
        <p>{shopAddress()}</p>
        <p>
          Tel: {shop.phone} · {shop.email}
        </p>
        <p className="cr-title">Shitje në dyqan #{sale.id}</p>
        <p>Data: {formatDateTime(sale.createdAt)}</p>
        <p>
          Kuponi fiskal nr.: <strong>{sale.receiptNo}</strong>
        </p>
        {sale.customer.name && <p>Klienti: {sale.customer.name}</p>}
      </header>
      <table className="cr-lines">
        <thead>
          <tr>
            <th scope="col">Artikulli</th>
            <th scope="col" className="num">
              Sasia
            </th>
            <th scope="col" className="num">
              Çmimi
            </th>
            <th scope="col" className="num">
              Shuma
            </th>
          </tr>
        </thead>
        <tbody>
          {sale.lines.map((l) => (
            <tr key={l.id}>
              <td>
                {l.name}
                {l.variantTitle && ` (${l.variantTitle})`}
                {l.imei && <span className="cr-imei">IMEI: {l.imei}</span>}
                {l.discount > 0 && <span className="cr-sub">Zbritje: −{formatPrice(l.discount)}</span>}
              </td>
              <td className="num">{l.quantity}</td>
              <td className="num">{formatPrice(l.unitPrice)}</td>
              <td className="num">{formatPrice(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cr-sums">
        {sale.discount > 0 && (
          <>
            <div>
              <dt>Nëntotali</dt>
              <dd>{formatPrice(sale.gross)}</dd>
            </div>
            <div>
              <dt>Zbritje</dt>
              <dd>−{formatPrice(sale.discount)}</dd>
            </div>
          </>
        )}
        <div className="cr-total">
          <dt>Totali</dt>
          <dd>{formatPrice(sale.total)}</dd>
        </div>
        <div>
          <dt>TVSH e përfshirë ({sale.vatPercent}%)</dt>
          <dd>{formatPrice(sale.vat)}</dd>
        </div>
        {payments.map(([text, amount]) => (
          <div key={text}>
            <dt>{text}</dt>
            <dd>{formatPrice(amount)}</dd>
          </div>
        ))}
        {(p.cash > 0 || p.cashGiven > 0) && (
          <div>
            <dt>Kusuri</dt>
            <dd>{formatPrice(p.change)}</dd>
          </div>
        )}
      </dl>
      <p className="cr-not-fiscal">{NOT_FISCAL}</p>
      <p className="cr-foot">Shitësi: {sale.seller ?? '—'} · Faleminderit! · Kthim brenda 14 ditëve nëse produkti është i papërdorur.</p>
    </article>
  );
}
