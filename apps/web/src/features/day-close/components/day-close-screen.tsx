import { useId, useState, type FormEvent } from 'react';
import { formatPrice, isWholeCents, toCents, toEuros } from '@shop/shared/domain/money';
import { formatDateTime, formatDay, todayInShop } from '@shop/shared/domain/time';
import type { DayClose } from '@shop/shared/schemas/day-close';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { useTill } from '../../../components/admin/use-till';
import { LoadError, LoadingNote } from '../../../components/ui/query-state';
import { errorText } from '../../../components/admin/error-text';
import { parsePrice } from '../../../lib/price-input';
import { useCloseDay, useDayCloseReport, useDayCloses } from '../api/day-close';
import { DayCloseMethodsTable } from './day-close-methods';
import { DayClosePrint, differenceText, type DayClosePaper } from './day-close-print';
import '../day-close.css';

/** A typed amount in cents: undefined when empty, NaN when it is not an amount of whole cents ≥ 0. */
function cents(text: string): number | undefined {
  const v = parsePrice(text);
  if (v === undefined) return undefined;
  return Number.isFinite(v) && v >= 0 && isWholeCents(v) ? toCents(v) : Number.NaN;
}

/** A closed day: its stored figures, and its paper (80 mm or A4) to print or reprint. */
function ClosedDay({ close }: { close: DayClose }) {
  const [paper, setPaper] = useState<DayClosePaper>('thermal');
  return (
    <section className="day-close-closed" aria-labelledby="day-close-closed">
      <div className="no-print day-close-screen">
        <h2 id="day-close-closed">
          {close.till}, {formatDay(close.day)}: dita është mbyllur
        </h2>
        <p>
          Mbyllur më {formatDateTime(close.closedAt)} nga {close.closedBy ?? '—'}. Raporti nuk ndryshohet më.
        </p>
        <p className="day-close-diff">
          Diferenca: <strong>{differenceText(close.figures.difference ?? 0)}</strong>
        </p>
        <fieldset className="day-close-paper">
          <legend>Formati</legend>
          <label className="counter-choice">
            <input type="radio" name="day-close-paper" checked={paper === 'thermal'} onChange={() => setPaper('thermal')} /> Kupon 80 mm
          </label>
          <label className="counter-choice">
            <input type="radio" name="day-close-paper" checked={paper === 'a4'} onChange={() => setPaper('a4')} /> A4
          </label>
        </fieldset>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {paper === 'thermal' ? 'Printo raportin 80 mm' : 'Printo raportin A4'}
        </button>
      </div>
      <DayClosePrint close={close} paper={paper} />
    </section>
  );
}

/**
 * 'Mbyllja e ditës' (issue 28, decision 051): a till's day so far, the cash the drawer should hold
 * and, once staff have counted it, the difference; the close stores the report for good.
 */
export function DayCloseScreen() {
  const ids = useId();
  const today = todayInShop();
  const [till, setTill, tills] = useTill();
  const [day, setDay] = useState(today);
  const [float, setFloat] = useState('');
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const report = useDayCloseReport(till, day);
  const closes = useDayCloses();
  const close = useCloseDay();
  const message = useActionMessage();

  const floatCents = cents(float);
  const countedCents = cents(counted);
  const floatProblem = Number.isNaN(floatCents) ? 'Fondi fillestar duhet të jetë një shumë nga 0 me të shumtën 2 shifra dhjetore.' : null;
  const countedProblem =
    counted.trim() !== '' && Number.isNaN(countedCents)
      ? 'Shkruani paratë e numëruara në arkë: një shumë nga 0 me të shumtën 2 shifra dhjetore.'
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (countedCents === undefined || Number.isNaN(countedCents) || floatProblem) return;
    message.clear();
    close.mutate(
      {
        till,
        day,
        ...(floatCents ? { openingFloat: toEuros(floatCents) } : {}),
        countedCash: toEuros(countedCents),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (r) => {
          message.success(r.msg);
          setCounted('');
          setFloat('');
          setNote('');
        },
        onError: (err) => message.failure(err),
      },
    );
  };

  return (
    <div className="day-close">
      <div className="no-print day-close-screen">
        <div className="day-close-pick">
          <div className="field">
            <label htmlFor={`${ids}-till`}>Arka</label>
            <select id={`${ids}-till`} value={till} onChange={(e) => setTill(e.target.value as typeof till)}>
              {tills.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-day`}>Dita</label>
            <input id={`${ids}-day`} type="date" value={day} max={today} onChange={(e) => setDay(e.target.value || today)} />
          </div>
        </div>
        <ActionMessage message={message.message} onDismiss={message.clear} />
      </div>

      {report.isPending && <LoadingNote text="Po ngarkohet raporti…" />}
      {report.isError && <LoadError text={errorText(report.error)} onRetry={() => void report.refetch()} />}
      {report.data?.closed && <ClosedDay close={report.data.closed} />}
      {report.data && !report.data.closed && (
        <form className="no-print day-close-open" onSubmit={submit} noValidate aria-labelledby={`${ids}-open`}>
          <h2 id={`${ids}-open`}>
            {till}, {formatDay(day)}: deri tani
          </h2>
          <DayCloseMethodsTable f={report.data.figures} className="day-close-methods" />
          <dl className="day-close-sums">
            <div>
              <dt>Shitje / kthime</dt>
              <dd>
                {report.data.figures.salesCount} / {report.data.figures.returnsCount}
              </dd>
            </div>
            <div>
              <dt>Para nga korrieri ({report.data.figures.codOrders} porosi me para në dorë)</dt>
              <dd>{formatPrice(report.data.figures.codCash)}</dd>
            </div>
            <div>
              <dt>Paratë e pritura në arkë (pa fondin fillestar)</dt>
              <dd>{formatPrice(report.data.figures.expectedCash)}</dd>
            </div>
          </dl>
          <div className="day-close-count">
            <div className="field">
              <label htmlFor={`${ids}-float`}>Fondi fillestar (€)</label>
              <input
                id={`${ids}-float`}
                inputMode="decimal"
                value={float}
                onChange={(e) => setFloat(e.target.value)}
                aria-invalid={!!floatProblem}
              />
              {floatProblem && <p className="field-error">{floatProblem}</p>}
            </div>
            <div className="field">
              <label htmlFor={`${ids}-counted`}>Paratë e numëruara në arkë (€)</label>
              <input
                id={`${ids}-counted`}
                inputMode="decimal"
                value={counted}
                onChange={(e) => setCounted(e.target.value)}
                required
                aria-invalid={!!countedProblem}
                aria-describedby={`${ids}-diff`}
              />
              {countedProblem && <p className="field-error">{countedProblem}</p>}
            </div>
            <div className="field">
              <label htmlFor={`${ids}-note`}>Shënim (opsional)</label>
              <input id={`${ids}-note`} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
            </div>
          </div>
          <p id={`${ids}-diff`} className="day-close-diff" aria-live="polite">
            {countedCents !== undefined && !Number.isNaN(countedCents) && !floatProblem ? (
              <>
                Paratë e pritura: {formatPrice(toEuros(toCents(report.data.figures.expectedCash) + (floatCents ?? 0)))} · Diferenca:{' '}
                <strong>{differenceText(toEuros(countedCents - toCents(report.data.figures.expectedCash) - (floatCents ?? 0)))}</strong>
              </>
            ) : (
              'Numëroni paratë në arkë dhe shkruani shumën.'
            )}
          </p>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={countedCents === undefined || Number.isNaN(countedCents) || !!floatProblem || close.isPending}
          >
            {close.isPending ? 'Po mbyllet…' : 'Mbyll ditën'}
          </button>
        </form>
      )}

      <section className="no-print day-close-past" aria-labelledby={`${ids}-past`}>
        <h2 id={`${ids}-past`}>Mbylljet e mëparshme</h2>
        {closes.isError && <LoadError text={errorText(closes.error)} onRetry={() => void closes.refetch()} />}
        {closes.data && closes.data.closes.length === 0 && <p>Asnjë ditë e mbyllur ende.</p>}
        {closes.data && closes.data.closes.length > 0 && (
          <div className="day-close-past-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Dita</th>
                  <th scope="col">Arka</th>
                  <th scope="col" className="num">
                    Të pritura
                  </th>
                  <th scope="col" className="num">
                    Të numëruara
                  </th>
                  <th scope="col">Diferenca</th>
                  <th scope="col">Mbylli</th>
                  <th scope="col">
                    <span className="visually-hidden">Veprime</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {closes.data.closes.map((c) => (
                  <tr key={c.id}>
                    <td>{formatDay(c.day)}</td>
                    <td>{c.till}</td>
                    <td className="num">{formatPrice(c.figures.expectedCash)}</td>
                    <td className="num">{formatPrice(c.figures.countedCash ?? 0)}</td>
                    <td>{differenceText(c.figures.difference ?? 0)}</td>
                    <td>{c.closedBy ?? '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-outline"
                        aria-label={`Shiko dhe printo përsëri ${c.till}, ${formatDay(c.day)}`}
                        onClick={() => {
                          setTill(c.till as typeof till);
                          setDay(c.day);
                          window.scrollTo({ top: 0 });
                        }}
                      >
                        Printo përsëri
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
