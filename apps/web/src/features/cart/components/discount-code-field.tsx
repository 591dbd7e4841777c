import { useEffect, useState, type FormEvent } from 'react';
import { discountText } from '@shop/shared/messages-discounts';
import { formatPrice } from '@shop/shared/domain/money';
import { normaliseDiscountCode } from '@shop/shared/domain/discounts';
import type { Fulfilment } from '@shop/shared/domain/orders';
import type { DiscountCheckResponse } from '@shop/shared/schemas/discounts';
import { ApiError } from '../../../lib/api-client';
import type { CartLine } from '../../../lib/cart-store';
import { useDiscountCheck } from '../api/discount-check';

/** The code chosen at the checkout survives a reload of the page (this tab only). */
const STORAGE_KEY = 'checkout-discount-code';

const stored = (): string | null => {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};
const store = (code: string | null) => {
  try {
    if (code) sessionStorage.setItem(STORAGE_KEY, code);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the code lasts as long as the page.
  }
};

export interface DiscountCode {
  /** The server's answer for the chosen code on these lines; null: no code applied (or still checking). */
  applied: DiscountCheckResponse | null;
  /** What the total takes off, in euros (0 without a code). */
  amount: number;
  /** A code is chosen and its check is still running: confirming waits. */
  pending: boolean;
  /** The refusal's Albanian text. */
  error: string | null;
  chosen: string | null;
  apply(code: string): void;
  remove(): void;
}

/**
 * The discount code of the checkout (issue 29, decision 049): the chosen code is checked by the
 * server on the cart's lines and how it is received, again whenever they change; its answer is
 * the discount the order sends (the server prices it once more).
 */
export function useDiscountCode(items: readonly CartLine[], fulfilment: Fulfilment): DiscountCode {
  const [chosen, setChosen] = useState<string | null>(null);
  // After hydration only: the server's page has no code.
  useEffect(() => setChosen(stored()), []);
  const body =
    chosen && items.length > 0
      ? {
          code: chosen,
          fulfilment,
          items: items.map((l) => ({
            id: l.id,
            ...(typeof l.variantId === 'number' ? { variantId: l.variantId } : {}),
            quantity: l.quantity,
          })),
        }
      : null;
  const check = useDiscountCheck(body);
  const applied = body && check.data && !check.isError ? check.data : null;
  const error =
    body && check.isError ? (check.error instanceof ApiError && check.error.message ? check.error.message : discountText.failed) : null;
  useEffect(() => {
    if (applied) store(applied.code);
  }, [applied]);
  return {
    applied,
    amount: applied?.discount ?? 0,
    pending: body !== null && check.isFetching,
    error,
    chosen,
    apply(code) {
      setChosen(normaliseDiscountCode(code));
    },
    remove() {
      store(null);
      setChosen(null);
    },
  };
}

/** 'Kodi i zbritjes' with 'Apliko'; once applied, 'Zbritje: −12,00 €', the code's description and 'Hiq kodin'. */
export function DiscountCodeField({ discount }: { discount: DiscountCode }) {
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    if (discount.chosen) setText(discount.chosen);
  }, [discount.chosen]);
  const error = empty ? discountText.empty : discount.error;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    discount.apply(text);
  }

  if (discount.applied) {
    const a = discount.applied;
    return (
      <div className="discount-code discount-applied" role="status">
        <p className="discount-line">
          <span>
            {discountText.discount} ({a.code})
          </span>
          <strong data-testid="checkout-discount">
            {discountText.discount}: −{formatPrice(a.discount)}
          </strong>
        </p>
        {a.name && <p className="muted discount-name">{a.name}</p>}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => discount.remove()}>
          {discountText.remove}
        </button>
      </div>
    );
  }
  return (
    <form className="discount-code" onSubmit={submit} noValidate>
      <label htmlFor="discount-code-input">{discountText.label}</label>
      <div className="discount-code-row">
        <input
          id="discount-code-input"
          name="discountCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setEmpty(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-code-error' : undefined}
        />
        <button type="submit" className="btn btn-outline btn-sm" disabled={discount.pending} aria-busy={discount.pending}>
          {discount.pending ? discountText.checking : discountText.apply}
        </button>
      </div>
      {error && (
        <p id="discount-code-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
