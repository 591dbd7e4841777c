import { differenceKind, differenceLabels } from '@shop/shared/domain/day-close';
import { formatPrice } from '@shop/shared/domain/money';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { formatDateTime, formatDay } from '@shop/shared/domain/time';
import type { DayClose } from '@shop/shared/schemas/day-close';
import { DayCloseMethodsTable } from './day-close-methods';

export type DayClosePaper = 'thermal' | 'a4';

/** Each paper's page: in the document only while the report is printed (as the counter's receipt). */
const PAGES: Record<DayClosePaper, string> = {
  thermal: '@page { size: 80mm 297mm; margin: 3mm 4mm; }',
  a4: '@page { size: A4; margin: 12mm 14mm; }',
};

/** The difference as the report names it: 'Tepricë +0,50 €', 'Mungesë −0,05 €' or 'Pa diferencë'. */
export function differenceText(euros: number): string {
  const kind = differenceKind(Math.round(euros * 100));
  if (kind === 'none') return `${differenceLabels.none} (${formatPrice(0)})`;
  return `${differenceLabels[kind]} ${kind === 'over' ? '+' : '−'}${formatPrice(Math.abs(euros))}`;
}

/**
 * The printed close of a till's day (decision 051): an 80 mm strip or an A4 page, as the counter's
 * receipt prints. Every figure comes from the stored snapshot.
 */
export function DayClosePrint({ close, paper }: { close: DayClose; paper: DayClosePaper }) {
  const f = close.figures;
  const cash = f.byMethod.find((m) => m.method === 'cash');
  return (
    <article className={`day-close-print day-close-print-${paper}`} aria-label={`Mbyllja e ditës ${formatDay(close.day)}, ${close.till}`}>
      <style>{PAGES[paper]}</style>
      <header className="dcp-head">
        <p className="dcp-shop">{shop.name}</p>
        <p>{shopAddress()}</p>
        <p className="dcp-title">Mbyllja e ditës #{close.id}</p>
        <p>
          {close.till} · Data: {formatDay(close.day)}
        </p>
        <p>
          Mbyllur: {formatDateTime(close.closedAt)} nga {close.closedBy ?? '—'}
        </p>
      </header>
      <DayCloseMethodsTable f={f} className="dcp-table" />
      <dl className="dcp-sums">
        <div>
          <dt>Shitje / kthime</dt>
          <dd>
            {f.salesCount} / {f.returnsCount}
          </dd>
        </div>
        <div>
          <dt>Fondi fillestar</dt>
          <dd>{formatPrice(f.openingFloat)}</dd>
        </div>
        <div>
          <dt>+ Shitje me Cash</dt>
          <dd>{formatPrice(cash?.sales ?? 0)}</dd>
        </div>
        <div>
          <dt>− Kthime me Cash</dt>
          <dd>−{formatPrice(cash?.refunds ?? 0)}</dd>
        </div>
        <div>
          <dt>+ Para nga korrieri ({f.codOrders} porosi)</dt>
          <dd>{formatPrice(f.codCash)}</dd>
        </div>
        <div className="dcp-strong">
          <dt>Paratë e pritura në arkë</dt>
          <dd>{formatPrice(f.expectedCash)}</dd>
        </div>
        <div className="dcp-strong">
          <dt>Paratë e numëruara</dt>
          <dd>{formatPrice(f.countedCash ?? 0)}</dd>
        </div>
        <div className="dcp-total">
          <dt>Diferenca</dt>
          <dd>{differenceText(f.difference ?? 0)}</dd>
        </div>
      </dl>
      {close.note && <p className="dcp-note">Shënim: {close.note}</p>}
      <p className="dcp-sign">Nënshkrimi: ______________________</p>
      <p className="dcp-foot">Ky dokument nuk është kupon fiskal.</p>
    </article>
  );
}
