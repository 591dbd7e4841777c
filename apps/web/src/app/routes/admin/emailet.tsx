import { PageShell } from '../../../components/ui/page-shell';
import { OutboxAdmin } from '../../../features/admin/components/outbox-admin';

export default function AdminOutboxPage() {
  return (
    <PageShell title="E-mailet" heading={null}>
      <OutboxAdmin />
    </PageShell>
  );
}
