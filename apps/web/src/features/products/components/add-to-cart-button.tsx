import { useId } from 'react';
import type { PublicStock } from '@shop/shared/schemas/order';
import { useCart, type CartProduct } from '../../../lib/cart-store';
import { cartToast } from '../../../lib/cart-toast';
import { StockBadge } from './stock-badge';

/**
 * 'Shto në Shportë': adds one (or `quantity`) to the cart; the shell's confirmation says what was
 * added (components/layout/cart-toast.tsx, announced to screen readers). With
 * the product's stock, its badge shows above the button; out of stock, the button is disabled and
 * described by the badge, so the reason is read with it. Without JavaScript it is a form that opens
 * /cart, where the page says that the cart needs JavaScript (issue 26); before the app is live, the
 * press is kept and applied once it is (main.tsx).
 */
export function AddToCartButton({
  product,
  stock,
  className = 'btn btn-primary',
  quantity = 1,
  unavailable,
}: {
  product: CartProduct;
  stock?: PublicStock;
  className?: string;
  quantity?: number;
  /** Why this cannot be added at all (a combination of options the shop does not sell); shown instead of the stock. */
  unavailable?: string;
}) {
  const { add } = useCart();
  const stockId = useId();
  const soldOut = stock?.status === 'out-of-stock' || !!unavailable;
  return (
    <form className="add-to-cart" action="/cart" method="get" data-hold-early="" onSubmit={(e) => e.preventDefault()}>
      {unavailable ? (
        <span id={stockId} className="stock-badge stock-out-of-stock" role="status">
          <span className="stock-dot" aria-hidden="true" />
          {unavailable}
        </span>
      ) : (
        stock && <StockBadge stock={stock} id={stockId} />
      )}
      <button
        type="submit"
        className={className}
        disabled={soldOut}
        aria-describedby={soldOut ? stockId : undefined}
        onClick={(e) => {
          e.preventDefault();
          if (soldOut) return;
          add(product, quantity);
          cartToast.show(
            typeof product.variant === 'string' && product.variant ? `${product.name} (${product.variant})` : product.name,
            quantity,
          );
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
    </form>
  );
}
