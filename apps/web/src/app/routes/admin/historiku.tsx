import { PageShell } from '../../../components/ui/page-shell';
import { AuditAdmin } from '../../../features/admin/components/audit-admin';

export default function AdminAuditPage() {
  return (
    <PageShell title="Historiku" heading={null}>
      <AuditAdmin />
    </PageShell>
  );
}
