import { PageShell } from '../../../components/ui/page-shell';

export default function AdminOrdersPage() {
  return <PageShell title="Lista e Porosive" />;
}
