import { useParams } from '../../../lib/router';
import { PageShell } from '../../../components/ui/page-shell';
import { OrderDetailAdmin } from '../../../features/orders/components/order-detail-admin';
import { OrderAfterSale } from '../../../features/order-returns/components/order-after-sale';
import { recordWarrantyPrint } from '../../../features/warranty/api/warranty-api';
import { WarrantyPrintSheet } from '../../../features/warranty/components/warranty-print-sheet';

/** /admin/orders/{id}: an id in digits (as the API takes it); anything else names no order. */
export default function AdminOrderDetailPage() {
  const { id = '' } = useParams();
  const n = /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647 ? Number(id) : null;
  return (
    <PageShell title={n === null ? 'Porosia' : `Porosia #${n}`} heading={null}>
      <OrderDetailAdmin key={n ?? 'none'} id={n} />
      {/* Decision 051: the phones' warranty sheets (one click each) and 'Kthim' of a delivered order. */}
      {n !== null && (
        <OrderAfterSale
          key={`after-${n}`}
          orderId={n}
          recordSheetPrint={recordWarrantyPrint}
          renderSheet={(s) => <WarrantyPrintSheet sheet={s} />}
        />
      )}
    </PageShell>
  );
}
