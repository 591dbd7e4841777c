import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import { giftCardText } from '@shop/shared/messages-gift-cards';

/** Under the total (decision 048): what the gift card pays and what is left to pay as chosen. */
export function GiftCardSums({ total, paid }: { total: number; paid: number }) {
  const due = toEuros(toCents(total) - toCents(paid));
  return (
    <>
      <dl className="checkout-sums">
        <div>
          <dt>{giftCardText.paidWithCard}</dt>
          <dd data-testid="checkout-gift-card">−{formatPrice(paid)}</dd>
        </div>
        <div>
          <dt>{giftCardText.due}</dt>
          <dd data-testid="checkout-due">
            <strong>{formatPrice(due)}</strong>
          </dd>
        </div>
      </dl>
      {due === 0 && <p className="checkout-free muted">{giftCardText.coversAll}</p>}
    </>
  );
}
