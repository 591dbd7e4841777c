import { PageShell } from '../../../components/ui/page-shell';

export default function AdminDashboardPage() {
  return <PageShell title="Paneli" />;
}
