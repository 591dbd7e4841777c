import { fulfilmentLabels, paymentMethodLabels } from '@shop/shared/domain/orders';
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import { formatDay, todayInShop } from '@shop/shared/domain/time';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrderDetail } from '@shop/shared/schemas/admin';
import { PrintHeader, PrintRow, SignatureLines } from '../../../components/print/print-doc';
import { useFitToPage } from '../../../components/print/fit-to-page';

/** A line's total: unit price times quantity, in cents so 3 × 0,10 € is 0,30 €. */
const lineTotal = (price: number, quantity: number) => toEuros(toCents(price) * quantity);

/**
 * The packing slip / sales document of an order (issue 14): one A4 page, shown only in print
 * (print-doc.css), with the shop, the customer and how the order reaches them, the lines, the
 * delivery fee, the total with the VAT it contains and the fiscal receipt's note.
 */
export function OrderSlip({ order }: { order: AdminOrderDetail }) {
  const fit = useFitToPage<HTMLElement>([order]);
  const delivery = order.delivery;
  return (
    <article ref={fit.ref} style={fit.style} className="print-doc order-slip" aria-label={`${adminMsg.slipTitle} #${order.id}`}>
      <PrintHeader title={adminMsg.slipTitle} number={`Porosia nr. ${order.id}`} date={formatDay(todayInShop(new Date(order.date)))} />

      <div className="pd-columns">
        <section>
          <h3>Klienti</h3>
          <dl>
            <PrintRow label="Emri" value={order.customerName ?? order.userName ?? order.user} />
            <PrintRow label="Telefoni" value={order.phone ?? ''} />
            <PrintRow label="Email" value={order.customerEmail ?? ''} />
          </dl>
        </section>
        <section>
          <h3>Marrja dhe pagesa</h3>
          <dl>
            <PrintRow label="Marrja" value={fulfilmentLabels[order.fulfilment]} />
            {delivery ? (
              <>
                <PrintRow label="Marrësi" value={`${delivery.fullName}, ${delivery.phone}`} />
                <PrintRow label="Adresa" value={`${delivery.address}, ${delivery.city}`} />
              </>
            ) : (
              <PrintRow label="Ku" value={shopAddress()} />
            )}
            <PrintRow label="Pagesa" value={paymentMethodLabels[order.paymentMethod]} />
          </dl>
        </section>
      </div>

      <section className="pd-block">
        <h3>Produktet</h3>
        <table className="pd-lines">
          <thead>
            <tr>
              <th scope="col">Produkti</th>
              <th scope="col" className="num">
                Sasia
              </th>
              <th scope="col" className="num">
                Çmimi
              </th>
              <th scope="col" className="num">
                Shuma
              </th>
            </tr>
          </thead>
          <tbody>
            {order.products.map((l) => (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td className="num">{l.quantity}</td>
                <td className="num">{formatPrice(l.price)}</td>
                <td className="num">{formatPrice(lineTotal(l.price, l.quantity))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Nëntotali
              </th>
              <td className="num">{formatPrice(order.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Dërgesa
              </th>
              <td className="num">{order.deliveryFee === 0 ? adminMsg.freeDelivery : formatPrice(order.deliveryFee)}</td>
            </tr>
            <tr className="pd-total">
              <th scope="row" colSpan={3}>
                Totali për pagesë
              </th>
              <td className="num">{formatPrice(order.total)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {adminMsg.vatIncluded(order.vatPercent)}
              </th>
              <td className="num">{formatPrice(order.vatIncluded)}</td>
            </tr>
          </tfoot>
        </table>
      </section>

      {order.note && (
        <section className="pd-notes">
          <h3>Shënimi i klientit</h3>
          <p>{order.note}</p>
        </section>
      )}

      <section className="pd-block">
        <h3>Kujdes</h3>
        <ul>
          <li>
            <strong>{adminMsg.fiscalNote}</strong>
          </li>
          <li>Çmimet përfshijnë TVSH-në. Produktet kanë garancion sipas fletës së garancionit.</li>
          <li>Kthimi brenda 14 ditëve, nëse produkti nuk është përdorur, me këtë fletë.</li>
        </ul>
      </section>

      <SignatureLines left="Dorëzoi (emri dhe nënshkrimi)" right="Pranoi klienti (emri dhe nënshkrimi)" />
      <p className="pd-thanks">
        Faleminderit që zgjodhët {shop.name}! Për pyetje: {shop.phone} · {shop.email}
      </p>
    </article>
  );
}
