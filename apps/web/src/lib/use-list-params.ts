import { sortDirections, type SortDirection } from '@shop/shared/domain/admin-lists';
import { useCallback, useRef } from 'react';
import { useLocation, useSearchParams } from './router';
import { useLeaving } from './history-path';

/**
 * An admin list's filters, search and page kept in the address (so a reload or a shared link shows
 * the same page): `read` turns the address into the list's filters; `update` changes some of them,
 * an empty value removes one, and any change but the page starts again at page 1. A change that
 * comes while the admin is already on the way to another page (a late search after a click on a
 * link whose page is still loading) is dropped: it would pull him back to the list.
 */
export function useListParams<F, K extends string>(
  read: (params: URLSearchParams) => F,
): { filters: F; update: (change: Partial<Record<K | 'page', string>>, opts?: { replace?: boolean }) => void } {
  const [params, setParams] = useSearchParams();
  // The page's own address: while the next page's code loads, the shop's router keeps this page on
  // screen (a transition) though the browser's address is already the next one.
  const leaving = useLeaving(useLocation().pathname);
  // The address as the last change left it: two changes before the next render (a sort, then its
  // direction, chosen quickly) build on each other instead of the second undoing the first.
  const latest = useRef(params);
  latest.current = params;
  // `replace`: a change made while typing takes the place of the last one in the history.
  const update = useCallback(
    (change: Partial<Record<K | 'page', string>>, opts: { replace?: boolean } = {}) => {
      if (leaving()) return;
      const current = latest.current;
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(change) as [string, string | undefined][]) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in change)) next.delete('page');
      if (next.toString() !== current.toString()) {
        latest.current = next;
        setParams(next, { replace: opts.replace ?? false });
      }
    },
    [setParams, leaving],
  );
  return { filters: read(params), update };
}

/** A page number or an id from the address: digits only, from 1; anything else is left out. */
export const positiveParam = (v: string | null): number | undefined => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined);

/** A sort, its direction, the search and the page of a paged list, read from the address (values the API would refuse are left out). */
export function readListQuery<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
): { page: number; q?: string; sort?: S; dir?: SortDirection } {
  const sort = params.get('sort');
  const dir = params.get('dir');
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  return {
    page: positiveParam(params.get('page')) ?? 1,
    q: q || undefined,
    sort: (sorts as readonly string[]).includes(sort ?? '') ? (sort as S) : undefined,
    dir: (sortDirections as readonly string[]).includes(dir ?? '') ? (dir as SortDirection) : undefined,
  };
}

/** The query text of a paged list's call: only what differs from the defaults. */
export function listQueryText(f: { page: number; q?: string; sort?: string; dir?: string; [k: string]: unknown }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || (k === 'page' && v === 1)) continue;
    q.set(k, String(v));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}
