import { PageShell } from '../../components/ui/page-shell';
import { CatalogueBrowser } from '../../features/products/components/catalogue-browser';

/**
 * The server product list (product.md §2.4): every product, 24 a page, with a sort and facets
 * whose state lives in the address (decision 022); prices with 2 decimals; "S'ka produkte në
 * sistem." when the shop has none.
 */
export default function ProductsPage() {
  return (
    <PageShell
      title="Produktet"
      description="Të gjitha produktet e MobileShop KS: telefona, ora inteligjente, kufje, mbrojtëse, aksesorë dhe karta dhuratë."
    >
      <CatalogueBrowser
        path="/products"
        loadingText="Duke ngarkuar produktet..."
        empty={<p className="empty-state">S&apos;ka produkte në sistem.</p>}
      />
    </PageShell>
  );
}
