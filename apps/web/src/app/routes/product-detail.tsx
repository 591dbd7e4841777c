import { PageShell } from '../../components/ui/page-shell';

export default function ProductDetailPage() {
  return <PageShell title="Produkti" />;
}
