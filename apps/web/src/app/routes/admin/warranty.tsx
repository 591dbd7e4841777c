import { PageShell } from '../../../components/ui/page-shell';
import { SheetRepairs } from '../../../features/repairs/components/sheet-repairs';
import { WarrantyWorkspace } from '../../../features/warranty/components/warranty-workspace';

/** /admin/warranty (Garancionet): the warranty form and list inside the admin area. */
export default function AdminWarrantyPage() {
  return (
    <PageShell title="Garancionet" className="w-admin-page">
      <WarrantyWorkspace renderClaims={(sheet) => <SheetRepairs sheetId={sheet.id} />} />
    </PageShell>
  );
}
