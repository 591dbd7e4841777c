import { PageShell } from '../../../components/ui/page-shell';
import { RepairsAdmin } from '../../../features/repairs/components/repairs-admin';

/** /admin/riparimet: the repair tickets (issue 16). */
export default function AdminRepairsPage() {
  return (
    <PageShell title="Riparimet" heading={null}>
      <RepairsAdmin />
    </PageShell>
  );
}
