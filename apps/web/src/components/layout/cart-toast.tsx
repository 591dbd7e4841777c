import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { cartToast, useCartToast } from '../../lib/cart-toast';
import './cart-toast.css';

/** How long the confirmation stays, unless the pointer or the keyboard is on it. */
export const CART_TOAST_MS = 6000;

export const addedText = (name: string, quantity: number) =>
  quantity > 1 ? `U shtuan në shportë ${quantity} copë: ${name}` : `U shtua në shportë: ${name}`;

/**
 * The confirmation after 'Shto në Shportë': says what was added, with a link to the cart and a
 * close button. Its live region is always in the page (aria-live polite), so screen readers
 * announce each add; it never takes focus, and it leaves by itself after a few seconds unless the
 * shopper is on it. Escape closes it while focus is inside.
 */
export function CartToast() {
  const added = useCartToast();
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!added || held) return;
    const t = setTimeout(() => cartToast.dismiss(), CART_TOAST_MS);
    return () => clearTimeout(t);
  }, [added, held]);
  const close = () => {
    // Focus inside would be lost with the panel: it goes back to the page's main region.
    if (ref.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    setHeld(false);
    cartToast.dismiss();
  };
  return (
    // A polite live region without role=status: it is on every page, and a page's own status line stays the only one.
    <div className="cart-toast-region" aria-live="polite" aria-atomic="true" data-testid="cart-toast-region">
      {added && (
        <div
          ref={ref}
          key={added.seq}
          className="cart-toast"
          data-testid="cart-toast"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="cart-toast-icon">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p className="cart-toast-text">{addedText(added.name, added.quantity)}</p>
          <Link to="/cart" className="cart-toast-link" onClick={close}>
            Shiko shportën
          </Link>
          <button type="button" className="cart-toast-close" aria-label="Mbyll njoftimin" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
