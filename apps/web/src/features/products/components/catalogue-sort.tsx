import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { listSorts, listSortSearch, readListSort, type BrowseSort } from '@shop/shared/domain/catalogue-browse';
import { SortControl } from './sort-control';

/**
 * A catalogue page's sort (iPhone, Samsung, Aksesorë, Karta dhuratë), kept in the address
 * (`?sort=price-asc`), so the server renders the page in that order and a link or a reload keeps
 * it. Changing it keeps the page (and the filters typed on it) and its scroll position.
 */
export function useListSort(): [BrowseSort, (sort: BrowseSort) => void] {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const setSort = (sort: BrowseSort) => {
    const query = listSortSearch(sort);
    void navigate(query ? `${pathname}?${query}` : pathname, { preventScrollReset: true });
  };
  return [readListSort(search), setSort];
}

/** 'Rendit sipas' with /products' own options and texts (no 'relevance': these pages have no search text). */
export function CatalogueSort({ value, onSort }: { value: BrowseSort; onSort: (sort: BrowseSort) => void }) {
  const { pathname } = useLocation();
  return (
    <div className="catalogue-sort">
      <SortControl path={pathname} value={value} sorts={listSorts} onSort={onSort} />
    </div>
  );
}
