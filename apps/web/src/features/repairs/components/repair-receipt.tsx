import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { repairAccessoryLabels, repairConditionLabels } from '@shop/shared/domain/repairs';
import { repairDeviceName } from '@shop/shared/domain/repair-devices';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDay, formatDateTime, todayInShop } from '@shop/shared/domain/time';
import { shop } from '@shop/shared/domain/shop';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairDetail } from '@shop/shared/schemas/repairs';
import { PrintHeader, PrintRow, SignatureLines } from '../../../components/print/print-doc';
import { useFitToPage } from '../../../components/print/fit-to-page';
import { EmailAddress } from '../../../components/ui/email-address';

/** The tracking link as a QR code (an SVG image), or null while it is drawn. */
export function useQrSvg(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((s) => {
        if (live) setSvg(s);
      })
      .catch(() => {
        if (live) setSvg(null);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

/** The customer's section of a repair's printed papers (intake and pickup): the address breaks only at '@' or a dot. */
export function CustomerFacts({ repair }: { repair: Pick<RepairDetail, 'customerName' | 'customerPhone' | 'customerEmail'> }) {
  return (
    <section>
      <h3>{t.customerSection}</h3>
      <dl>
        <PrintRow label="Emri" value={repair.customerName} />
        <PrintRow label="Telefoni" value={repair.customerPhone} />
        <PrintRow label="Email" value={repair.customerEmail && <EmailAddress email={repair.customerEmail} />} />
      </dl>
    </section>
  );
}

/**
 * The intake receipt (issue 16): one A4 page, shown only in print (print-doc.css), with the shop,
 * the ticket code large and the QR code of the tracking link, the customer, the device, the
 * fault, the condition and what was left with it, the estimate and the deposit, the shop's terms
 * and the two signature lines.
 */
export function RepairReceipt({ repair }: { repair: RepairDetail }) {
  const fit = useFitToPage<HTMLElement>([repair]);
  const qr = useQrSvg(repair.trackingUrl);
  const conditions = repair.conditions.map((c) => repairConditionLabels[c]).join(', ');
  const accessories = repair.accessories.map((a) => repairAccessoryLabels[a]).join(', ');
  return (
    <article ref={fit.ref} style={fit.style} className="print-doc repair-receipt" aria-label={`${m.receiptTitle} ${repair.code}`}>
      <PrintHeader title={m.receiptTitle} date={formatDay(todayInShop(new Date(repair.createdAt)))} />

      <div className="rr-code-row">
        <div>
          <p className="rr-code-label">{m.trackCode}</p>
          <p className="rr-code">{repair.code}</p>
          <p className="rr-when">Pranuar: {formatDateTime(repair.createdAt)}</p>
          <p className="rr-track">
            {m.trackTitle}: <span>{repair.trackingUrl}</span>
          </p>
          <p className="rr-track-help">{m.trackIntro}</p>
        </div>
        {qr && (
          <img
            className="rr-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
            alt={`Kodi QR: ${repair.trackingUrl}`}
            width={118}
            height={118}
          />
        )}
      </div>

      <div className="pd-columns">
        <CustomerFacts repair={repair} />
        <section>
          <h3>{t.deviceSection}</h3>
          <dl>
            <PrintRow label="Pajisja" value={repairDeviceName(repair.brand, repair.model)} />
            <PrintRow label="IMEI" value={repair.imei} />
            <PrintRow label="Ngjyra" value={repair.colour} />
          </dl>
        </section>
      </div>

      <section className="pd-notes">
        <h3>Defekti sipas klientit</h3>
        <p>{repair.fault}</p>
      </section>

      <div className="pd-columns pd-block">
        <section>
          <h3>{t.conditionSection}</h3>
          <dl>
            <PrintRow label="Gjendja" value={conditions} />
            <PrintRow label="Shënime" value={repair.conditionNotes} />
            <PrintRow label="Aksesorët" value={accessories} />
          </dl>
        </section>
        <section>
          <h3>Çmimi</h3>
          <dl>
            <PrintRow
              label={m.trackEstimate}
              value={
                repair.warranty ? `${formatPrice(0)} (${m.trackWarranty})` : repair.estimate === null ? '' : formatPrice(repair.estimate)
              }
            />
            <PrintRow label="Depozita" value={formatPrice(repair.deposit)} />
            <PrintRow label="Tekniku" value={repair.technician} />
          </dl>
        </section>
      </div>

      <section className="pd-terms">
        <h3>Kushtet</h3>
        <ol>
          {m.receiptTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </section>

      <SignatureLines left={m.receiptCustomerSignature} right={m.receiptStaffSignature} />
      <p className="pd-thanks">
        {shop.name} · {shop.phone} · {shop.email} · {shop.days}, {shop.opens}–{shop.closes}
      </p>
    </article>
  );
}
