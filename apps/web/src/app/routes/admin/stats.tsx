import { PageShell } from '../../../components/ui/page-shell';
import { StatsAdmin } from '../../../features/admin/components/stats-admin';

export default function AdminStatsPage() {
  return (
    <PageShell title="Statistikat" heading={null}>
      <StatsAdmin />
    </PageShell>
  );
}
