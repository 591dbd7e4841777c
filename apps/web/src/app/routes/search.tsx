import { Link, useSearchParams } from '../../lib/router';
import { SearchBox } from '../../components/layout/search-box';
import { PageShell } from '../../components/ui/page-shell';
import { CatalogueBrowser } from '../../features/products/components/catalogue-browser';
import '../../features/products/products.css';

/**
 * Search over every product (product.md §2.4), on the server (decision 022): words as prefixes,
 * typos and Albanian words for kinds of products, case and diacritics ignored, ranked; with the
 * catalogue's sort, facets and pages.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();

  return (
    <PageShell
      title={query ? `Kërkimi: ${query}` : 'Kërkimi'}
      heading="Kërko produkte"
      description="Kërkoni telefona, mbrojtëse, kufje, ora dhe aksesorë në katalogun e MobileShop KS."
    >
      <div className="search-page-box">
        <SearchBox key={query} id="search-page" initialValue={query} label="Kërko përsëri" />
      </div>
      {query ? (
        <CatalogueBrowser
          path="/search"
          queryKey="query"
          loadingText="Duke kërkuar..."
          cardHeadingLevel={3}
          heading={(total) => (
            <h2 className="search-heading">
              Rezultatet për: <span className="search-query">“{query}”</span> <span className="muted search-count">({total})</span>
            </h2>
          )}
          empty={
            <div className="empty-state">
              <p>Nuk u gjetën produkte për “{query}”!</p>
              <Link to="/products" className="btn btn-outline">
                Shiko të gjitha produktet
              </Link>
            </div>
          }
        />
      ) : (
        <p className="empty-state">Shkruani diçka për të kërkuar!</p>
      )}
    </PageShell>
  );
}
