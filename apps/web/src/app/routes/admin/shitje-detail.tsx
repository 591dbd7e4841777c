import { useParams } from '../../../lib/router';
import { PageShell } from '../../../components/ui/page-shell';
import { CounterSaleView } from '../../../features/counter/components/counter-sale-view';
import { recordWarrantyPrint } from '../../../features/warranty/api/warranty-api';
import { WarrantyPrintSheet } from '../../../features/warranty/components/warranty-print-sheet';

/** /admin/shitje/{id}: one counter sale, its change, its receipt (80 mm or A4) and its phones' warranty sheets. */
export default function AdminCounterSalePage() {
  const { id = '' } = useParams();
  const n = /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647 ? Number(id) : null;
  return (
    <PageShell title="Shitja në dyqan" heading={null}>
      <CounterSaleView
        key={n ?? 'none'}
        id={n}
        recordSheetPrint={recordWarrantyPrint}
        renderSheet={(sheet) => <WarrantyPrintSheet sheet={sheet} />}
      />
    </PageShell>
  );
}
