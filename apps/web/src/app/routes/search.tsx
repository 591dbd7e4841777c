import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchBox } from '../../components/layout/search-box';
import { PageShell } from '../../components/ui/page-shell';
import { useProducts } from '../../features/products/api/products-api';
import { ProductCard } from '../../features/products/components/product-card';
import { searchProducts } from '../../features/products/lib/filters';
import { ListFailed } from '../../components/ui/query-state';
import '../../features/products/products.css';

/** Search over the server list (product.md §2.4); case and Albanian diacritics are ignored. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const { data, isPending, isError, refetch } = useProducts();
  const results = useMemo(() => searchProducts(data ?? [], query), [data, query]);

  let body;
  if (!query) {
    body = <p className="empty-state">Shkruani diçka për të kërkuar!</p>;
  } else if (isError && !data) {
    body = <ListFailed onRetry={() => void refetch()} />;
  } else if (isPending) {
    body = (
      <p className="muted" role="status">
        Duke kërkuar...
      </p>
    );
  } else if (results.length === 0) {
    body = (
      <div className="empty-state">
        <p>Nuk u gjetën produkte për “{query}”!</p>
        <Link to="/products" className="btn btn-outline">
          Shiko të gjitha produktet
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <h2 className="search-heading">
          Rezultatet për: <span className="search-query">“{query}”</span> <span className="muted search-count">({results.length})</span>
        </h2>
        <div className="product-grid grid-auto">
          {results.map((p) => (
            <ProductCard key={p.id} product={p} priceStyle="cents" />
          ))}
        </div>
      </>
    );
  }

  return (
    <PageShell
      title={query ? `Kërkimi: ${query}` : 'Kërkimi'}
      heading="Kërko produkte"
      description="Kërkoni telefona, mbrojtëse, kufje, ora dhe aksesorë në katalogun e MobileShop KS."
    >
      <div className="search-page-box">
        <SearchBox key={query} id="search-page" initialValue={query} label="Kërko përsëri" />
      </div>
      {body}
    </PageShell>
  );
}
