import { cartText } from '@shop/shared/messages-orders';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { formatPrice } from '@shop/shared/domain/money';
import type { CartChange } from '../../../lib/cart-store';

/** Tells the shopper what the shop changed in the cart: new prices, products no longer offered. */
export function CartChanges({ changes }: { changes: readonly CartChange[] }) {
  if (changes.length === 0) return null;
  return (
    <div className="alert alert-info cart-changes" role="status">
      <p className="cart-changes-title">{cartText.updatedTitle}</p>
      <ul>
        {changes.map((c) => (
          <li key={`${c.kind}-${c.id}`}>
            {c.kind === 'price'
              ? cartText.priceChanged(c.name, formatPrice(c.oldPrice), formatPrice(c.newPrice))
              : cartText.removedProduct(c.name)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Later news about a line replaces earlier news about the same line. */
export function mergeChanges(previous: readonly CartChange[], next: readonly CartChange[]): CartChange[] {
  const ids = new Set(next.map((c) => productIdKey(c.id)));
  return [...previous.filter((c) => !ids.has(productIdKey(c.id))), ...next];
}
