import { matchRoutes } from '../lib/router';
import { aliases, routes, UNKNOWN_PATH } from './router';

/**
 * Where the server sends the address `url` (path and query) instead of answering a page: the
 * aliases' pages (301, the query kept) and '/' for a path no page has (302, product.md §2.1 "any
 * other path redirects to /"). Null for a page's own address, including a missing product's or
 * post's (their page is a 404).
 */
export function redirectAt(url: string): { location: string; status: 301 | 302 } | null {
  const [pathname = '/', query] = url.split('?');
  const last = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!last || last.path === UNKNOWN_PATH) return { location: '/', status: 302 };
  const to = last.path !== undefined && Object.hasOwn(aliases, last.path) ? aliases[last.path] : undefined;
  return to ? { location: query ? `${to}?${query}` : to, status: 301 } : null;
}
