import { PageShell } from '../../../components/ui/page-shell';

export default function AdminStatsPage() {
  return <PageShell title="Statistikat" />;
}
