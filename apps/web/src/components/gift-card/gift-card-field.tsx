import { useEffect, useId, useState } from 'react';
import { formatGiftCode, isGiftCodeShape, normalizeGiftCode } from '@shop/shared/domain/gift-cards';
import { formatPrice, isWholeCents, toCents, toEuros } from '@shop/shared/domain/money';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import { giftCardMsg, type GiftBalance } from '@shop/shared/schemas/gift-cards';
import { api, ApiError } from '../../lib/api-client';
import './gift-card.css';

/** POST /api/gift-cards/balance: the code in the body (never in an address), one 404 for a wrong code and an empty card. */
export const fetchGiftBalance = (code: string): Promise<GiftBalance> =>
  api<GiftBalance>('/api/gift-cards/balance', { method: 'POST', body: { code } });

/** What the block hands its form: the card's code and the amount in euros, or null (no card, or an amount not valid). */
export type GiftCardChoice = { code: string; amount: number } | null;

/** '12,50' or '12.50' → 12.5; NaN for anything else. */
const readEuros = (text: string): number => (/^\s*\d+([.,]\d+)?\s*$/.test(text) ? Number(text.trim().replace(',', '.')) : NaN);

/**
 * 'Kartë dhurate' (decision 048), in the checkout and at the counter: a code typed or scanned, its
 * balance looked up, and the amount it pays, by default as much as `due` needs up to the balance;
 * the customer may lower it. The server decides again in the order's own transaction.
 */
export function GiftCardField({
  due,
  onChange,
  title = giftCardText.blockTitle,
  hint = giftCardText.blockHint,
}: {
  /** What is left to pay, in euros. */
  due: number;
  onChange: (choice: GiftCardChoice) => void;
  title?: string;
  hint?: string;
}) {
  const id = useId();
  const [codeText, setCodeText] = useState('');
  const [card, setCard] = useState<{ code: string; balance: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');

  const max = card ? Math.min(card.balance, due) : 0;
  const amount = card ? (amountText.trim() === '' ? max : readEuros(amountText)) : NaN;
  const amountOk = card !== null && Number.isFinite(amount) && amount > 0 && isWholeCents(amount) && toCents(amount) <= toCents(max);

  useEffect(() => {
    onChange(card && amountOk ? { code: card.code, amount: toEuros(toCents(amount)) } : null);
    // onChange is the form's setter; the choice changes only with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [card?.code, amountOk, amount]);

  async function apply() {
    const code = normalizeGiftCode(codeText);
    if (!isGiftCodeShape(code)) {
      setError(giftCardMsg.code);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const found = await fetchGiftBalance(code);
      setCard({ code: formatGiftCode(code), balance: found.balance });
      setCodeText(formatGiftCode(code));
      setAmountText('');
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : giftCardMsg.notFound);
    } finally {
      setChecking(false);
    }
  }

  return (
    <fieldset className="checkout-section gift-card-field">
      <legend>{title}</legend>
      {!card && <p className="muted">{hint}</p>}
      {!card ? (
        <div className="gift-card-row">
          <div className="field">
            <label htmlFor={`${id}-code`}>{giftCardText.code}</label>
            <input
              id={`${id}-code`}
              name="giftCardCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={codeText}
              onChange={(e) => {
                setCodeText(e.target.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void apply();
                }
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-code-hint${error ? ` ${id}-error` : ''}`}
            />
            <span id={`${id}-code-hint`} className="field-hint">
              {giftCardText.codeHint}
            </span>
          </div>
          <button type="button" className="btn btn-outline" onClick={() => void apply()} disabled={checking} aria-busy={checking}>
            {checking ? giftCardText.checking : giftCardText.apply}
          </button>
        </div>
      ) : (
        <div className="gift-card-applied">
          <p>
            <strong>{card.code}</strong> · {giftCardText.balance}:{' '}
            <strong data-testid="gift-card-balance">{formatPrice(card.balance)}</strong>
          </p>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{giftCardText.amount}</label>
            <input
              id={`${id}-amount`}
              name="giftCardAmount"
              inputMode="decimal"
              placeholder={max.toFixed(2).replace('.', ',')}
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
              aria-invalid={amountOk ? undefined : true}
              aria-describedby={`${id}-amount-hint`}
            />
            <span id={`${id}-amount-hint`} className={amountOk ? 'field-hint' : 'field-error'}>
              {amountOk ? giftCardText.amountHint(formatPrice(max)) : giftCardText.amountBad(formatPrice(max))}
            </span>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => {
              setCard(null);
              setAmountText('');
              setCodeText('');
            }}
          >
            {giftCardText.remove}
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
