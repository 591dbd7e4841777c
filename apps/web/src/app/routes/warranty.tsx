import { PageShell } from '../../components/ui/page-shell';
import { SheetRepairs } from '../../features/repairs/components/sheet-repairs';
import { WarrantyWorkspace } from '../../features/warranty/components/warranty-workspace';

/** /warranty: the counter's warranty sheets, where admins land after login. */
export default function WarrantyPage() {
  return (
    <PageShell title="Fleta e garancionit" description="Shkruani, ruani, printoni dhe gjeni fletët e garancionit.">
      <WarrantyWorkspace renderClaims={(sheet) => <SheetRepairs sheetId={sheet.id} />} />
    </PageShell>
  );
}
