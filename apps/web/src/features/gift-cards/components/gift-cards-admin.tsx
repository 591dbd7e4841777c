import { useEffect, useId, useState, type FormEvent } from 'react';
import { giftCardSourceLabels, giftCardStateLabels, giftEntryKindLabels, maskedGiftCode } from '@shop/shared/domain/gift-cards';
import { formatPrice, isWholeCents } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import { isStaff } from '@shop/shared/domain/permissions';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import type { IssuedGiftCard } from '@shop/shared/schemas/gift-cards';
import { errorText } from '../../../components/admin/error-text';
import { GiftCardInsert } from '../../../components/gift-card/gift-card-insert';
import { useSession } from '../../../lib/session';
import { useAdjustGiftCard, useGiftCard, useGiftCards, useIssueGiftCard } from '../api/gift-cards-admin';
import '../gift-cards.css';

/** '12,50' / '-5' / '-5.5' → a number in whole cents, or NaN. */
const readSigned = (text: string): number => {
  const n = /^\s*-?\d+([.,]\d{1,2})?\s*$/.test(text) ? Number(text.trim().replace(',', '.')) : NaN;
  return Number.isFinite(n) && isWholeCents(n) ? n : NaN;
};

/** A card's ledger and, for the owner, 'Rregullo bilancin'. */
function CardLedger({ id, owner }: { id: number; owner: boolean }) {
  const card = useGiftCard(id);
  const adjust = useAdjustGiftCard();
  const ids = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (card.isPending) return <p className="muted">Po ngarkohet…</p>;
  if (card.isError) return <p className="alert alert-error">{errorText(card.error)}</p>;
  const c = card.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = readSigned(amount);
    if (!Number.isFinite(n) || n === 0) {
      setNote({ ok: false, text: 'Shkruani ndryshimin, p.sh. -5,00 ose 10,00.' });
      return;
    }
    adjust.mutate(
      { id, body: { amount: n, reason: reason.trim() } },
      {
        onSuccess: (r) => {
          setNote({ ok: true, text: r.msg });
          setAmount('');
          setReason('');
        },
        onError: (err) => setNote({ ok: false, text: errorText(err) }),
      },
    );
  };
  return (
    <section aria-labelledby={`${ids}-title`} className="gift-admin-ledger">
      <h2 id={`${ids}-title`}>
        {giftCardText.ledger} {maskedGiftCode(c.last4)} · {giftCardText.balance}: {formatPrice(c.balance)}
      </h2>
      <p>
        {giftCardText.state}: <span className={`gift-state gift-state-${c.state}`}>{giftCardStateLabels[c.state]}</span>
      </p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{giftCardText.date}</th>
              <th scope="col">{giftCardText.kind}</th>
              <th scope="col" className="num">
                {giftCardText.sum}
              </th>
              <th scope="col">{giftCardText.reason}</th>
              <th scope="col">{giftCardText.by}</th>
            </tr>
          </thead>
          <tbody>
            {c.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDateTime(e.at)}</td>
                <td>
                  {giftEntryKindLabels[e.kind]}
                  {e.orderId !== null && ` · porosia #${e.orderId}`}
                  {e.counterSaleId !== null && ` · shitja #${e.counterSaleId}`}
                </td>
                <td className="num">{formatPrice(e.amount)}</td>
                <td>{e.reason ?? '—'}</td>
                <td>{e.by ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {owner && c.state === 'active' && (
        <form onSubmit={submit} className="gift-admin-adjust" aria-labelledby={`${ids}-adjust`}>
          <h3 id={`${ids}-adjust`}>{giftCardText.adjustTitle}</h3>
          <div className="field">
            <label htmlFor={`${ids}-amount`}>{giftCardText.adjustAmount}</label>
            <input id={`${ids}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-reason`}>{giftCardText.reason}</label>
            <input id={`${ids}-reason`} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-outline" disabled={adjust.isPending}>
            {giftCardText.adjustButton}
          </button>
          {note && (
            <p className={`alert ${note.ok ? 'alert-success' : 'alert-error'}`} role={note.ok ? 'status' : 'alert'}>
              {note.text}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** 'Lësho kartë' (staff and the owner, decision 055): the value and the reason; the code and its insert shown this once. */
function IssueCard({ onIssued }: { onIssued: (card: IssuedGiftCard) => void }) {
  const issue = useIssueGiftCard();
  const ids = useId();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = readSigned(value);
    if (!Number.isFinite(n) || n <= 0) {
      setError('Shkruani vlerën e kartës, p.sh. 25,00.');
      return;
    }
    setError(null);
    issue.mutate(
      { value: n, reason: reason.trim() },
      {
        onSuccess: (r) => {
          setValue('');
          setReason('');
          onIssued(r.card);
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{giftCardText.issueTitle}</h2>
      <p className="muted">{giftCardText.issueHint}</p>
      <div className="field">
        <label htmlFor={`${ids}-value`}>{giftCardText.value} (€)</label>
        <input id={`${ids}-value`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-reason`}>{giftCardText.reason}</label>
        <input id={`${ids}-reason`} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={issue.isPending} aria-busy={issue.isPending}>
        {giftCardText.issueButton}
      </button>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * 'Kartat dhuratë' (decision 048): the cards with their last 4 characters, value, balance, source
 * and who issued them; a card's ledger; staff and the owner issue a card by hand, the owner adjusts a balance. A
 * card's full code shows only right after it is issued, with its insert to print.
 */
export function GiftCardsAdmin() {
  const { user } = useSession();
  const owner = !isStaff(user);
  const ids = useId();
  const [q, setQ] = useState('');
  const list = useGiftCards(q.trim());
  const [open, setOpen] = useState<number | null>(null);
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const frame = requestAnimationFrame(() => window.print());
    const back = () => setPrinting(false);
    window.addEventListener('afterprint', back);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', back);
    };
  }, [printing]);
  return (
    <div className="gift-admin">
      <p className="muted no-print">{giftCardText.staffIntro}</p>
      <div className="gift-admin-forms no-print">
        <IssueCard onIssued={setIssued} />
        {issued && (
          <section aria-labelledby={`${ids}-issued`}>
            <h2 id={`${ids}-issued`}>{giftCardText.newCards(1)}</h2>
            <p className="alert alert-info">{giftCardText.codeOnce}</p>
            <p>
              {formatPrice(issued.value)} · <strong className="gift-code">{issued.code}</strong>
            </p>
            <button type="button" className="btn btn-primary" onClick={() => setPrinting(true)}>
              {giftCardText.printInsert}
            </button>
          </section>
        )}
      </div>
      <div className="field no-print">
        <label htmlFor={`${ids}-q`}>{giftCardText.search}</label>
        <input id={`${ids}-q`} value={q} maxLength={4} onChange={(e) => setQ(e.target.value.toUpperCase())} />
      </div>
      {list.isPending && <p className="muted">Po ngarkohet…</p>}
      {list.isError && <p className="alert alert-error">{errorText(list.error)}</p>}
      {list.data && list.data.cards.length === 0 && <p className="muted">{giftCardText.none}</p>}
      {list.data && list.data.cards.length > 0 && (
        <div className="table-wrap no-print">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{giftCardText.card}</th>
                <th scope="col" className="num">
                  {giftCardText.value}
                </th>
                <th scope="col" className="num">
                  {giftCardText.balance}
                </th>
                <th scope="col">{giftCardText.state}</th>
                <th scope="col">{giftCardText.source}</th>
                <th scope="col">{giftCardText.issued}</th>
                <th scope="col">
                  <span className="visually-hidden">{giftCardText.ledger}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.cards.map((c) => (
                <tr key={c.id}>
                  <td className="gift-code">…{c.last4}</td>
                  <td className="num">{formatPrice(c.value)}</td>
                  <td className="num">{formatPrice(c.balance)}</td>
                  <td>
                    <span className={`gift-state gift-state-${c.state}`}>{giftCardStateLabels[c.state]}</span>
                  </td>
                  <td>
                    {giftCardSourceLabels[c.source]}
                    {c.counterSaleId !== null && ` #${c.counterSaleId}`}
                    {c.orderId !== null && ` #${c.orderId}`}
                    {c.reason && <span className="admin-sub">{c.reason}</span>}
                  </td>
                  <td>
                    {formatDateTime(c.issuedAt)}
                    {c.issuedBy && <span className="admin-sub">{c.issuedBy}</span>}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-expanded={open === c.id}
                      aria-label={`${giftCardText.ledger} …${c.last4}`}
                      onClick={() => setOpen((o) => (o === c.id ? null : c.id))}
                    >
                      {giftCardText.open}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open !== null && (
        <div className="no-print">
          <CardLedger key={open} id={open} owner={owner} />
        </div>
      )}
      {issued && printing && <GiftCardInsert card={issued} />}
    </div>
  );
}
