import { formatPrice } from '@shop/shared/domain/money';
import { repairDeviceName } from '@shop/shared/domain/repair-devices';
import { repairWarrantyLabel } from '@shop/shared/domain/repairs';
import { formatDay, formatDateTime } from '@shop/shared/domain/time';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairDetail } from '@shop/shared/schemas/repairs';
import { PrintHeader, PrintRow, SignatureLines } from '../../../components/print/print-doc';
import { useFitToPage } from '../../../components/print/fit-to-page';
import { dueLine } from './repair-handover-card';
import { CustomerFacts } from './repair-receipt';

export type PickupLayout = 'a4' | 'thermal';

/** An 80 mm roll: the strip is 72 mm wide inside the margins, and long enough for the receipt on one page. */
const THERMAL_PAGE = '@page { size: 80mm 230mm; margin: 3mm 4mm; }';
type Handover = NonNullable<RepairDetail['handover']>;

/** The warranty sentence of the receipt: months, what it covers, until when; or that there is none. */
const warrantySentence = (h: Handover) =>
  h.warrantyUntil === null
    ? m.pickupNoWarranty
    : m.pickupWarranty(repairWarrantyLabel(h.warrantyMonths), h.warrantyNote, formatDay(h.warrantyUntil));

/** The receipt's amounts: the final price, the deposit taken off, what was paid (or given back) and how. */
function Amounts({ h }: { h: Handover }) {
  const due = dueLine(h);
  return (
    <dl>
      <PrintRow label={t.finalPrice} value={formatPrice(h.finalPrice)} />
      <PrintRow label={t.depositTaken} value={`− ${formatPrice(h.deposit)}`} />
      <PrintRow label={due.label} value={due.value} />
      <PrintRow label={t.paidWith} value={h.payment} />
    </dl>
  );
}

/**
 * The pickup receipt (issue 26), printed when the repaired device goes back to its owner: the
 * ticket, the device, the final price with the deposit taken off, the payment, and the repair's own
 * warranty (months from the day of hand-over, and what it covers). One A4 page like the intake
 * receipt, or an 80 mm strip for a thermal printer (its own page size, set by a style element that is
 * in the document only while the strip is).
 */
export function RepairPickupReceipt({ repair, handover: h, layout }: { repair: RepairDetail; handover: Handover; layout: PickupLayout }) {
  const fit = useFitToPage<HTMLElement>([repair, layout]);
  const device = repairDeviceName(repair.brand, repair.model);
  const label = `${m.pickupTitle} ${repair.code}`;
  if (layout === 'thermal') {
    return (
      <article className="print-doc repair-pickup repair-pickup-thermal" aria-label={label}>
        {/* The strip's page: in the document only while the strip is, so it overrides print-doc.css's A4 then alone. */}
        <style>{THERMAL_PAGE}</style>
        <p className="rp-shop">{shop.name}</p>
        <p>{shopAddress()}</p>
        <p>Tel: {shop.phone}</p>
        <p className="rp-title">{m.pickupTitle}</p>
        <p className="rp-code">{repair.code}</p>
        <p>Data: {formatDay(h.handedOverOn)}</p>
        <hr />
        <dl>
          <PrintRow label="Klienti" value={repair.customerName} />
          <PrintRow label="Pajisja" value={device} />
          <PrintRow label="IMEI" value={repair.imei} />
        </dl>
        <hr />
        <Amounts h={h} />
        <hr />
        <p className="rp-warranty">{warrantySentence(h)}</p>
        <ul className="rp-terms">
          {m.pickupTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        <p>{m.pickupReceived}</p>
        <span className="pd-line" />
        <p className="rp-sign">{m.receiptCustomerSignature}</p>
        <p className="rp-thanks">Faleminderit! · {shop.email}</p>
      </article>
    );
  }
  return (
    <article ref={fit.ref} style={fit.style} className="print-doc repair-pickup" aria-label={label}>
      <PrintHeader title={m.pickupTitle} number={repair.code} date={formatDay(h.handedOverOn)} />
      <div className="pd-columns">
        <CustomerFacts repair={repair} />
        <section>
          <h3>{t.deviceSection}</h3>
          <dl>
            <PrintRow label="Pajisja" value={device} />
            <PrintRow label="IMEI" value={repair.imei} />
            <PrintRow label="Pranuar" value={formatDateTime(repair.createdAt)} />
          </dl>
        </section>
      </div>
      <section className="pd-notes">
        <h3>Defekti sipas klientit</h3>
        <p>{repair.fault}</p>
      </section>
      <div className="pd-columns pd-block">
        <section>
          <h3>Pagesa</h3>
          <Amounts h={h} />
        </section>
        <section>
          <h3>{t.repairWarrantyLabel}</h3>
          <p className="rp-warranty">{warrantySentence(h)}</p>
        </section>
      </div>
      <section className="pd-terms">
        <h3>Kushtet e garancionit</h3>
        <ol>
          {m.pickupTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
        <p>{m.pickupReceived}</p>
      </section>
      <SignatureLines left={m.receiptCustomerSignature} right={m.receiptStaffSignature} />
      <p className="pd-thanks">
        {shop.name} · {shop.phone} · {shop.email} · {shop.days}, {shop.opens}–{shop.closes}
      </p>
    </article>
  );
}
