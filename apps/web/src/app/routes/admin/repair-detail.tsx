import { useParams } from '../../../lib/router';
import { PageShell } from '../../../components/ui/page-shell';
import { RepairDetailAdmin } from '../../../features/repairs/components/repair-detail-admin';
import { RepairSaleInfo } from '../../../features/repairs/components/repair-sale';

/** /admin/riparimet/{id}: one ticket; an id in digits, anything else names no ticket. */
export default function AdminRepairDetailPage() {
  const { id = '' } = useParams();
  const n = /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647 ? Number(id) : null;
  return (
    <PageShell title="Riparimi" heading={null}>
      <RepairDetailAdmin key={n ?? 'none'} id={n} />
      {/* Decision 051: the phone's sale when the shop sold its IMEI. */}
      {n !== null && <RepairSaleInfo key={`sale-${n}`} repairId={n} />}
    </PageShell>
  );
}
