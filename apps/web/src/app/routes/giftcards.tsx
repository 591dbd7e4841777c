import { useId, useMemo, useState } from 'react';
import { PageShell } from '../../components/ui/page-shell';
import { useGiftCards } from '../../features/products/api/products-api';
import { CatalogueFilters } from '../../features/products/components/catalogue-filters';
import { CatalogueSort, useListSort } from '../../features/products/components/catalogue-sort';
import { countText } from '../../features/products/components/catalogue-page';
import { ProductGrid } from '../../features/products/components/product-grid';
import { emptyGiftCardFilter, filterGiftCards, type GiftCardFilter } from '../../features/products/lib/filters';
import { formatWholePrice } from '@shop/shared/domain/money';
import { sortListed } from '@shop/shared/domain/catalogue-browse';
import { ListFailed } from '../../components/ui/query-state';
import '../../features/products/products.css';

/**
 * The gift card page (product.md §2.4): 16 display-only cards with text, price and card-name
 * filters, and the catalogue's sort (kept in the address).
 */
export default function GiftCardsPage() {
  const { data, isPending, isError, refetch } = useGiftCards();
  const [filter, setFilter] = useState<GiftCardFilter>(emptyGiftCardFilter);
  const selectId = useId();
  const [sort, setSort] = useListSort();
  const cards = useMemo(() => sortListed(filterGiftCards(data ?? [], filter), sort), [data, filter, sort]);
  return (
    <PageShell
      title="Karta dhuratë"
      description="Karta dhuratë PlayStation, Apple, Google Play dhe rimbushje Vala në MobileShop KS, me vlera nga 5 € deri në 200 €."
    >
      <p className="page-intro">
        Karta për PlayStation Network, Apple, Google Play dhe rimbushje Vala. Na vizitoni në dyqan për t&apos;i blerë.
      </p>
      <CatalogueFilters
        value={filter}
        onChange={setFilter}
        onReset={() => setFilter(emptyGiftCardFilter)}
        textLabel="Kërko kartë"
        textPlaceholder="p.sh. Google Play"
        resultText={isPending ? 'Duke ngarkuar...' : isError && !data ? '' : countText(cards.length, 'kartë', 'karta')}
      >
        <div className="cf-field cf-select">
          <label htmlFor={selectId}>Karta</label>
          <select id={selectId} className="input" value={filter.card} onChange={(e) => setFilter({ ...filter, card: e.target.value })}>
            <option value="all">Të gjitha kartat</option>
            {(data ?? []).map((g) => (
              <option key={g.id} value={g.name}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      </CatalogueFilters>
      <CatalogueSort value={sort} onSort={setSort} />
      {isError && !data ? (
        <ListFailed onRetry={() => void refetch()} />
      ) : (
        <ProductGrid
          layout="columns"
          loading={isPending}
          loadingLabel="Duke ngarkuar kartat..."
          emptyText="S'ka karta."
          isEmpty={cards.length === 0}
        >
          {cards.map((g, i) => (
            <article key={g.id} className="gift-card">
              <img
                src={g.image}
                alt=""
                width={400}
                height={250}
                loading={i < 4 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
              />
              <div className="product-body">
                <h2 className="product-name">{g.name}</h2>
                <p className="product-desc">{g.desc}</p>
                <p className="price-row">
                  <span className="price">{formatWholePrice(g.price)}</span>
                </p>
              </div>
            </article>
          ))}
        </ProductGrid>
      )}
    </PageShell>
  );
}
