import { PageShell } from '../../../components/ui/page-shell';
import { OrdersAdmin } from '../../../features/orders/components/orders-admin';

export default function AdminOrdersPage() {
  return (
    <PageShell title="Lista e Porosive" heading={null}>
      <OrdersAdmin />
    </PageShell>
  );
}
