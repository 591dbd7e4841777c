import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatGiftCode, isGiftCodeShape, normalizeGiftCode } from '@shop/shared/domain/gift-cards';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import { giftCardMsg, type GiftBalance } from '@shop/shared/schemas/gift-cards';
import { ApiError } from '../../../lib/api-client';
import { fetchGiftBalance } from '../../../components/gift-card/gift-card-field';
import '../gift-cards.css';

/**
 * The public balance page (decision 048): a code field, and the balance and last uses of the card
 * (date, where, amount), nothing else. The insert's QR code opens it with the code in the address's
 * fragment (`#ABCD-…`), which no server and no log ever sees: it is read here and looked up at once.
 */
export function GiftBalanceView() {
  const id = useId();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<GiftBalance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  async function look(raw: string) {
    const normal = normalizeGiftCode(raw);
    setResult(null);
    if (!isGiftCodeShape(normal)) {
      setError(giftCardMsg.code);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await fetchGiftBalance(normal));
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : giftCardMsg.notFound);
    } finally {
      setBusy(false);
    }
  }

  // The QR link: the code in the fragment, taken out of the address once read.
  useEffect(() => {
    const fromLink = decodeURIComponent(window.location.hash.slice(1));
    if (!fromLink) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const normal = normalizeGiftCode(fromLink);
    setCode(isGiftCodeShape(normal) ? formatGiftCode(normal) : fromLink.slice(0, 40));
    void look(fromLink);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void look(code);
  };

  return (
    <div className="gift-balance">
      <form className="gift-balance-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-code`}>{giftCardText.code}</label>
          <input
            id={`${id}-code`}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            maxLength={40}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <span id={`${id}-hint`} className="field-hint">
            {giftCardText.codeHint}
          </span>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? giftCardText.checking : giftCardText.show}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="gift-balance-result" ref={resultRef} tabIndex={-1} aria-live="polite">
          <p className="gift-balance-amount" data-testid="gift-balance">
            {giftCardText.balanceIs(formatPrice(result.balance))}
          </p>
          <p className="muted">
            {giftCardText.card} …{result.last4} · {giftCardText.insertNoExpiry}
          </p>
          {result.entries.length > 0 && (
            <div className="table-wrap">
              <table className="table gift-balance-uses">
                <caption>{giftCardText.lastUses}</caption>
                <thead>
                  <tr>
                    <th scope="col">{giftCardText.date}</th>
                    <th scope="col">{giftCardText.where}</th>
                    <th scope="col" className="num">
                      {giftCardText.sum}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.entries.map((e, i) => (
                    <tr key={i}>
                      <td>{formatDateTime(e.at)}</td>
                      <td>{e.place}</td>
                      <td className="num">{e.amount > 0 ? `+${formatPrice(e.amount)}` : `−${formatPrice(-e.amount)}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
