import { useState } from 'react';
import { cartText } from '@shop/shared/messages-orders';
import { MAX_QUANTITY } from '../../../lib/cart-store';
import './quantity-input.css';

/**
 * A line's quantity, 1 to `max` (99, or the shop's per-line cap): minus and plus buttons around a
 * number field.
 */
export function QuantityInput({
  name,
  value,
  onChange,
  max = MAX_QUANTITY,
}: {
  name: string;
  value: number;
  onChange: (quantity: number) => void;
  max?: number;
}) {
  const clamp = (n: number) => Math.min(max, Math.max(1, n));
  // While the shopper types, the field may hold text that is not a quantity yet ("" or "0").
  const [draft, setDraft] = useState<string | null>(null);

  const commitDraft = () => {
    if (draft !== null) {
      const n = Number.parseInt(draft, 10);
      if (Number.isFinite(n) && clamp(n) !== value) onChange(clamp(n));
    }
    setDraft(null);
  };

  return (
    <div className="qty" role="group" aria-label={cartText.quantityOf(name)}>
      <button
        type="button"
        className="qty-btn"
        aria-label={cartText.decrease(name)}
        disabled={value <= 1}
        onClick={() => onChange(clamp(value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        className="qty-input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        aria-label={cartText.quantityOf(name)}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isInteger(n) && n >= 1 && n <= max) onChange(n);
        }}
        onBlur={commitDraft}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitDraft();
        }}
      />
      <button
        type="button"
        className="qty-btn"
        aria-label={cartText.increase(name)}
        disabled={value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
