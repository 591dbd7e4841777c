import { Children, isValidElement, startTransition, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryHistory, type History, type Location } from './history';
import { Router } from './router';
import { useRoutes, type RouteObject } from './routes';

/** Routers in memory, for tests (decision 038): what React Router's MemoryRouter and data router gave them. */

type Entry = string | (Partial<Location> & { pathname: string });

/** Renders `children` over `history`, each change in a transition (as React Router's MemoryRouter). */
function HistoryRouter({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/** A router over a history in memory, starting at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: Entry[]; children?: ReactNode }) {
  const history = useRef<History>(null);
  history.current ??= createMemoryHistory(initialEntries);
  return <HistoryRouter history={history.current}>{children}</HistoryRouter>;
}

export interface MemoryRouterObject {
  routes: RouteObject[];
  history: History;
  /** Where the router is now (ahead of the screen while a transition renders). */
  readonly state: { location: Location };
}

/** A route table over a history in memory; render it with <RouterProvider>, read where it went from `state`. */
export function createMemoryRouter(routes: RouteObject[], { initialEntries }: { initialEntries?: Entry[] } = {}): MemoryRouterObject {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
  };
}

function RoutesOf({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function RouterProvider({ router }: { router: MemoryRouterObject }) {
  return (
    <HistoryRouter history={router.history}>
      <RoutesOf routes={router.routes} />
    </HistoryRouter>
  );
}

/** One route of <Routes> (its props are read by <Routes>; it renders nothing itself). */
export function Route(_props: { path: string; element: ReactNode }): ReactNode {
  return null;
}

/** The element of the first best <Route> child that matches the location (flat routes only). */
export function Routes({ children }: { children: ReactNode }) {
  const routes = Children.toArray(children)
    .filter((c): c is ReactElement<{ path: string; element: ReactNode }> => isValidElement(c))
    .map((c) => ({ path: c.props.path, element: c.props.element }));
  return <RoutesOf routes={routes} />;
}
