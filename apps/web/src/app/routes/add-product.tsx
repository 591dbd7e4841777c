import { PageShell } from '../../components/ui/page-shell';

export default function AddProductPage() {
  return <PageShell title="Shto produkt" />;
}
