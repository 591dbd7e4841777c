import { useId, useState, type FormEvent } from 'react';
import {
  counterPaymentLabels,
  counterPaymentMethods,
  daysBetween,
  RETURN_DAYS,
  type CounterPaymentMethod,
} from '@shop/shared/domain/counter';
import { formatDateTime, todayInShop } from '@shop/shared/domain/time';
import { formatPrice } from '@shop/shared/domain/money';
import type { CounterSale } from '@shop/shared/schemas/counter';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { useCounterReturn } from '../api/counter';

/**
 * 'Kthim brenda 14 ditëve' (decision 044): staff choose how many of each line come back, whether
 * they go back on the shelf (unused) or not (defective), how the money goes back, and why. Past 14
 * days the owner's reason is asked (the server lets only the owner through then).
 */
export function CounterReturn({ sale }: { sale: CounterSale }) {
  const ids = useId();
  const note = useActionMessage();
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [restock, setRestock] = useState(true);
  const [method, setMethod] = useState<CounterPaymentMethod>('cash');
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState('');
  const send = useCounterReturn(sale.id);
  const late = daysBetween(todayInShop(new Date(sale.createdAt)), todayInShop()) > RETURN_DAYS;
  const open = sale.lines.filter((l) => l.quantity - l.returned > 0);
  const chosen = open.filter((l) => (counts[l.id] ?? 0) > 0).map((l) => ({ lineId: l.id, quantity: counts[l.id]! }));
  const can = chosen.length > 0 && reason.trim().length >= 3 && (!late || override.trim().length >= 5) && !send.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!can) return;
    note.clear();
    send.mutate(
      { lines: chosen, restock, refundMethod: method, reason: reason.trim(), ...(late ? { overrideReason: override.trim() } : {}) },
      {
        onSuccess: (r) => {
          note.success(r.msg);
          setCounts({});
          setReason('');
          setOverride('');
        },
        onError: (err) => note.failure(err),
      },
    );
  };

  return (
    <section className="counter-return" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Kthim brenda {RETURN_DAYS} ditëve</h2>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      {sale.returns.length > 0 && (
        <ul className="counter-sheets">
          {sale.returns.map((r) => (
            <li key={r.id}>
              Kthimi #{r.id} · {formatDateTime(r.createdAt)} · {formatPrice(r.refund)} me {counterPaymentLabels[r.refundMethod]} ·{' '}
              {r.restock ? 'në stok' : 'i dëmtuar'} · {r.reason}
            </li>
          ))}
        </ul>
      )}
      {open.length === 0 ? (
        <p className="muted">Të gjitha rreshtat janë kthyer.</p>
      ) : (
        <form onSubmit={submit} className="counter-return-form" aria-label="Kthim nga shitja">
          {late && (
            <p className="alert alert-error" role="note">
              Kanë kaluar më shumë se {RETURN_DAYS} ditë nga shitja: kthimi kërkon miratimin e pronarit me arsye.
            </p>
          )}
          {open.map((l) => {
            const name = l.variantTitle ? `${l.name} (${l.variantTitle})` : l.name;
            return (
              <div className="field" key={l.id}>
                <label htmlFor={`${ids}-q${l.id}`}>
                  Kthehen nga “{name}”{l.imei ? ` (IMEI ${l.imei})` : ''}: deri në {l.quantity - l.returned}
                </label>
                <input
                  id={`${ids}-q${l.id}`}
                  type="number"
                  min={0}
                  max={l.quantity - l.returned}
                  value={counts[l.id] ?? 0}
                  onChange={(e) =>
                    setCounts((c) => ({
                      ...c,
                      [l.id]: Math.max(0, Math.min(l.quantity - l.returned, Math.trunc(Number(e.target.value)) || 0)),
                    }))
                  }
                />
              </div>
            );
          })}
          <label className="counter-choice">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> Kthehet në stok (i papërdorur)
          </label>
          <div className="field">
            <label htmlFor={`${ids}-method`}>Paratë kthehen me</label>
            <select id={`${ids}-method`} value={method} onChange={(e) => setMethod(e.target.value as CounterPaymentMethod)}>
              {counterPaymentMethods.map((m) => (
                <option key={m} value={m}>
                  {counterPaymentLabels[m]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-reason`}>Arsyeja e kthimit</label>
            <input id={`${ids}-reason`} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
          </div>
          {late && (
            <div className="field">
              <label htmlFor={`${ids}-override`}>Arsyeja e pronarit (pas {RETURN_DAYS} ditëve)</label>
              <input id={`${ids}-override`} value={override} maxLength={300} onChange={(e) => setOverride(e.target.value)} />
            </div>
          )}
          <button type="submit" className="btn btn-outline" disabled={!can}>
            {send.isPending ? 'Po regjistrohet…' : 'Regjistro kthimin'}
          </button>
        </form>
      )}
    </section>
  );
}
