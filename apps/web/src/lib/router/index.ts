/**
 * The shop's router (decision 038): wouter's links and path matching, with the glue the app
 * needs around them (a location with state and key, the navigation type, nested route objects
 * with <Outlet />, NavLink). Import routing from here, never from wouter directly.
 */
export { createBrowserHistory, createPath, type History, type Location, type NavigationType, type Path, type To } from './history';
export {
  Link,
  Navigate,
  NavLink,
  Router,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
  type LinkProps,
  type NavigateFunction,
  type NavigateOptions,
  type NavLinkProps,
} from './router';
export { matchRoutes, Outlet, useParams, useRoutes, type RouteMatch, type RouteObject } from './routes';
export { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from './memory';
