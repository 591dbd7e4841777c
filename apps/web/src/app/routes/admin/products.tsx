import { PageShell } from '../../../components/ui/page-shell';
import { ProductsAdmin } from '../../../features/admin/components/products-admin';

export default function AdminProductsPage() {
  return (
    <PageShell title="Produktet" heading={null}>
      <ProductsAdmin />
    </PageShell>
  );
}
