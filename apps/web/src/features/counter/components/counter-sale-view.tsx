import { useEffect, useState, type ReactNode } from 'react';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { formatPrice } from '@shop/shared/domain/money';
import { LoadError, LoadingNote } from '../../../components/ui/query-state';
import { errorText } from '../../../components/admin/error-text';
import { Link, useLocation } from '../../../lib/router';
import { useCounterSale } from '../api/counter';
import { CounterReceipt, type ReceiptLayout } from './counter-receipt';
import { CounterReturn } from './counter-return';
import { GiftCardInsert } from '../../../components/gift-card/gift-card-insert';
import { IssuedGiftCardItem } from '../../../components/gift-card/issued-gift-card';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import '../counter.css';

/**
 * One counter sale (decision 044): the change to give back in large type, and its receipt to print
 * as an 80 mm strip or an A4 page (the screen shows the paper as it prints).
 */
export function CounterSaleView({
  id,
  recordSheetPrint,
  renderSheet,
}: {
  id: number | null;
  /** Records in 'Historiku' that a sheet is printed (the warranty feature's call, composed by the page). */
  recordSheetPrint: (sheetId: number) => Promise<unknown>;
  /** The printed warranty sheet (the warranty feature's, composed by the page). */
  renderSheet: (sheet: WarrantySheet) => ReactNode;
}) {
  const sale = useCounterSale(id);
  const location = useLocation();
  const [layout, setLayout] = useState<ReceiptLayout>('thermal');
  /** What the next print takes: the receipt, or one phone's warranty sheet (by its id). */
  const [doc, setDoc] = useState<
    { kind: 'receipt' } | { kind: 'sheet'; id: number; run: number } | { kind: 'gift'; id: number; run: number }
  >({
    kind: 'receipt',
  });
  // Decision 048: a gift card's insert prints once it is in the page; then the receipt is back.
  useEffect(() => {
    if (doc.kind !== 'gift') return;
    const frame = requestAnimationFrame(() => window.print());
    const back = () => setDoc({ kind: 'receipt' });
    window.addEventListener('afterprint', back);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', back);
    };
  }, [doc]);
  // A sheet prints once it is in the page (and its print is recorded in 'Historiku'); then the receipt is back.
  useEffect(() => {
    if (doc.kind !== 'sheet') return;
    let live = true;
    void recordSheetPrint(doc.id)
      .catch(() => undefined)
      .then(() => {
        if (live) window.print();
      });
    const back = () => setDoc({ kind: 'receipt' });
    window.addEventListener('afterprint', back);
    return () => {
      live = false;
      window.removeEventListener('afterprint', back);
    };
  }, [doc, recordSheetPrint]);
  const justMade = (location.state as { msg?: string } | null)?.msg;
  // The cards the sale issued, with their codes: only in the state the till navigated with (shown once).
  const giftCards = (location.state as { giftCards?: IssuedGiftCard[] } | null)?.giftCards ?? [];
  if (id === null) return <LoadError text="Shitja nuk u gjet." />;
  if (sale.isPending) return <LoadingNote text="Po ngarkohet shitja…" />;
  if (sale.isError) return <LoadError text={errorText(sale.error)} onRetry={() => void sale.refetch()} />;
  const s = sale.data;
  return (
    <div className="counter-sale">
      <div className="counter-sale-screen no-print">
        <h1 className="counter-sale-title">Shitja #{s.id}</h1>
        {justMade && (
          <p className="alert alert-success" role="status">
            {justMade}
          </p>
        )}
        <p className="counter-change-big">
          Kusuri: <strong>{formatPrice(s.payment.change)}</strong>
        </p>
        <fieldset className="counter-layout">
          <legend>Formati i faturës</legend>
          <label className="counter-choice">
            <input type="radio" name="receipt-layout" checked={layout === 'thermal'} onChange={() => setLayout('thermal')} /> Kupon 80 mm
          </label>
          <label className="counter-choice">
            <input type="radio" name="receipt-layout" checked={layout === 'a4'} onChange={() => setLayout('a4')} /> A4
          </label>
        </fieldset>
        <div className="counter-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => (doc.kind === 'receipt' ? window.print() : setDoc({ kind: 'receipt' }))}
          >
            {layout === 'thermal' ? 'Printo kuponin 80 mm' : 'Printo faturën A4'}
          </button>
          <Link to="/admin/shitje" className="btn btn-outline">
            Shitje e re
          </Link>
        </div>
        {s.warrantySheets.length > 0 && (
          <section aria-labelledby="counter-sheets">
            <h2 id="counter-sheets">Fletët e garancionit</h2>
            <ul className="counter-sheets">
              {s.warrantySheets.map((sheet) => (
                <li key={sheet.id}>
                  <span>
                    Nr. {sheet.id} · {sheet.modeli} · IMEI {sheet.imei} · {sheet.kohezgjatja}
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`Printo fletën e garancionit për IMEI ${sheet.imei}`}
                    onClick={() => setDoc((d) => ({ kind: 'sheet', id: sheet.id, run: (d.kind === 'sheet' ? d.run : 0) + 1 }))}
                  >
                    Printo fletën e garancionit
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {giftCards.length > 0 && (
          <section aria-labelledby="counter-gift-cards" className="counter-gift-cards">
            <h2 id="counter-gift-cards">{giftCardText.newCards(giftCards.length)}</h2>
            <p className="alert alert-info">{giftCardText.codeOnce}</p>
            <ul className="counter-sheets">
              {giftCards.map((card) => (
                <IssuedGiftCardItem
                  key={card.id}
                  card={card}
                  onPrint={() => setDoc((d) => ({ kind: 'gift', id: card.id, run: (d.kind === 'gift' ? d.run : 0) + 1 }))}
                />
              ))}
            </ul>
            <div className="counter-gift-previews">
              {giftCards.map((card) => (
                <GiftCardInsert key={card.id} card={card} printed={false} />
              ))}
            </div>
          </section>
        )}
        <CounterReturn sale={s} />
      </div>
      <CounterReceipt sale={s} layout={layout} printed={doc.kind === 'receipt'} />
      {doc.kind === 'gift' && giftCards.some((c) => c.id === doc.id) && <GiftCardInsert card={giftCards.find((c) => c.id === doc.id)!} />}
      {doc.kind === 'sheet' && s.warrantySheets.some((x) => x.id === doc.id) && renderSheet(s.warrantySheets.find((x) => x.id === doc.id)!)}
    </div>
  );
}
