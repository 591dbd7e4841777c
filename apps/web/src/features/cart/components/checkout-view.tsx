import { useEffect, useRef, useState } from 'react';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { Link, useLocation, useNavigate } from 'react-router';
import { cartText } from '@shop/shared/messages-orders';
import type { CreateOrderBody } from '@shop/shared/schemas/order';
import { ApiError } from '../../../lib/api-client';
import { formatPrice, lineTotal } from '@shop/shared/domain/money';
import { clearSession, getToken, useSession } from '../../../lib/session';
import { useCurrentPrices } from '../api/current-prices';
import { cartRefusal, usePlaceOrder } from '../api/place-order';
import { cart, useCart, type CartChange, type CartLine } from '../../../lib/cart-store';
import { attemptKey, endAttempt } from '../checkout-attempt';
import { CartChanges, mergeChanges } from './cart-changes';
import { EmptyCart } from './cart-view';
import { LineImage } from './line-image';
import '../cart.css';

const orderBody = (items: readonly CartLine[], total: number): CreateOrderBody => ({
  items: items.map((l) => ({ id: l.id, quantity: l.quantity, price: l.price })),
  total,
});

/** Answers after which the same attempt may be sent again: the server may or may not have the order. */
const mayRetrySameAttempt = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;

/**
 * The checkout (product.md §2.5, 5, 8): a read-only list, the total and 'Konfirmo Porosinë'. Guests are
 * sent to /login and brought back; prices the shop changed meanwhile update the cart, and the
 * shopper is told before anything is ordered.
 */
export function CheckoutView() {
  const { items, total, count } = useCart();
  const { token } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [sessionLost, setSessionLost] = useState(false);
  const [changes, setChanges] = useState<CartChange[]>([]);

  // Compare the cart with the shop's current prices as soon as the checkout opens.
  const current = useCurrentPrices(items.length > 0);
  useEffect(() => {
    if (!current.data) return;
    const known = new Set(current.data.map((p) => productIdKey(p.id)));
    const missing = cart
      .get()
      .filter((l) => !known.has(productIdKey(l.id)))
      .map((l) => l.id);
    const found = cart.reconcile(current.data, missing);
    if (found.length > 0) setChanges((prev) => mergeChanges(prev, found));
  }, [current.data]);

  async function confirm() {
    if (sending.current) return;
    if (!getToken()) {
      window.alert(cartText.loginRequired);
      navigate('/login', { state: { from: location } });
      return;
    }
    const body = orderBody(items, total);
    const idempotencyKey = attemptKey(body);
    sending.current = true;
    setError(null);
    setSessionLost(false);
    setChanges([]);
    try {
      await placeOrder.mutateAsync({ body, idempotencyKey });
      endAttempt();
      window.alert(cartText.success);
      cart.clear();
      navigate('/');
    } catch (err) {
      if (!mayRetrySameAttempt(err)) endAttempt();
      const refusal = cartRefusal(err);
      if (refusal && 'prices' in refusal) {
        setChanges(cart.reconcile(refusal.prices));
      } else if (refusal) {
        setChanges(cart.reconcile([], refusal.unknownIds));
      } else if (err instanceof ApiError && err.status === 401) {
        // The stored session is no longer accepted (expired, or the account was blocked).
        clearSession();
        setSessionLost(true);
      }
      const message = err instanceof ApiError && err.message ? err.message : cartText.failureFallback;
      setError(cartText.failurePrefix + message);
    } finally {
      sending.current = false;
    }
  }

  const feedback = (
    <>
      <CartChanges changes={changes} />
      {error && (
        <div className="alert alert-error checkout-error" role="alert">
          <p>{error}</p>
          {sessionLost && (
            <Link to="/login" state={{ from: location }}>
              {cartText.loginAgain}
            </Link>
          )}
        </div>
      )}
    </>
  );

  if (items.length === 0) {
    return (
      <>
        {feedback}
        <EmptyCart />
      </>
    );
  }

  return (
    <div className="cart-layout">
      <div className="checkout-main">
        {feedback}
        <ul className="cart-lines checkout-lines" aria-label={cartText.checkoutTitle}>
          {items.map((line) => (
            <li key={line.id} className="cart-line checkout-line">
              <LineImage src={line.image} />
              <div className="cart-line-info">
                <span className="cart-line-name">{line.name}</span>
                <span className="cart-line-unit">
                  {formatPrice(line.price)} x {line.quantity}
                </span>
              </div>
              <span className="cart-line-sum">{formatPrice(lineTotal(line.price, line.quantity))}</span>
            </li>
          ))}
        </ul>
        <Link to="/cart" className="checkout-back">
          {cartText.backToCart}
        </Link>
      </div>

      <aside className="cart-summary" aria-label={cartText.total}>
        <p className="cart-summary-row muted">{cartText.itemCount(count)}</p>
        <p className="cart-total">
          <span>{cartText.total}</span>
          <strong data-testid="checkout-total">{formatPrice(total)}</strong>
        </p>
        <button
          type="button"
          className="btn btn-primary cart-summary-action"
          disabled={placeOrder.isPending}
          aria-busy={placeOrder.isPending}
          onClick={() => void confirm()}
        >
          {cartText.confirm}
        </button>
        <p className="checkout-note muted" aria-live="polite">
          {placeOrder.isPending ? cartText.sending : !token ? cartText.guestHint : ''}
        </p>
      </aside>
    </div>
  );
}
