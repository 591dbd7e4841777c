import { PageShell } from '../../../components/ui/page-shell';

export default function AdminUsersPage() {
  return <PageShell title="Perdoruesit" />;
}
