import { PageShell } from '../../components/ui/page-shell';

export default function ProductsPage() {
  return <PageShell title="Produktet" />;
}
