import { PageShell } from '../../components/ui/page-shell';
import { MyOrders } from '../../features/orders/components/my-orders';

export default function ProfilePage() {
  return (
    <PageShell title="Profili im">
      <MyOrders />
    </PageShell>
  );
}
