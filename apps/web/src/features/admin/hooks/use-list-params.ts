import { useSearchParams } from 'react-router';

/**
 * An admin list's filters, search and page kept in the address (so a reload or a shared link shows
 * the same page): `read` turns the address into the list's filters; `update` changes some of them,
 * an empty value removes one, and any change but the page starts again at page 1.
 */
export function useListParams<F, K extends string>(
  read: (params: URLSearchParams) => F,
): { filters: F; update: (change: Partial<Record<K | 'page', string>>) => void } {
  const [params, setParams] = useSearchParams();
  const update = (change: Partial<Record<K | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change) as [string, string | undefined][]) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };
  return { filters: read(params), update };
}

/** A page number or an id from the address: digits only, from 1; anything else is left out. */
export const positiveParam = (v: string | null): number | undefined => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined);
