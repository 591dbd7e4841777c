import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { counterPaymentLabels, counterPaymentMethods, type CounterPaymentMethod } from '@shop/shared/domain/counter';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { useTill } from '../../../components/admin/use-till';
import { useOrderAfterSale, useOrderReturn } from '../api/order-returns';
import '../order-returns.css';

/**
 * Under an online order's page (decision 051): its phones' warranty sheets made on delivery, each
 * printable with one click, and 'Kthim' — lines of a delivered order coming back within 14 days
 * (later with the owner's reason), on the shelf or defective, refunded from a till.
 */
export function OrderAfterSale({
  orderId,
  recordSheetPrint,
  renderSheet,
}: {
  orderId: number;
  recordSheetPrint: (sheetId: number) => Promise<unknown>;
  renderSheet: (sheet: WarrantySheet) => ReactNode;
}) {
  const ids = useId();
  const data = useOrderAfterSale(orderId);
  const ret = useOrderReturn(orderId);
  const note = useActionMessage();
  const [till, setTill, tills] = useTill();
  const [printing, setPrinting] = useState<{ id: number; run: number } | null>(null);
  const [open, setOpen] = useState(false);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [imeis, setImeis] = useState<Record<number, string[]>>({});
  const [restock, setRestock] = useState(true);
  const [method, setMethod] = useState<CounterPaymentMethod>('cash');
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState('');

  // A sheet prints once it is in the page (its print recorded in 'Historiku'); the order's slip steps aside meanwhile.
  useEffect(() => {
    if (!printing) return;
    let live = true;
    document.body.classList.add('printing-order-sheet');
    void recordSheetPrint(printing.id)
      .catch(() => undefined)
      .then(() => {
        if (live) window.print();
      });
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done);
    return () => {
      live = false;
      document.body.classList.remove('printing-order-sheet');
      window.removeEventListener('afterprint', done);
    };
  }, [printing, recordSheetPrint]);

  if (!data.data) return null;
  const a = data.data;
  const delivered = a.deliveredAt !== null;
  const chosen = a.lines
    .map((l) => {
      const serialized = l.imeis.length > 0;
      const picked = imeis[l.itemId] ?? [];
      const quantity = serialized ? picked.length : (qty[l.itemId] ?? 0);
      return { itemId: l.itemId, quantity, ...(serialized ? { imeis: picked } : {}) };
    })
    .filter((l) => l.quantity > 0);
  const canReturn = chosen.length > 0 && reason.trim().length >= 3 && !ret.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canReturn) return;
    note.clear();
    ret.mutate(
      {
        lines: chosen,
        restock,
        refundMethod: method,
        till,
        reason: reason.trim(),
        ...(override.trim() ? { overrideReason: override.trim() } : {}),
      },
      {
        onSuccess: (r) => {
          note.success(r.msg);
          setQty({});
          setImeis({});
          setReason('');
          setOverride('');
          setOpen(false);
        },
        onError: (err) => note.failure(err),
      },
    );
  };

  const sheet = printing ? a.sheets.find((s) => s.sheet.id === printing.id) : undefined;
  return (
    <>
      <div className="no-print order-after-sale">
        {a.sheets.length > 0 && (
          <section aria-labelledby={`${ids}-sheets`}>
            <h2 id={`${ids}-sheets`}>Fletët e garancionit</h2>
            <ul className="order-after-sale-sheets">
              {a.sheets.map(({ sheet: s, voided }) => (
                <li key={s.id}>
                  <span>
                    Nr. {s.id} · {s.modeli} · IMEI {s.imei} · {s.kohezgjatja}
                    {voided && <strong> · Anuluar</strong>}
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`Printo fletën e garancionit për IMEI ${s.imei}`}
                    onClick={() => setPrinting((p) => ({ id: s.id, run: (p?.run ?? 0) + 1 }))}
                  >
                    Printo fletën e garancionit
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <ActionMessage message={note.message} onDismiss={note.clear} />
        {a.returns.length > 0 && (
          <section aria-labelledby={`${ids}-returns`}>
            <h2 id={`${ids}-returns`}>Kthimet</h2>
            <ul className="order-after-sale-returns">
              {a.returns.map((r) => (
                <li key={r.id}>
                  Kthimi #{r.id} · {formatDateTime(r.createdAt)} · {formatPrice(r.refund)} me {counterPaymentLabels[r.refundMethod]} nga{' '}
                  {r.till} · {r.restock ? 'në stok' : 'i dëmtuar'} · {r.reason}
                  {r.overrideReason && ` · Pronari: ${r.overrideReason}`}
                </li>
              ))}
            </ul>
          </section>
        )}
        {delivered && !open && (
          <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
            Kthim
          </button>
        )}
        {delivered && open && (
          <form className="order-return-form" onSubmit={submit} aria-labelledby={`${ids}-return`}>
            <h2 id={`${ids}-return`}>Kthim brenda 14 ditëve nga dorëzimi</h2>
            {a.lines.map((l) => {
              const left = l.quantity - l.returned;
              const name = l.variantTitle ? `${l.name} (${l.variantTitle})` : l.name;
              if (l.imeis.length > 0)
                return (
                  <fieldset key={l.itemId}>
                    <legend>{name}</legend>
                    {l.imeis.map((u) => (
                      <label key={u.imei} className="counter-choice">
                        <input
                          type="checkbox"
                          disabled={u.returned}
                          checked={(imeis[l.itemId] ?? []).includes(u.imei)}
                          onChange={(e) =>
                            setImeis((m) => ({
                              ...m,
                              [l.itemId]: e.target.checked
                                ? [...(m[l.itemId] ?? []), u.imei]
                                : (m[l.itemId] ?? []).filter((x) => x !== u.imei),
                            }))
                          }
                        />{' '}
                        IMEI {u.imei}
                        {u.returned && ' (kthyer)'}
                      </label>
                    ))}
                  </fieldset>
                );
              return (
                <div className="field" key={l.itemId}>
                  <label htmlFor={`${ids}-q-${l.itemId}`}>
                    {name}: sa kthehen (mbeten {left})
                  </label>
                  <input
                    id={`${ids}-q-${l.itemId}`}
                    type="number"
                    min={0}
                    max={left}
                    value={qty[l.itemId] ?? 0}
                    onChange={(e) => setQty((q) => ({ ...q, [l.itemId]: Math.max(0, Math.min(left, Number(e.target.value) || 0)) }))}
                  />
                </div>
              );
            })}
            <fieldset>
              <legend>Produkti</legend>
              <label className="counter-choice">
                <input type="radio" name={`${ids}-restock`} checked={restock} onChange={() => setRestock(true)} /> Kthehet në stok
              </label>
              <label className="counter-choice">
                <input type="radio" name={`${ids}-restock`} checked={!restock} onChange={() => setRestock(false)} /> I dëmtuar (për riparim
                ose furnitorin)
              </label>
            </fieldset>
            <div className="order-return-row">
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
                <label htmlFor={`${ids}-till`}>Nga arka</label>
                <select id={`${ids}-till`} value={till} onChange={(e) => setTill(e.target.value as typeof till)}>
                  {tills.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-reason`}>Arsyeja e kthimit</label>
              <input id={`${ids}-reason`} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} required />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-override`}>Arsyeja e pronarit (vetëm pas 14 ditëve)</label>
              <input id={`${ids}-override`} value={override} maxLength={300} onChange={(e) => setOverride(e.target.value)} />
            </div>
            <div className="counter-actions">
              <button type="submit" className="btn btn-primary" disabled={!canReturn}>
                {ret.isPending ? 'Po regjistrohet…' : 'Regjistro kthimin'}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
                Anulo
              </button>
            </div>
          </form>
        )}
      </div>
      {sheet && renderSheet(sheet.sheet)}
    </>
  );
}
