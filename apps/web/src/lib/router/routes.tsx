import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { useLocation } from './router';

/**
 * A route table of nested objects, as the shop wrote it for React Router (decision 038): a layout
 * route's element shows its matched child where it renders <Outlet />; a route without a path
 * is a layout only (a guard); an index route is its parent's own page; '*' matches any path.
 * Paths are matched by wouter's pattern parser (regexparam: case-insensitive, a trailing slash
 * allowed).
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  handle?: unknown;
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

interface Branch {
  pattern: RegExp;
  keys: string[];
  score: number;
  routes: RouteObject[];
}

const joinPaths = (...paths: string[]) => `/${paths.join('/')}`.replace(/\/\/+/g, '/');

/**
 * React Router's ranking, so the most specific path wins whatever the table's order: each
 * segment scores 10 when written out, 3 for a :param, 1 when empty; '*' costs 2, an index route
 * gains 2. Equal scores keep the table's order.
 */
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== '*') total += s.startsWith(':') ? 3 : s === '' ? 1 : 10;
  return total;
}

/** Each route that can be the last of a match, with the routes above it; children before their parent. */
function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentPath = '', branches: Branch[] = []): Branch[] {
  for (const route of routes) {
    const path = route.path?.startsWith('/') ? route.path : joinPaths(parentPath, route.path ?? '');
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, path, branches);
    if (route.path === undefined && !route.index) continue;
    const { pattern, keys } = parse(path);
    branches.push({ pattern, keys, score: score(path, !!route.index), routes: chain });
  }
  return branches;
}

const ranked = new WeakMap<RouteObject[], Branch[]>();
const branchesOf = (routes: RouteObject[]) => {
  let branches = ranked.get(routes);
  if (!branches) ranked.set(routes, (branches = flatten(routes).sort((a, b) => b.score - a.score)));
  return branches;
};

/** The path with each segment decoded (an encoded '/' stays one segment); as it is when malformed. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The routes that match `pathname`, outermost first, or null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const path = decodePath(pathname);
  for (const branch of branchesOf(routes)) {
    const [matched, found] = matchRoute(parse, branch.pattern, path);
    if (!matched) continue;
    const params: Record<string, string> = {};
    branch.keys.forEach((key, i) => (params[key] = (found[i] ?? '').replace(/%2F/g, '/')));
    return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

/** Where a layout route shows its matched child. */
export const Outlet = () => useContext(OutletContext);

/** The path's parameters (':id' -> `{ id }`), decoded. */
export const useParams = <T extends Record<string, string | undefined> = Record<string, string | undefined>>() =>
  useContext(ParamsContext) as Readonly<Partial<T>>;

/** The element of the route table's match for the location on screen (null when none matches). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!matches) return null;
  const page = matches.reduceRight<ReactNode>(
    (outlet, { route }) => (
      <OutletContext.Provider value={outlet}>{route.element === undefined ? outlet : route.element}</OutletContext.Provider>
    ),
    null,
  );
  return <ParamsContext.Provider value={matches[0]!.params}>{page}</ParamsContext.Provider>;
}
