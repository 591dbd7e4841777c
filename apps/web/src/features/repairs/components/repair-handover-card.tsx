import { formatPrice } from '@shop/shared/domain/money';
import { repairWarrantyLabel } from '@shop/shared/domain/repairs';
import { formatDay } from '@shop/shared/domain/time';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairDetail } from '@shop/shared/schemas/repairs';

type Handover = NonNullable<RepairDetail['handover']>;

/** The pickup receipt's and the card's warranty line: '3 muaj, deri më 27.02.2027 (ekranin e ndërruar)' or 'Pa garancion'. */
export function handoverWarrantyText(h: Handover): string {
  if (h.warrantyUntil === null) return repairWarrantyLabel(0);
  const text = t.warrantyUntil(repairWarrantyLabel(h.warrantyMonths), formatDay(h.warrantyUntil));
  return h.warrantyNote ? `${text} (${h.warrantyNote})` : text;
}

/** What the customer paid at pickup, or got back when the deposit was more than the final price. */
export const dueLine = (h: Handover) =>
  h.due < 0 ? { label: t.refund, value: formatPrice(-h.due) } : { label: t.due, value: formatPrice(h.due) };

/** 'Dorëzimi' on the ticket's page (issue 26): the final price, the deposit taken off, what was paid and how, the repair's warranty. */
export function RepairHandoverCard({ handover: h }: { handover: Handover }) {
  const due = dueLine(h);
  return (
    <section className="order-card" aria-labelledby="repair-handover">
      <h2 id="repair-handover">{t.handoverSection}</h2>
      <dl className="order-facts">
        <dt>{t.finalPrice}</dt>
        <dd>{formatPrice(h.finalPrice)}</dd>
        <dt>{t.depositTaken}</dt>
        <dd>{formatPrice(h.deposit)}</dd>
        <dt>{due.label}</dt>
        <dd>
          <strong>{due.value}</strong>
        </dd>
        <dt>{t.paidWith}</dt>
        <dd>{h.payment}</dd>
        <dt>{t.repairWarrantyLabel}</dt>
        <dd>{handoverWarrantyText(h)}</dd>
        <dt>Data</dt>
        <dd>{formatDay(h.handedOverOn)}</dd>
      </dl>
      {h.warrantyUntil === null && <p className="muted">{m.pickupNoWarranty}</p>}
    </section>
  );
}
