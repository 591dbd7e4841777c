import { PageShell } from '../../../components/ui/page-shell';
import { SaleSchedules } from '../../../features/sale-prices/components/sale-schedules';

/** /admin/ulje-me-afat: scheduled sale prices, the owner's (issue 29, decision 050). */
export default function AdminSalePricesPage() {
  return (
    <PageShell title="Ulje me afat">
      <SaleSchedules />
    </PageShell>
  );
}
