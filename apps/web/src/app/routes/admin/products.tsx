import { PageShell } from '../../../components/ui/page-shell';
import { ProductsAdmin } from '../../../features/products/components/products-admin';

export default function AdminProductsPage() {
  return (
    <PageShell title="Produktet" heading={null}>
      <ProductsAdmin />
    </PageShell>
  );
}
