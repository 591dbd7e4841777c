import { useEffect, useId, useState } from 'react';
import type { PublicStock } from '@shop/shared/schemas/order';
import { useCart, type CartProduct } from '../../../lib/cart-store';
import { StockBadge } from './stock-badge';

/**
 * 'Shto në Shportë': adds one to the cart and briefly confirms it (also to screen readers). With
 * the product's stock, its badge shows above the button; out of stock, the button is disabled and
 * described by the badge, so the reason is read with it.
 */
export function AddToCartButton({
  product,
  stock,
  className = 'btn btn-primary',
}: {
  product: CartProduct;
  stock?: PublicStock;
  className?: string;
}) {
  const { add } = useCart();
  const [added, setAdded] = useState(false);
  const stockId = useId();
  const soldOut = stock?.status === 'out-of-stock';
  useEffect(() => {
    if (!added) return;
    const t = setTimeout(() => setAdded(false), 2000);
    return () => clearTimeout(t);
  }, [added]);
  return (
    <div className="add-to-cart">
      {stock && <StockBadge stock={stock} id={stockId} />}
      <button
        type="button"
        className={className}
        disabled={soldOut}
        aria-describedby={soldOut ? stockId : undefined}
        onClick={() => {
          add(product);
          setAdded(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="10" cy="20.5" r="1.4" fill="currentColor" />
          <circle cx="17" cy="20.5" r="1.4" fill="currentColor" />
        </svg>
        Shto në Shportë
      </button>
      <span className="added-note" role="status">
        {added ? 'U shtua në shportë' : ''}
      </span>
    </div>
  );
}
