import { PageShell } from '../../../components/ui/page-shell';
import { DiscountCodesAdmin } from '../../../features/discounts/components/discount-codes-admin';

/** 'Kodet e zbritjes' (issue 29, decisions 049, 055): staff and the owner. */
export default function AdminDiscountCodesPage() {
  return (
    <PageShell title="Kodet e zbritjes" heading={null}>
      <DiscountCodesAdmin />
    </PageShell>
  );
}
