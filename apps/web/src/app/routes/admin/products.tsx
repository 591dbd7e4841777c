import { PageShell } from '../../../components/ui/page-shell';

export default function AdminProductsPage() {
  return <PageShell title="Produktet" />;
}
