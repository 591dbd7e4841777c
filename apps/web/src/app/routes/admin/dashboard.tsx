import { PageShell } from '../../../components/ui/page-shell';
import { DashboardAdmin } from '../../../features/admin/components/dashboard-admin';

export default function AdminDashboardPage() {
  return (
    <PageShell title="Paneli" heading={null}>
      <DashboardAdmin />
    </PageShell>
  );
}
