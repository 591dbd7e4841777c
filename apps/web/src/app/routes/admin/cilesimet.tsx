import { PageShell } from '../../../components/ui/page-shell';
import { SettingsAdmin } from '../../../features/admin/components/settings-admin';

/** /admin/cilesimet: the owner's shop settings (issue 30, decision 043). */
export default function AdminSettingsPage() {
  return (
    <PageShell title="Cilësimet">
      <SettingsAdmin />
    </PageShell>
  );
}
