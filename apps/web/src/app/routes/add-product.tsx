import { PageShell } from '../../components/ui/page-shell';
import { AddProductForm } from '../../features/products/components/add-product-form';

export default function AddProductPage() {
  return (
    <PageShell title="Shto produkt" description="Shto një produkt të ri në dyqan." className="page-narrow admin-add-page">
      <AddProductForm />
    </PageShell>
  );
}
