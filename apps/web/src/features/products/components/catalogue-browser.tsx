import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  browseSearch,
  browseSortLabels,
  browseSorts,
  effectiveSort,
  hasBrowseFilters,
  readBrowseParams,
  type BrowseParams,
  type BrowseSort,
} from '@shop/shared/domain/catalogue-browse';
import type { Category } from '@shop/shared/domain/catalogue';
import type { BrowseAnswer } from '@shop/shared/schemas/catalogue-browse';
import { browseMsg } from '@shop/shared/messages-browse';
import { ListFailed, LoadingNote } from '../../../components/ui/query-state';
import { firstFocusable, useModal } from '../../../components/ui/use-modal';
import { useHydrated } from '../../../lib/use-hydrated';
import { useBrowse } from '../api/products-api';
import { cardImageLoading, ProductCard } from './product-card';
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

/** The address of a state on this page. */
const hrefOf = (path: string, params: BrowseParams, queryKey: string) => {
  const search = browseSearch(params, queryKey);
  return search ? `${path}?${search}` : path;
};

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
  const clearHref = hrefOf(path, { brands: [], storage: [], inStock: false, page: 1, ...(params.q ? { q: params.q } : {}) }, queryKey);
  const activeCount =
    params.brands.length +
    params.storage.length +
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
        <SortForm params={params} path={path} queryKey={queryKey} onSort={(sort) => change({ sort })} />
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
      {dialogOpen && (
        <FacetDialog onClose={() => setDialogOpen(false)} total={data.total}>
          <FacetForm {...facetProps} />
        </FacetDialog>
      )}
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

/** The state's other parameters, as hidden fields of a form that sends one part of it. */
function HiddenState({ params, queryKey, omit }: { params: BrowseParams; queryKey: string; omit: 'sort' | 'facets' }) {
  return (
    <>
      {params.q && <input type="hidden" name={queryKey} value={params.q} />}
      {omit === 'facets' ? (
        <>
          {params.brands.map((b) => (
            <input key={b} type="hidden" name="brand" value={b} />
          ))}
          {params.storage.map((g) => (
            <input key={g} type="hidden" name="storage" value={g} />
          ))}
          {params.min !== undefined && <input type="hidden" name="min" value={params.min} />}
          {params.max !== undefined && <input type="hidden" name="max" value={params.max} />}
          {params.inStock && <input type="hidden" name="inStock" value="1" />}
          {params.category && <input type="hidden" name="category" value={params.category} />}
        </>
      ) : (
        params.sort && <input type="hidden" name="sort" value={params.sort} />
      )}
    </>
  );
}

function SortForm({
  params,
  path,
  queryKey,
  onSort,
}: {
  params: BrowseParams;
  path: string;
  queryKey: string;
  onSort: (sort: BrowseSort) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const sorts = browseSorts.filter((s) => s !== 'relevance' || params.q);
  return (
    <form className="browse-sort" method="get" action={path} onSubmit={(e) => e.preventDefault()}>
      <HiddenState params={params} queryKey={queryKey} omit="facets" />
      <label htmlFor={`${id}-sort`}>{browseMsg.sortLabel}</label>
      <select
        id={`${id}-sort`}
        name="sort"
        className="input"
        value={effectiveSort(params.sort, Boolean(params.q))}
        onChange={(e) => onSort(e.target.value as BrowseSort)}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {browseSortLabels[s]}
          </option>
        ))}
      </select>
      {/* Without JavaScript the choice is sent with this button; with it, at once. */}
      {!hydrated && (
        <button type="submit" className="btn btn-sm btn-outline">
          {browseMsg.sortSubmit}
        </button>
      )}
    </form>
  );
}

interface FacetFormProps {
  data: BrowseAnswer;
  params: BrowseParams;
  path: string;
  queryKey: string;
  change: (next: Partial<BrowseParams>) => void;
  clearHref: string;
  filtered: boolean;
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));

function FacetForm({ data, params, path, queryKey, change, clearHref, filtered }: FacetFormProps) {
  const id = useId();
  const f = data.facets;
  const [min, setMin] = useState(params.min === undefined ? '' : String(params.min));
  const [max, setMax] = useState(params.max === undefined ? '' : String(params.max));
  useEffect(() => {
    setMin(params.min === undefined ? '' : String(params.min));
    setMax(params.max === undefined ? '' : String(params.max));
  }, [params.min, params.max]);
  const readBound = (v: string) => {
    const n = Number(v.replace(',', '.'));
    return v.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : n;
  };
  const priceHref = (r: { min: number; max: number | null }) =>
    hrefOf(path, { ...params, min: r.min === 0 ? undefined : r.min, max: r.max ?? undefined, page: 1 }, queryKey);
  const anyPriceHref = hrefOf(path, { ...params, min: undefined, max: undefined, page: 1 }, queryKey);
  return (
    <form
      className="facets"
      method="get"
      action={path}
      aria-label={browseMsg.filtersTitle}
      onSubmit={(e) => {
        e.preventDefault();
        const lo = readBound(min);
        const hi = readBound(max);
        change({
          min: lo !== undefined && hi !== undefined && lo > hi ? hi : lo,
          max: lo !== undefined && hi !== undefined && lo > hi ? lo : hi,
        });
      }}
    >
      <HiddenState params={params} queryKey={queryKey} omit="sort" />
      {f.categories.length > 0 && (
        <fieldset>
          <legend>{browseMsg.category_}</legend>
          <Choice
            type="radio"
            name="category"
            value=""
            label="Të gjitha"
            checked={!params.category}
            onChange={() => change({ category: undefined })}
          />
          {f.categories.map((c) => (
            <Choice
              key={c.value}
              type="radio"
              name="category"
              value={c.value}
              label={c.label}
              count={c.count}
              checked={params.category === c.value}
              onChange={() => change({ category: c.value as Category })}
            />
          ))}
        </fieldset>
      )}
      {f.brands.length > 0 && (
        <fieldset>
          <legend>{browseMsg.brand_}</legend>
          {f.brands.map((b) => {
            const checked = params.brands.some((x) => x.toLowerCase() === b.value.toLowerCase());
            return (
              <Choice
                key={b.value}
                type="checkbox"
                name="brand"
                value={b.value}
                label={b.value}
                count={b.count}
                checked={checked}
                onChange={(on) =>
                  change({
                    brands: on ? [...params.brands, b.value] : params.brands.filter((x) => x.toLowerCase() !== b.value.toLowerCase()),
                  })
                }
              />
            );
          })}
        </fieldset>
      )}
      {f.storage.length > 0 && (
        <fieldset>
          <legend>{browseMsg.storage_}</legend>
          {f.storage.map((s) => (
            <Choice
              key={s.value}
              type="checkbox"
              name="storage"
              value={String(s.value)}
              label={s.label}
              count={s.count}
              checked={params.storage.includes(s.value)}
              onChange={(on) => change({ storage: toggle(params.storage, s.value, on) })}
            />
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend>{browseMsg.price_}</legend>
        <ul className="facet-links">
          <li>
            <Link to={anyPriceHref} aria-current={params.min === undefined && params.max === undefined ? 'true' : undefined}>
              {browseMsg.anyPrice}
            </Link>
          </li>
          {f.prices.map((r) => {
            const current = (params.min ?? 0) === r.min && (params.max ?? null) === r.max;
            return (
              <li key={r.value}>
                {r.count === 0 && !current ? (
                  <span className="facet-disabled">
                    {r.label} <span className="facet-count">(0)</span>
                  </span>
                ) : (
                  <Link to={priceHref(r)} aria-current={current ? 'true' : undefined}>
                    {r.label} <span className="facet-count">({r.count})</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <div className="facet-range">
          <div className="cf-field">
            <label htmlFor={`${id}-min`}>{browseMsg.priceFrom}</label>
            <input
              id={`${id}-min`}
              name="min"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="input"
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
          </div>
          <div className="cf-field">
            <label htmlFor={`${id}-max`}>{browseMsg.priceTo}</label>
            <input
              id={`${id}-max`}
              name="max"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="input"
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>{browseMsg.availability}</legend>
        <Choice
          type="checkbox"
          name="inStock"
          value="1"
          label={browseMsg.inStockOnly}
          count={f.inStock}
          checked={params.inStock}
          onChange={(on) => change({ inStock: on })}
        />
      </fieldset>
      <div className="facet-actions">
        <button type="submit" className="btn btn-primary btn-sm">
          {browseMsg.apply}
        </button>
        {filtered && (
          <Link to={clearHref} className="btn btn-ghost btn-sm">
            {browseMsg.clear}
          </Link>
        )}
      </div>
    </form>
  );
}

function Choice({
  type,
  name,
  value,
  label,
  count,
  checked,
  onChange,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  label: string;
  count?: number;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={`facet-choice ${count === 0 && !checked ? 'facet-empty' : ''}`}>
      <input type={type} name={name} value={value} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label} {count !== undefined && <span className="facet-count">({count})</span>}
      </span>
    </label>
  );
}

/** The facets over the page on a narrow screen: a modal dialog, Escape or 'Mbyll filtrat' closes it. */
function FacetDialog({ onClose, total, children }: { onClose: () => void; total: number; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(panel, onClose);
  useEffect(() => {
    // The first facet (hidden fields of the form are not for the keyboard).
    (panel.current?.querySelector<HTMLElement>('.facets input:not([type="hidden"])') ?? firstFocusable(panel.current))?.focus();
  }, []);
  return createPortal(
    <div className="facet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className="facet-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="facet-dialog-head">
          <h2 id={titleId}>{browseMsg.filtersTitle}</h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {browseMsg.closeFilters}
          </button>
        </div>
        {children}
        <div className="facet-dialog-foot">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {browseMsg.showResults(total)}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
