import { useMemo, useState } from 'react';
import type { Collection } from '@shop/shared/domain/catalogue';
import { PageShell } from '../../../components/ui/page-shell';
import { sortListed } from '@shop/shared/domain/catalogue-browse';
import { useProducts } from '../api/products-api';
import { emptyFilter, filterCatalogue, type CatalogueFilter } from '../lib/filters';
import { CatalogueFilters } from './catalogue-filters';
import { CatalogueSort, useListSort } from './catalogue-sort';
import { cardImageLoading, ProductCard } from './product-card';
import { ProductGrid } from './product-grid';
import { ListFailed } from '../../../components/ui/query-state';
import '../products.css';

export const countText = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A catalogue page (iPhone, Samsung, accessories): its collection, the contract's filters, the
 * catalogue's sort (kept in the address) and a 4/3/2/1-column grid.
 */
export function CataloguePage({
  collection,
  title,
  intro,
  description,
  emptyText,
  noun = ['produkt', 'produkte'],
}: {
  collection: Collection;
  title: string;
  intro: string;
  description: string;
  emptyText: string;
  noun?: [string, string];
}) {
  const { data, isPending, isError, refetch } = useProducts(collection);
  const [filter, setFilter] = useState<CatalogueFilter>(emptyFilter);
  const [sort, setSort] = useListSort();
  const items = useMemo(() => sortListed(filterCatalogue(data ?? [], filter), sort), [data, filter, sort]);
  return (
    <PageShell title={title} description={description} className="catalogue-page">
      <p className="page-intro">{intro}</p>
      <CatalogueFilters
        value={filter}
        onChange={setFilter}
        onReset={() => setFilter(emptyFilter)}
        resultText={isPending ? 'Duke ngarkuar...' : isError && !data ? '' : countText(items.length, noun[0], noun[1])}
      />
      <CatalogueSort value={sort} onSort={setSort} />
      {isError && !data ? (
        <ListFailed onRetry={() => void refetch()} />
      ) : (
        <ProductGrid layout="columns" loading={isPending} emptyText={emptyText} isEmpty={items.length === 0}>
          {items.map((p, i) => (
            <ProductCard key={p.id} product={p} headingLevel={2} imageLoading={cardImageLoading(i)} />
          ))}
        </ProductGrid>
      )}
    </PageShell>
  );
}
