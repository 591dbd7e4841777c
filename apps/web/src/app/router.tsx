import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { cataloguePath, PRODUCTS_PATH, REPAIR_TRACKING_PATH } from '@shop/shared/domain/routes';
import { RequireAdmin, RequireAuth, RequireWarrantyRole } from './guards';

type PageModule = { default: ComponentType };
interface PageHandle {
  load: () => Promise<PageModule>;
  /** The page's source file as the build's manifest names it ('src/app/routes/home.tsx'). */
  module: string;
  /** A shopper page: the server renders it (entry-server.tsx) and the browser hydrates it. */
  ssr: boolean;
}

/** Every page's module, each its own chunk (files of tests excluded). */
const pageModules = import.meta.glob<PageModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/**
 * Route-level code splitting: each page is its own chunk, loaded the first time its route is
 * shown (a navigation keeps the old page on screen meanwhile). A page whose chunk is already in
 * (the first page, preloaded by main.tsx, or by the server before it renders) renders at once,
 * without suspending. `file` is the page's file under ./routes, without '.tsx'.
 */
const page = (file: string, { ssr = false } = {}) => {
  const importPage = pageModules[`./routes/${file}.tsx`];
  if (!importPage) throw new Error(`No page ./routes/${file}.tsx`);
  let loaded: PageModule | undefined;
  // One more try after a pause: a chunk missing for a moment (a deploy replacing files) still loads.
  const load = () =>
    importPage()
      .catch(() => new Promise((resolve) => setTimeout(resolve, 1000)).then(importPage))
      .then((m) => (loaded = m));
  const Lazy = lazy(load);
  function Page() {
    const Loaded = loaded?.default;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { element: <Page />, handle: { load, module: `src/app/routes/${file}.tsx`, ssr } satisfies PageHandle };
};

/** A shopper page, rendered on the server first. */
const shopperPage = (file: string) => page(file, { ssr: true });

/** A path of domain/routes as the router writes it, relative to the layout ('/products' -> 'products'). */
const relative = (path: string) => path.slice(1);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, ...shopperPage('home') },
      { path: relative(PRODUCTS_PATH), ...shopperPage('products') },
      { path: relative(cataloguePath('iphone')), ...shopperPage('iphone') },
      { path: relative(cataloguePath('samsung')), ...shopperPage('samsung') },
      { path: relative(cataloguePath('giftcard')), ...shopperPage('giftcards') },
      { path: relative(cataloguePath('accessories')), ...shopperPage('accessories') },
      { path: `${relative(PRODUCTS_PATH)}/:id`, ...shopperPage('product-detail') },
      { path: 'products-list', ...shopperPage('products-list') },
      { path: 'search', ...shopperPage('search') },
      { path: 'cart', ...shopperPage('cart') },
      { path: 'checkout', ...shopperPage('checkout') },
      { path: 'login', ...page('login') },
      { path: 'kycu', ...page('kycu') },
      { path: 'kyqu', element: <Navigate to="/kycu" replace /> },
      { path: 'register', ...page('register') },
      { path: 'regjistrohu', ...page('regjistrohu') },
      { path: 'harruat-fjalekalimin', ...page('harruat-fjalekalimin') },
      { path: 'rivendos-fjalekalimin', ...page('rivendos-fjalekalimin') },
      { path: 'verifiko-email', ...page('verifiko-email') },
      { path: 'blog', ...shopperPage('blog') },
      { path: 'blog/:id', ...shopperPage('blog-post') },
      { path: 'terms', ...shopperPage('terms') },
      // Footer links of product.md §2.7 that are not in the route table (product.md §10.9).
      { path: 'services', element: <Navigate to="/sherbimet" replace /> },
      { path: 'accessories', element: <Navigate to={cataloguePath('accessories')} replace /> },
      { path: 'gift-cards', element: <Navigate to={cataloguePath('giftcard')} replace /> },
      {
        path: 'sherbimet',
        children: [
          { index: true, ...shopperPage('services/index') },
          { path: 'mirembajtja', ...shopperPage('services/mirembajtja') },
          { path: 'telefona', ...shopperPage('services/telefona') },
          { path: 'playstation', ...shopperPage('services/playstation') },
          { path: 'servisi', ...shopperPage('services/servisi') },
          { path: 'asistenca', ...shopperPage('services/asistenca') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', ...page('profile') },
          { path: 'porosia/:id', ...page('order') },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'add-product', ...page('add-product') },
          {
            path: 'admin',
            ...page('admin/layout'),
            children: [
              { index: true, ...page('admin/dashboard') },
              { path: relative(PRODUCTS_PATH), ...page('admin/products') },
              { path: 'orders', ...page('admin/orders') },
              { path: 'orders/:id', ...page('admin/order-detail') },
              { path: 'users', ...page('admin/users') },
              { path: 'stats', ...page('admin/stats') },
              { path: 'warranty', ...page('admin/warranty') },
              { path: 'historiku', ...page('admin/historiku') },
              { path: 'emailet', ...page('admin/emailet') },
              { path: 'riparimet', ...page('admin/repairs') },
              { path: 'riparimet/e-re', ...page('admin/repair-new') },
              { path: 'riparimet/:id', ...page('admin/repair-detail') },
              { path: 'vleresimet', ...page('admin/vleresimet') },
            ],
          },
        ],
      },
      {
        element: <RequireWarrantyRole />,
        children: [{ path: 'warranty', ...page('warranty') }],
      },
      // The repair tracking page (issue 16): rendered by the browser, it asks the API with the code and proof it is given.
      { path: relative(REPAIR_TRACKING_PATH), ...page('repair-status') },
      { path: 'no-access', ...page('no-access') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

const handlesAt = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap((m) => (m.route.handle ? [m.route.handle as PageHandle] : []));

/** Loads the chunks of the page at `pathname` (its layouts' too); settles when all are in or failed. */
export function preloadPage(pathname: string): Promise<unknown> {
  return Promise.allSettled(handlesAt(pathname).map((h) => h.load()));
}

/**
 * The page at `pathname`: whether the server renders it (a shopper page; account, admin and
 * warranty pages, the redirects and unknown addresses are rendered by the browser alone) and the
 * source files of its chunks, for the server to link their code and styles.
 */
export function pageAt(pathname: string): { serverRendered: boolean; modules: string[] } {
  const handles = handlesAt(pathname);
  return { serverRendered: handles.length > 0 && handles.every((h) => h.ssr), modules: handles.map((h) => h.module) };
}
