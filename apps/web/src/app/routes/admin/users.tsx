import { PageShell } from '../../../components/ui/page-shell';
import { UsersAdmin } from '../../../features/users/components/users-admin';

export default function AdminUsersPage() {
  return (
    <PageShell title="Perdoruesit" heading={null}>
      <UsersAdmin />
    </PageShell>
  );
}
