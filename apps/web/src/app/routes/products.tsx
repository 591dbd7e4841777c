import { PageShell } from '../../components/ui/page-shell';
import { useProducts } from '../../features/products/api/products-api';
import { ProductCard } from '../../features/products/components/product-card';

/** The server product list (SPEC 2.4): prices with 2 decimals; a failed fetch just stops loading. */
export default function ProductsPage() {
  const { data, isPending } = useProducts();
  const items = data ?? [];
  return (
    <PageShell
      title="Produktet"
      description="Të gjitha produktet e MobileShop KS: telefona, ora inteligjente, kufje, mbrojtëse, aksesorë dhe karta dhuratë."
    >
      {isPending ? (
        <p className="muted" role="status">
          Duke ngarkuar produktet...
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state">S&apos;ka produkte në sistem.</p>
      ) : (
        <div className="product-grid grid-auto">
          {items.map((p) => (
            <ProductCard key={p.id} product={p} priceStyle="cents" headingLevel={2} />
          ))}
        </div>
      )}
    </PageShell>
  );
}
