import { formatPrice, formatWholePrice } from '@shop/shared/domain/money';
import { showOldPrice } from '../lib/filters';

export type PriceStyle = 'whole' | 'cents';

/** The euro price, with the old price struck through only when it is higher. */
export function Price({
  price,
  oldPrice,
  style = 'whole',
  size = 'md',
  from = false,
}: {
  price: number;
  oldPrice?: number | null;
  style?: PriceStyle;
  size?: 'md' | 'lg';
  /** The lowest of several variants' prices: 'nga 1.149,00 €' (decision 039). */
  from?: boolean;
}) {
  const fmt = style === 'cents' ? formatPrice : formatWholePrice;
  const old = !from && showOldPrice(price, oldPrice);
  return (
    <p className={`price-row price-${size}`}>
      <span className="price">
        {old && <span className="visually-hidden">Çmimi tani: </span>}
        {from && <span className="price-from">nga </span>}
        {fmt(price)}
      </span>
      {old && (
        <s className="old-price">
          <span className="visually-hidden">Çmimi i vjetër: </span>
          {fmt(oldPrice)}
        </s>
      )}
    </p>
  );
}

/** "-8%" when there is a real discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number | null {
  if (!showOldPrice(price, oldPrice)) return null;
  const pct = Math.round((1 - price / oldPrice) * 100);
  return pct >= 1 ? pct : null;
}
