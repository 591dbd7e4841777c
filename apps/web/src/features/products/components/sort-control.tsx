import { useId, type ReactNode } from 'react';
import { browseSortLabels, type BrowseSort } from '@shop/shared/domain/catalogue-browse';
import { browseMsg } from '@shop/shared/messages-browse';
import { useHydrated } from '../../../lib/use-hydrated';
import '../browse.css';

/**
 * 'Rendit sipas': the catalogue's sort (decision 022), on /products, /search and the catalogue
 * pages. A form that sends `sort` to the page's own address, so it works without JavaScript (with
 * 'Rendit'); once the page is hydrated a choice applies at once through `onSort`. `children` are
 * the hidden fields of the rest of the page's state.
 */
export function SortControl({
  path,
  value,
  sorts,
  onSort,
  children,
}: {
  path: string;
  value: BrowseSort;
  sorts: readonly BrowseSort[];
  onSort: (sort: BrowseSort) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <form className="browse-sort" method="get" action={path} onSubmit={(e) => e.preventDefault()}>
      {children}
      <label htmlFor={`${id}-sort`}>{browseMsg.sortLabel}</label>
      <select id={`${id}-sort`} name="sort" className="input" value={value} onChange={(e) => onSort(e.target.value as BrowseSort)}>
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
