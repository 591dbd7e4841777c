import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from '../lib/router';
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

/** Every shopper page's module, each its own chunk (files of tests excluded). */
const pageModules = import.meta.glob<PageModule>([
  './routes/**/*.tsx',
  '!./routes/**/*.test.tsx',
  '!./routes/admin/**',
  '!./routes/warranty.tsx',
  '!./routes/add-product.tsx',
]);

/** A staff screen's module: through the staff pages' own list (`staff-pages.ts`), loaded when one first opens. */
const staffPageModule = (file: string) => () =>
  import('./staff-pages').then(({ staffPageModules }) => {
    const importPage = staffPageModules[`./routes/${file}.tsx`];
    if (!importPage) throw new Error(`No page ./routes/${file}.tsx`);
    return importPage();
  });
const isStaffFile = (file: string) => file.startsWith('admin/') || file === 'warranty' || file === 'add-product';

/**
 * Route-level code splitting: each page is its own chunk, loaded the first time its route is
 * shown (a navigation keeps the old page on screen meanwhile). A page whose chunk is already in
 * (the first page, preloaded by main.tsx, or by the server before it renders) renders at once,
 * without suspending. `file` is the page's file under ./routes, without '.tsx'.
 */
const page = (file: string, { ssr = false } = {}) => {
  const importPage = isStaffFile(file) ? staffPageModule(file) : pageModules[`./routes/${file}.tsx`];
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

/**
 * A page the server renders first (decision 017, issue 26): the shopper pages, the account
 * screens (login, register, forgotten and new password, e-mail verification) and the repair
 * tracking page; the browser hydrates it.
 */
const shopperPage = (file: string) => page(file, { ssr: true });

/**
 * Addresses that lead to another page (the spec's footer links, the guard's /kyqu): the server
 * answers them with a redirect (301), the router with <Navigate> for a navigation inside the app.
 */
export const aliases: Record<string, string> = {
  kyqu: '/kycu',
  services: '/sherbimet',
  accessories: cataloguePath('accessories'),
  'gift-cards': cataloguePath('giftcard'),
};
const alias = (path: string) => ({ path, element: <Navigate to={aliases[path]!} replace /> });

/** The route of any other path: product.md §2.1 sends it to '/'. */
export const UNKNOWN_PATH = '*';

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
      { path: 'login', ...shopperPage('login') },
      { path: 'kycu', ...shopperPage('kycu') },
      alias('kyqu'),
      { path: 'register', ...shopperPage('register') },
      { path: 'regjistrohu', ...shopperPage('regjistrohu') },
      { path: 'harruat-fjalekalimin', ...shopperPage('harruat-fjalekalimin') },
      { path: 'rivendos-fjalekalimin', ...shopperPage('rivendos-fjalekalimin') },
      { path: 'verifiko-email', ...shopperPage('verifiko-email') },
      { path: 'blog', ...shopperPage('blog') },
      { path: 'blog/:id', ...shopperPage('blog-post') },
      { path: 'terms', ...shopperPage('terms') },
      // Footer links of product.md §2.7 that are not in the route table (product.md §10.9).
      alias('services'),
      alias('accessories'),
      alias('gift-cards'),
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
              { path: 'porosi-nga-biseda', ...page('admin/porosi-nga-biseda') },
              { path: 'users', ...page('admin/users') },
              { path: 'stats', ...page('admin/stats') },
              { path: 'warranty', ...page('admin/warranty') },
              { path: 'historiku', ...page('admin/historiku') },
              { path: 'emailet', ...page('admin/emailet') },
              { path: 'cilesimet', ...page('admin/cilesimet') },
              { path: 'riparimet', ...page('admin/repairs') },
              { path: 'riparimet/e-re', ...page('admin/repair-new') },
              { path: 'riparimet/:id', ...page('admin/repair-detail') },
              { path: 'vleresimet', ...page('admin/vleresimet') },
              { path: 'kodet-e-zbritjes', ...page('admin/kodet-e-zbritjes') },
              { path: 'pranim-malli', ...page('admin/pranim-malli') },
              { path: 'ulje-me-afat', ...page('admin/ulje-me-afat') },
              { path: 'shitje', ...page('admin/shitje') },
              { path: 'shitje/:id', ...page('admin/shitje-detail') },
              { path: 'kartat-dhurate', ...page('admin/kartat-dhurate') },
              { path: 'mbyllja-e-dites', ...page('admin/mbyllja-e-dites') },
            ],
          },
        ],
      },
      {
        element: <RequireWarrantyRole />,
        children: [{ path: 'warranty', ...page('warranty') }],
      },
      // The repair tracking page (issue 16): the server renders its form, and its result when the
      // address (the receipt's QR code) or the form's POST carries a code and a proof (issue 26).
      { path: relative(REPAIR_TRACKING_PATH), ...shopperPage('repair-status') },
      // A gift card's balance (decision 048; domain/gift-cards GIFT_BALANCE_PATH, written out here so the
      // first page does not load that module): rendered by the browser, the code in the address's fragment only.
      { path: 'karta-dhurate/bilanci', ...page('karta-dhurate-bilanci') },
      // A guest order by its mail's link (issue 30, decision 042): rendered by the browser, never kept.
      { path: 'porosia-ime/:token', ...page('guest-order') },
      { path: 'no-access', ...page('no-access') },
      { path: UNKNOWN_PATH, element: <Navigate to="/" replace /> },
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
 * The page at `pathname`: whether the server renders it (a shopper or account screen; profile,
 * orders, admin and warranty pages are rendered by the browser alone) and the
 * source files of its chunks, for the server to link their code and styles.
 */
export function pageAt(pathname: string): { serverRendered: boolean; modules: string[] } {
  const handles = handlesAt(pathname);
  return { serverRendered: handles.length > 0 && handles.every((h) => h.ssr), modules: handles.map((h) => h.module) };
}
