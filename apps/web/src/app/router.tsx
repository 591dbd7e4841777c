import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { cataloguePath, PRODUCTS_PATH } from '@shop/shared/domain/routes';
import { RequireAdmin, RequireAuth, RequireWarrantyRole } from './guards';

type PageModule = { default: ComponentType };
interface PageHandle {
  load: () => Promise<PageModule>;
}

/**
 * Route-level code splitting: each page is its own chunk, loaded the first time its route is
 * shown (a navigation keeps the old page on screen meanwhile). A page whose chunk is already in
 * (the first page, preloaded by main.tsx) renders at once, without suspending.
 */
const page = (importPage: () => Promise<PageModule>) => {
  let loaded: PageModule | undefined;
  const load = () => importPage().then((m) => (loaded = m));
  const Lazy = lazy(load);
  function Page() {
    const Loaded = loaded?.default;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { element: <Page />, handle: { load } satisfies PageHandle };
};

/** A path of domain/routes as the router writes it, relative to the layout ('/products' -> 'products'). */
const relative = (path: string) => path.slice(1);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: relative(PRODUCTS_PATH), ...page(() => import('./routes/products')) },
      { path: relative(cataloguePath('iphone')), ...page(() => import('./routes/iphone')) },
      { path: relative(cataloguePath('samsung')), ...page(() => import('./routes/samsung')) },
      { path: relative(cataloguePath('giftcard')), ...page(() => import('./routes/giftcards')) },
      { path: relative(cataloguePath('accessories')), ...page(() => import('./routes/accessories')) },
      { path: `${relative(PRODUCTS_PATH)}/:id`, ...page(() => import('./routes/product-detail')) },
      { path: 'products-list', ...page(() => import('./routes/products-list')) },
      { path: 'search', ...page(() => import('./routes/search')) },
      { path: 'cart', ...page(() => import('./routes/cart')) },
      { path: 'checkout', ...page(() => import('./routes/checkout')) },
      { path: 'login', ...page(() => import('./routes/login')) },
      { path: 'kycu', ...page(() => import('./routes/kycu')) },
      { path: 'kyqu', element: <Navigate to="/kycu" replace /> },
      { path: 'register', ...page(() => import('./routes/register')) },
      { path: 'regjistrohu', ...page(() => import('./routes/regjistrohu')) },
      { path: 'harruat-fjalekalimin', ...page(() => import('./routes/harruat-fjalekalimin')) },
      { path: 'rivendos-fjalekalimin', ...page(() => import('./routes/rivendos-fjalekalimin')) },
      { path: 'verifiko-email', ...page(() => import('./routes/verifiko-email')) },
      { path: 'blog', ...page(() => import('./routes/blog')) },
      { path: 'blog/:id', ...page(() => import('./routes/blog-post')) },
      { path: 'terms', ...page(() => import('./routes/terms')) },
      // Footer links of product.md §2.7 that are not in the route table (product.md §10.9).
      { path: 'services', element: <Navigate to="/sherbimet" replace /> },
      { path: 'accessories', element: <Navigate to={cataloguePath('accessories')} replace /> },
      { path: 'gift-cards', element: <Navigate to={cataloguePath('giftcard')} replace /> },
      {
        path: 'sherbimet',
        children: [
          { index: true, ...page(() => import('./routes/services/index')) },
          { path: 'mirembajtja', ...page(() => import('./routes/services/mirembajtja')) },
          { path: 'telefona', ...page(() => import('./routes/services/telefona')) },
          { path: 'playstation', ...page(() => import('./routes/services/playstation')) },
          { path: 'servisi', ...page(() => import('./routes/services/servisi')) },
          { path: 'asistenca', ...page(() => import('./routes/services/asistenca')) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', ...page(() => import('./routes/profile')) },
          { path: 'porosia/:id', ...page(() => import('./routes/order')) },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'add-product', ...page(() => import('./routes/add-product')) },
          {
            path: 'admin',
            ...page(() => import('./routes/admin/layout')),
            children: [
              { index: true, ...page(() => import('./routes/admin/dashboard')) },
              { path: relative(PRODUCTS_PATH), ...page(() => import('./routes/admin/products')) },
              { path: 'orders', ...page(() => import('./routes/admin/orders')) },
              { path: 'orders/:id', ...page(() => import('./routes/admin/order-detail')) },
              { path: 'users', ...page(() => import('./routes/admin/users')) },
              { path: 'stats', ...page(() => import('./routes/admin/stats')) },
              { path: 'warranty', ...page(() => import('./routes/admin/warranty')) },
              { path: 'historiku', ...page(() => import('./routes/admin/historiku')) },
              { path: 'emailet', ...page(() => import('./routes/admin/emailet')) },
            ],
          },
        ],
      },
      {
        element: <RequireWarrantyRole />,
        children: [{ path: 'warranty', ...page(() => import('./routes/warranty')) }],
      },
      { path: 'no-access', ...page(() => import('./routes/no-access')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the chunks of the page at `pathname` (its layouts' too); settles when all are in or failed. */
export function preloadPage(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.allSettled(matches.map((m) => (m.route.handle as PageHandle | undefined)?.load()));
}
