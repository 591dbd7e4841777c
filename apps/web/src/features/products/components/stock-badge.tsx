import { stockLabel } from '@shop/shared/domain/orders';
import type { PublicStock } from '@shop/shared/schemas/order';

/** 'Në stok', 'Vetëm N të mbetura' or "S'ka në stok": words, with a colour and a mark to match. */
export function StockBadge({ stock, id }: { stock: PublicStock; id?: string }) {
  return (
    <span id={id} className={`stock-badge stock-${stock.status}`}>
      <span className="stock-dot" aria-hidden="true" />
      {stockLabel(stock)}
    </span>
  );
}
