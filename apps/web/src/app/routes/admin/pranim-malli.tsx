import { PageShell } from '../../../components/ui/page-shell';
import { ReceiveStock } from '../../../features/stock/components/receive-stock';

/** /admin/pranim-malli: receiving phones by IMEI (issue 28, decision 040). */
export default function AdminReceiveStockPage() {
  return (
    <PageShell title="Pranim malli">
      <ReceiveStock />
    </PageShell>
  );
}
