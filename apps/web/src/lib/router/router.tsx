import { createContext, forwardRef, useCallback, useContext, useEffect, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link as WouterLink, Router as WouterRouter } from 'wouter';
import { createPath, parsePath, resolvePath, type History, type Location, type NavigationType, type To } from './history';

/**
 * The shop's router over wouter (decision 038). wouter renders the links and matches paths
 * (routes.tsx); this module gives it its location, which is richer than wouter's own: a
 * location object with the state and key of its history entry, and the navigation type.
 */
interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigator: History;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouterState(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('A router hook is used outside a <Router>.');
  return state;
}

/** The location on screen: `{ pathname, search, hash, state, key }`. */
export const useLocation = (): Location => useRouterState().location;

/** How the entry on screen was reached: POP (loaded, Back, Forward), PUSH or REPLACE. */
export const useNavigationType = (): NavigationType => useRouterState().navigationType;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for the catalogue's calls; the scroll is kept by ScrollRestoration's own rules. */
  preventScrollReset?: boolean;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** Goes to `to` (a query or hash alone stays on this page), or `delta` entries back or forward. */
export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouterState();
  const from = location.pathname;
  return useCallback(
    (to, options = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const path = resolvePath(to, from);
      if (options.replace) navigator.replace(path, options.state);
      else navigator.push(path, options.state);
    },
    [navigator, from],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string> | [string, string][];

/** The query of the address on screen, and a setter that navigates to the same page with another. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(init).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** wouter's location hook: the path on screen and the shop's navigate (wouter's Link and Redirect call it). */
function useShopLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  return [useLocation().pathname, useNavigate()];
}
const useShopSearch = () => useLocation().search;

/** Renders `children` at `location`; `navigator` carries out the navigations. */
export function Router({
  location,
  navigationType = 'POP',
  navigator,
  children,
}: {
  location: Location;
  navigationType?: NavigationType;
  navigator: History;
  children?: ReactNode;
}) {
  const state = useMemo(() => ({ location, navigationType, navigator }), [location, navigationType, navigator]);
  return (
    <RouterContext.Provider value={state}>
      <WouterRouter hook={useShopLocation} searchHook={useShopSearch}>
        {children}
      </WouterRouter>
    </RouterContext.Provider>
  );
}

const refuse = () => {
  throw new Error('The server renders one address: it does not navigate.');
};

/** One address, for the server's renderer (path, query and hash). */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const navigator = useMemo<History>(() => {
    const at: Location = { ...resolvePath(parsePath(location), '/'), state: null, key: 'default' };
    return { action: 'POP', location: at, push: refuse, replace: refuse, go: refuse, listen: () => () => {} };
  }, [location]);
  return (
    <Router location={navigator.location} navigator={navigator}>
      {children}
    </Router>
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/**
 * A link the app follows itself on a plain click (wouter's Link: a click with a modifier key, or
 * another button than the main one, is the browser's). A link that opens elsewhere (`target`) is
 * the browser's too. A link to the address on screen replaces its entry instead of adding one.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, ...rest }, ref) {
  const location = useLocation();
  const href = createPath(resolvePath(to, location.pathname));
  if (rest.target && rest.target !== '_self') return <a {...rest} href={href} ref={ref} />;
  return <WouterLink {...rest} ref={ref} to={href} replace={replace ?? href === createPath(location)} state={state} />;
});

export interface NavLinkProps extends LinkProps {
  /** Active only at its own path, not below it. */
  end?: boolean;
}

/**
 * A link that marks itself when the page on screen is its own or below it ('/admin' under
 * '/admin/orders', unless `end`): `aria-current="page"` and the class 'active'.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, className = '', ...rest }, ref) {
  const here = useLocation().pathname.toLowerCase();
  const own = resolvePath(rest.to, here).pathname.toLowerCase();
  const slashAt = own !== '/' && own.endsWith('/') ? own.length - 1 : own.length;
  const active = here === own || (!end && here.startsWith(own) && here.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
    />
  );
});

/**
 * Navigates to `to` once rendered, replacing the entry when `replace`. In an effect, not in a
 * layout effect as wouter's Redirect: a router's listener is subscribed in its own layout effect,
 * which runs after its children's, so a redirect on the first render would go unseen.
 */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const path = createPath(resolvePath(to, useLocation().pathname));
  useEffect(() => navigate(path, { replace, state }), [navigate, path, replace, state]);
  return null;
}
