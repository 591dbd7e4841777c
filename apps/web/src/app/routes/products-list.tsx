import { PageShell } from '../../components/ui/page-shell';

export default function ProductsListPage() {
  return <PageShell title="Lista e produkteve" />;
}
