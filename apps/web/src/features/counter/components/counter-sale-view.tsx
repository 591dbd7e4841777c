import { useState } from 'react';
import { formatPrice } from '@shop/shared/domain/money';
import { LoadError, LoadingNote } from '../../../components/ui/query-state';
import { errorText } from '../../../components/admin/error-text';
import { Link, useLocation } from '../../../lib/router';
import { useCounterSale } from '../api/counter';
import { CounterReceipt, type ReceiptLayout } from './counter-receipt';
import '../counter.css';

/**
 * One counter sale (decision 044): the change to give back in large type, and its receipt to print
 * as an 80 mm strip or an A4 page (the screen shows the paper as it prints).
 */
export function CounterSaleView({ id }: { id: number | null }) {
  const sale = useCounterSale(id);
  const location = useLocation();
  const [layout, setLayout] = useState<ReceiptLayout>('thermal');
  const justMade = (location.state as { msg?: string } | null)?.msg;
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
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {layout === 'thermal' ? 'Printo kuponin 80 mm' : 'Printo faturën A4'}
          </button>
          <Link to="/admin/shitje" className="btn btn-outline">
            Shitje e re
          </Link>
        </div>
      </div>
      <CounterReceipt sale={s} layout={layout} />
    </div>
  );
}
