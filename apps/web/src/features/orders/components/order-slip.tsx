import { fulfilmentLabels, paymentMethodLabels } from '@shop/shared/domain/orders';
import { formatDay, todayInShop } from '@shop/shared/domain/time';
import { shop, shopAddress } from '@shop/shared/domain/shop';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminOrderDetail } from '@shop/shared/schemas/admin';
import { PrintHeader, PrintRow, SignatureLines } from '../../../components/print/print-doc';
import { EmailAddress } from '../../../components/ui/email-address';
import { useFitToPage } from '../../../components/print/fit-to-page';
import { OrderLinesTable } from './order-lines-table';

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
            <PrintRow label="Email" value={order.customerEmail && <EmailAddress email={order.customerEmail} />} />
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
        <OrderLinesTable order={order} variant="print" />
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
