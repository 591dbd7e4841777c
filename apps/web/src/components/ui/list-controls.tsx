import { useState, type FormEvent } from 'react';
import { defaultSortDirection, sortDirectionLabels, sortDirections, sortLabels, type SortDirection } from '@shop/shared/domain/admin-lists';
import { listsMsg } from '@shop/shared/messages-lists';
import './list-tools.css';

/**
 * A long list's search box and sort menus (decision 021): the search is sent on Enter or with
 * 'Kërko'; a new sort takes effect at once. The parent keeps them in the address.
 */
export function ListControls<S extends string>({
  id,
  searchLabel,
  placeholder,
  q,
  onSearch,
  sorts,
  sort,
  dir,
  onSort,
}: {
  id: string;
  searchLabel: string;
  placeholder: string;
  q: string | undefined;
  onSearch: (q: string) => void;
  sorts: readonly S[];
  sort: S | undefined;
  dir: SortDirection | undefined;
  onSort: (sort: S, dir: SortDirection) => void;
}) {
  return (
    <div className="list-tools">
      {/* Keyed by the address's search: Back and Forward put its text back in the box. */}
      <SearchForm key={q ?? ''} id={id} label={searchLabel} placeholder={placeholder} q={q} onSearch={onSearch} />
      <SortControls sorts={sorts} sort={sort} dir={dir} onSort={onSort} />
    </div>
  );
}

/** A long list's two sort menus: what it is sorted by (a new one takes its usual direction) and which way. */
export function SortControls<S extends string>({
  sorts,
  sort,
  dir,
  onSort,
}: {
  sorts: readonly S[];
  sort: S | undefined;
  dir: SortDirection | undefined;
  onSort: (sort: S, dir: SortDirection) => void;
}) {
  const current = sort ?? sorts[0]!;
  const direction = dir ?? defaultSortDirection(sort);
  return (
    <div className="list-sort">
      <label>
        {listsMsg.sortLabel}
        <select
          value={current}
          onChange={(e) => {
            const next = e.target.value as S;
            onSort(next, defaultSortDirection(next));
          }}
        >
          {sorts.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s] ?? s}
            </option>
          ))}
        </select>
      </label>
      <label>
        {listsMsg.dirLabel}
        <select value={direction} onChange={(e) => onSort(current, e.target.value as SortDirection)}>
          {sortDirections.map((d) => (
            <option key={d} value={d}>
              {sortDirectionLabels[d]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function SearchForm({
  id,
  label,
  placeholder,
  q,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string | undefined;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(q ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="list-search" role="search" aria-label={label} onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        maxLength={200}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {listsMsg.searchButton}
      </button>
    </form>
  );
}
