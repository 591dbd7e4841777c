import type { ReactNode } from 'react';
import { discountText } from '@shop/shared/messages-discounts';
import { formatPrice, lineTotal } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import type { AdminOrderDetail } from '@shop/shared/schemas/admin';

/**
 * An order's lines with the subtotal, the delivery fee, the total and the VAT it contains: on the
 * admin's order page ('screen': the unit price folds under the name on a phone) and on the printed
 * packing slip ('print').
 */
export function OrderLinesTable({ order, variant }: { order: AdminOrderDetail; variant: 'screen' | 'print' }) {
  const screen = variant === 'screen';
  const unit = screen ? 'num col-unit' : 'num';
  const foot = (label: ReactNode, value: string, className?: string) => (
    <tr className={className}>
      <th scope="row" colSpan={screen ? 2 : 3}>
        {label}
      </th>
      {screen && <td className="col-unit" />}
      <td className="num">{value}</td>
    </tr>
  );
  return (
    <table className={screen ? 'table' : 'pd-lines'}>
      {screen && <caption className="visually-hidden">Produktet e porosisë #{order.id}</caption>}
      <thead>
        <tr>
          <th scope="col">Produkti</th>
          <th scope="col" className="num">
            Sasia
          </th>
          <th scope="col" className={unit}>
            Çmimi
          </th>
          <th scope="col" className="num">
            Shuma
          </th>
        </tr>
      </thead>
      <tbody>
        {order.products.map((l) => (
          <tr key={`${l.id}#${l.variantId ?? ''}`}>
            <td>
              {l.name}
              {l.variant && (
                <span className="admin-sub order-variant">
                  {l.variant}
                  {l.sku ? ` · SKU ${l.sku}` : ''}
                </span>
              )}
              {l.imeis && l.imeis.length > 0 && <span className="admin-sub order-imei">IMEI: {l.imeis.join(', ')}</span>}
              {screen && <span className="admin-sub order-unit">{formatPrice(l.price)} / copë</span>}
            </td>
            <td className="num">{l.quantity}</td>
            <td className={unit}>{formatPrice(l.price)}</td>
            <td className="num">{formatPrice(lineTotal(l.price, l.quantity))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {foot('Nëntotali', formatPrice(order.subtotal))}
        {foot('Dërgesa', order.deliveryFee === 0 ? adminMsg.freeDelivery : formatPrice(order.deliveryFee))}
        {order.discount && foot(discountText.discountOf(order.discount.code), `−${formatPrice(order.discount.amount)}`, 'order-discount')}
        {foot(screen || order.giftCard ? 'Totali' : 'Totali për pagesë', formatPrice(order.total), screen ? 'order-total' : 'pd-total')}
        {/* Decision 048: a gift card paid part of the total; the rest is what the courier or the till collects. */}
        {order.giftCard && foot(giftCardText.paidWithCard, `−${formatPrice(order.giftCard.paid)}`)}
        {order.giftCard && foot(giftCardText.due, formatPrice(order.giftCard.due), screen ? 'order-total' : 'pd-total')}
        {foot(adminMsg.vatIncluded(order.vatPercent), formatPrice(order.vatIncluded))}
      </tfoot>
    </table>
  );
}
