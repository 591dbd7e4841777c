import { Link } from '../../../lib/router';
import { cartText } from '@shop/shared/messages-orders';
import { formatPrice, lineTotal } from '@shop/shared/domain/money';
import { lineKey, useCart } from '../../../lib/cart-store';
import { LineImage, LineVariant } from './line-image';
import { QuantityInput } from './quantity-input';
import { useCheckoutSettings } from '../api/checkout-settings';
import { productPath } from '@shop/shared/domain/routes';
import { OrderByChat } from '../../../components/order-by-chat';
import { DiscountCodeField, useDiscountCode } from './discount-code-field';
import '../cart.css';

export function EmptyCart() {
  return (
    <div className="empty-state cart-empty">
      <p>{cartText.empty}</p>
      <Link to="/products" className="btn btn-primary">
        {cartText.browse}
      </Link>
    </div>
  );
}

/** The cart (product.md §2.5): each line with name, price x quantity and 'Largojeni'; total, clear, checkout. */
export function CartView() {
  const { items, total, count, setQuantity, remove, clear } = useCart();
  // The shop's per-line cap (the server refuses more); until it is known, the cart's own limit.
  const maxPerLine = useCheckoutSettings().data?.maxPerLine;
  // Issue 29: a code tried here goes on to the checkout (the same tab's sessionStorage); the total stays the lines'.
  const discount = useDiscountCode(items, 'pickup');
  if (items.length === 0) return <EmptyCart />;

  return (
    <div className="cart-layout">
      <ul className="cart-lines" aria-label={cartText.cartTitle}>
        {items.map((line) => {
          // Two variants of one product: their controls are told apart by the variant.
          const label = line.variant ? `${line.name} (${line.variant})` : line.name;
          return (
            <li key={lineKey(line)} className="cart-line">
              <LineImage src={line.image} />
              <div className="cart-line-info">
                <Link
                  to={`/products/${encodeURIComponent(line.id)}${line.variantId ? `?variant=${line.variantId}` : ''}`}
                  className="cart-line-name"
                >
                  {line.name}
                </Link>
                <LineVariant line={line} />
                <span className="cart-line-unit">
                  {formatPrice(line.price)} x {line.quantity}
                </span>
              </div>
              <QuantityInput name={label} value={line.quantity} max={maxPerLine} onChange={(q) => setQuantity(lineKey(line), q)} />
              <span className="cart-line-sum">{formatPrice(lineTotal(line.price, line.quantity))}</span>
              <button
                type="button"
                className="btn btn-ghost btn-sm cart-remove"
                aria-label={cartText.removeLabel(label)}
                onClick={() => remove(lineKey(line))}
              >
                {cartText.remove}
              </button>
            </li>
          );
        })}
      </ul>

      <aside className="cart-summary" aria-label={cartText.total}>
        <p className="cart-summary-row muted">
          <span>{cartText.itemCount(count)}</span>
        </p>
        {maxPerLine !== undefined && <p className="cart-limit muted">{cartText.maxPerLine(maxPerLine)}</p>}
        <DiscountCodeField discount={discount} />
        <p className="cart-total">
          <span>{cartText.total}</span>
          <strong data-testid="cart-total">{formatPrice(total)}</strong>
        </p>
        <Link to="/checkout" className="btn btn-primary cart-summary-action">
          {cartText.checkout}
        </Link>
        <button type="button" className="btn btn-ghost cart-summary-action" onClick={clear}>
          {cartText.clear}
        </button>
        <OrderByChat
          lines={items.map((l) => ({
            name: l.name,
            variant: l.variant || null,
            quantity: l.quantity,
            price: l.price,
            path: `${productPath(l.id)}${typeof l.variantId === 'number' ? `?variant=${l.variantId}` : ''}`,
          }))}
        />
      </aside>
    </div>
  );
}
