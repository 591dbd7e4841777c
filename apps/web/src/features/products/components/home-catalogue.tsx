import { useMemo, useState } from 'react';
import { useProducts } from '../api/products-api';
import { filterByCategory, homeFilters, homeHeading, type HomeFilter } from '../lib/filters';
import { ProductCard } from './product-card';
import { ProductGrid } from './product-grid';
import { ListFailed } from '../../../components/ui/query-state';
import '../products.css';

const icons: Record<HomeFilter, string> = {
  all: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  phone: 'M8 2.5h8a2 2 0 0 1 2 2v15a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2v-15a2 2 0 0 1 2-2zM11 18.5h2',
  case: 'M7.5 2.5h9a2.5 2.5 0 0 1 2.5 2.5v14a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 5 19V5a2.5 2.5 0 0 1 2.5-2.5zM8.5 5.5h3v3h-3z',
  giftcard: 'M3 8h18v4H3zM5 12h14v9H5zM12 8v13M12 8c-1.5-3-5-4-5-1.5S10 8 12 8zm0 0c1.5-3 5-4 5-1.5S14 8 12 8z',
};

/**
 * The home list (24 products on a fresh seed) with the category filter cards. A product matches
 * when its lower-cased category contains the chosen value.
 */
export function HomeCatalogue() {
  const { data, isPending, isError, refetch } = useProducts('home');
  const [filter, setFilter] = useState<HomeFilter>('all');
  const items = useMemo(() => filterByCategory(data ?? [], filter), [data, filter]);
  return (
    <section id="produktet" className="home-section home-products" aria-labelledby="produktet-title">
      <h2 id="produktet-title" className="section-title">
        {homeHeading(filter)}
      </h2>
      <div className="filter-cards" role="group" aria-label="Kategoritë">
        {homeFilters.map((f) => (
          <button key={f.value} type="button" className="filter-card" aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path d={icons[f.value]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" />
            </svg>
            <span>{f.label}</span>
          </button>
        ))}
      </div>
      {isError && !data ? (
        <ListFailed onRetry={() => void refetch()} />
      ) : (
        <ProductGrid loading={isPending} emptyText="S'ka produkte." isEmpty={items.length === 0}>
          {items.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ProductGrid>
      )}
    </section>
  );
}
