import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { browseSorts, effectiveSort, hasBrowseFilters, readBrowseParams, type BrowseParams } from '@shop/shared/domain/catalogue-browse';
import type { BrowseAnswer } from '@shop/shared/schemas/catalogue-browse';
import { browseMsg } from '@shop/shared/messages-browse';
import { ListFailed, LoadingNote } from '../../../components/ui/query-state';
import { useHydrated } from '../../../lib/use-hydrated';
import { useBrowse } from '../api/products-api';
import { browseHref as hrefOf } from '../lib/browse-href';
import { FacetDialog, FacetForm, HiddenState } from './browse-facets';
import { cardImageLoading, ProductCard } from './product-card';
import { SortControl } from './sort-control';
import '../products.css';
import '../browse.css';

/** Where the page lives and what it says around its results. */
interface BrowserProps {
  /** The page's path: /products or /search. */
  path: string;
  /** The address's name for the search text: 'query' on /search (product.md §2.4). */
  queryKey?: 'q' | 'query';
  /** Shown while the first answer loads. */
  loadingText: string;
  /** Loaded, nothing found and no facet chosen: the page's own empty text. */
  empty: ReactNode;
  /** Above the results when there are some (the search page's 'Rezultatet për:'). */
  heading?: (total: number) => ReactNode;
  /** The cards' heading level (2 when no heading stands above them). */
  cardHeadingLevel?: 2 | 3;
}

/**
 * The catalogue's browsing (decision 022): the results of GET /api/products/browse for the state
 * in the address (a link or a reload keeps it), a sort, facets with counts (brand, storage,
 * price, stock, category) and pages of 24 as links. Everything works as plain links and forms
 * without JavaScript; with it, a change applies at once. On narrow screens the facets sit behind
 * 'Filtro' (a modal dialog; without JavaScript a link to them).
 */
export function CatalogueBrowser({ path, queryKey = 'q', loadingText, empty, heading, cardHeadingLevel = 2 }: BrowserProps) {
  const [search] = useSearchParams();
  const params = readBrowseParams(search, queryKey);
  const navigate = useNavigate();
  const { data, isPending, error, refetch, isFetching } = useBrowse(params);
  const [dialogOpen, setDialogOpen] = useState(false);
  const hydrated = useHydrated();

  const go = (next: BrowseParams) => void navigate(hrefOf(path, next, queryKey), { preventScrollReset: true });
  const change = (next: Partial<BrowseParams>) => go({ ...params, ...next, page: 1 });
  const filtered = hasBrowseFilters(params);
  const clearHref = hrefOf(
    path,
    { brands: [], storage: [], colors: [], inStock: false, page: 1, ...(params.q ? { q: params.q } : {}) },
    queryKey,
  );
  const activeCount =
    params.brands.length +
    params.storage.length +
    params.colors.length +
    (params.min !== undefined || params.max !== undefined ? 1 : 0) +
    (params.inStock ? 1 : 0) +
    (params.category ? 1 : 0);

  if (isPending && !data) return <LoadingNote text={loadingText} />;
  if (!data) return <ListFailed onRetry={() => void refetch()} />;

  const facetProps = { data, params, path, queryKey, change, clearHref, filtered };
  return (
    <div className="browse">
      <div className="browse-toolbar">
        <p className="browse-count" role="status">
          {browseMsg.results(data.total)}
        </p>
        {hydrated ? (
          <button
            type="button"
            className="btn btn-outline btn-sm browse-filter-open"
            aria-haspopup="dialog"
            onClick={() => setDialogOpen(true)}
          >
            {browseMsg.filters}
            {activeCount > 0 && <span className="browse-filter-count">{activeCount}</span>}
          </button>
        ) : (
          <a className="btn btn-outline btn-sm browse-filter-open" href="#filtrat">
            {browseMsg.filters}
            {activeCount > 0 && <span className="browse-filter-count">{activeCount}</span>}
          </a>
        )}
        <SortControl
          path={path}
          value={effectiveSort(params.sort, Boolean(params.q))}
          sorts={browseSorts.filter((s) => s !== 'relevance' || params.q)}
          onSort={(sort) => change({ sort })}
        >
          <HiddenState params={params} queryKey={queryKey} omit="facets" />
        </SortControl>
      </div>
      <div className="browse-layout">
        <aside className="browse-facets" id="filtrat" aria-label={browseMsg.filtersTitle}>
          <FacetForm {...facetProps} />
        </aside>
        <div className="browse-results" aria-busy={isFetching}>
          {error && <ListFailed onRetry={() => void refetch()} />}
          <Results
            data={data}
            params={params}
            path={path}
            queryKey={queryKey}
            empty={empty}
            filtered={filtered}
            clearHref={clearHref}
            heading={heading}
            cardHeadingLevel={cardHeadingLevel}
          />
        </div>
      </div>
      {dialogOpen && <FacetDialog {...facetProps} onClose={() => setDialogOpen(false)} />}
    </div>
  );
}

function Results({
  data,
  params,
  path,
  queryKey,
  empty,
  filtered,
  clearHref,
  heading,
  cardHeadingLevel,
}: {
  data: BrowseAnswer;
  params: BrowseParams;
  path: string;
  queryKey: string;
  empty: ReactNode;
  filtered: boolean;
  clearHref: string;
  heading?: (total: number) => ReactNode;
  cardHeadingLevel: 2 | 3;
}) {
  if (data.total === 0) {
    if (!filtered) return <>{empty}</>;
    return (
      <div className="empty-state">
        <p>{browseMsg.noMatch}</p>
        <Link to={clearHref} className="btn btn-outline">
          {browseMsg.clear}
        </Link>
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <div className="empty-state">
        <p>{browseMsg.pastLastPage}</p>
        <Link to={hrefOf(path, { ...params, page: 1 }, queryKey)} className="btn btn-outline">
          {browseMsg.firstPage}
        </Link>
      </div>
    );
  }
  return (
    <>
      {heading?.(data.total)}
      <div className="product-grid grid-auto">
        {data.items.map((p, i) => (
          <ProductCard
            key={p.id}
            product={p}
            priceStyle="cents"
            headingLevel={cardHeadingLevel}
            imageLoading={data.page === 1 ? cardImageLoading(i) : 'lazy'}
          />
        ))}
      </div>
      <Pager data={data} params={params} path={path} queryKey={queryKey} />
    </>
  );
}

/** The pages around the current one, with the first and the last: 1 … 4 5 6 … 12. */
function pageNumbers(page: number, pages: number): (number | null)[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of wanted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && n - prev > 1) out.push(null);
    out.push(n);
  }
  return out;
}

function Pager({ data, params, path, queryKey }: { data: BrowseAnswer; params: BrowseParams; path: string; queryKey: string }) {
  if (data.pages <= 1) return null;
  const page = Math.min(data.page, data.pages);
  const to = (n: number) => hrefOf(path, { ...params, page: n }, queryKey);
  return (
    <nav className="browse-pager" aria-label={browseMsg.pages}>
      {page > 1 ? (
        <Link className="btn btn-outline btn-sm" to={to(page - 1)} rel="prev">
          {browseMsg.previousPage}
        </Link>
      ) : (
        <span className="btn btn-outline btn-sm" aria-disabled="true">
          {browseMsg.previousPage}
        </span>
      )}
      <ol>
        {pageNumbers(page, data.pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={to(n)} aria-current={n === page ? 'page' : undefined} aria-label={browseMsg.pageN(n)}>
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < data.pages ? (
        <Link className="btn btn-outline btn-sm" to={to(page + 1)} rel="next">
          {browseMsg.nextPage}
        </Link>
      ) : (
        <span className="btn btn-outline btn-sm" aria-disabled="true">
          {browseMsg.nextPage}
        </span>
      )}
      <p className="browse-page-of">{browseMsg.pageOf(page, data.pages)}</p>
    </nav>
  );
}
