import { PageShell } from '../../components/ui/page-shell';
import { cardImageLoading, ProductCard } from '../../features/products/components/product-card';
import { ServerProducts } from '../../features/products/components/server-products';

/** The server product list (product.md §2.4): prices with 2 decimals; a failed fetch just stops loading. */
export default function ProductsPage() {
  return (
    <PageShell
      title="Produktet"
      description="Të gjitha produktet e MobileShop KS: telefona, ora inteligjente, kufje, mbrojtëse, aksesorë dhe karta dhuratë."
    >
      <ServerProducts>
        {(items) => (
          <div className="product-grid grid-auto">
            {items.map((p, i) => (
              <ProductCard key={p.id} product={p} priceStyle="cents" headingLevel={2} imageLoading={cardImageLoading(i)} />
            ))}
          </div>
        )}
      </ServerProducts>
    </PageShell>
  );
}
