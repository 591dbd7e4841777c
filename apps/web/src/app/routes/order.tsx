import { useParams } from '../../lib/router';
import { orderPageText } from '@shop/shared/messages-orders';
import { PageShell } from '../../components/ui/page-shell';
import { OrderNotFound, OrderView } from '../../features/orders/components/order-view';

/** /porosia/{id}: the customer's own order (login required, like 'Porositë e mia'). */
export default function OrderPage() {
  const { id = '' } = useParams();
  const orderId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  return (
    <PageShell
      title={orderId ? orderPageText.title(orderId) : orderPageText.notFound}
      heading={null}
      description={orderPageText.description}
    >
      {orderId ? <OrderView key={orderId} id={orderId} /> : <OrderNotFound />}
    </PageShell>
  );
}
