/**
 * Who may do what in the staff area (issue 28, decision 041). The contract's 'admin' is the shop's
 * owner and may do everything; 'staff' ('Punonjës') works the counter: orders, warranty sheets and
 * repairs, counter sales ('Shitje në dyqan'), receiving stock ('Pranim malli'), the day's close, gift
 * cards (issued by hand too) and discount codes. Everything else — users and roles,
 * settings, products and prices, exports, 'Historiku', statistics, 'E-mailet', reviews, two-factor
 * resets — is the owner's.
 *
 * The API and the web app read this one module. The server's admin guard lets staff through only
 * to a route named in `staffRoutes` (an allow-list: a route not named here is the owner's, so a new
 * route is safe by default); the web app shows staff only the sections in `staffAdminPaths`.
 */
import { roles, type Role } from './accounts';

/** The stored value of the staff role (shown as 'Punonjës'). */
export const STAFF_ROLE = 'staff' satisfies Role;

/**
 * THE list: every staff-allowed API route as `METHOD /api/path` exactly as Fastify registers it
 * (the route's pattern, not a concrete address). A GET also covers its HEAD. To give staff a new
 * route, add it here; `routes/roles.test.ts` fails until every registered admin route is either here
 * or knowingly the owner's.
 */
export const staffRoutes = [
  // Orders: the list, its search, one order, a status change (the slip prints from the order).
  'GET /api/admin/orders',
  'GET /api/admin/orders/search',
  'GET /api/admin/orders/:id',
  'PATCH /api/admin/orders/:id',
  // Issue 30 (decision 043): a bank transfer received, a courier's cash received.
  'POST /api/admin/orders/:id/paid',
  'POST /api/admin/orders/:id/cash-received',
  // 'Porosi nga biseda' (decision 047): an order from a WhatsApp/Viber chat or a call.
  'POST /api/admin/orders',
  // Warranty sheets: list, search, write, print (deleting a sheet stays the owner's).
  'GET /api/admin/warranty/provemua',
  'GET /api/admin/warranty',
  'GET /api/admin/warranty/search',
  'POST /api/admin/warranty',
  'PUT /api/admin/warranty/:id',
  'POST /api/admin/warranty/:id/print',
  // Repairs: the whole counter, the PIN included (the technician needs it).
  'GET /api/admin/repairs',
  'POST /api/admin/repairs',
  'GET /api/admin/repairs/:id',
  'PATCH /api/admin/repairs/:id',
  'POST /api/admin/repairs/:id/status',
  'GET /api/admin/repairs/:id/pin',
  // 'Pranim malli' (decision 040): a variant's units, receiving by IMEI, and the read-only product
  // lookups its screen (and the counter's) uses to choose what is received or sold.
  'GET /api/admin/units',
  'POST /api/admin/units/receive',
  'GET /api/admin/products/search',
  'GET /api/admin/products/:id/variants',
  // 'Shitje në dyqan' (decision 044): the counter sale, its lookups, the sales and one sale (its receipt).
  'POST /api/admin/counter-sales',
  'GET /api/admin/counter-sales',
  'GET /api/admin/counter-sales/lookup',
  'GET /api/admin/counter-sales/customers',
  'GET /api/admin/counter-sales/:id',
  // Returns within 14 days (past them the service lets only the owner, with a reason).
  'POST /api/admin/counter-sales/:id/returns',
  // 'Kartat dhuratë' (decisions 048, 055): the list, a card's ledger, and a card issued by hand (store
  // credit, a prize: audited under the staff member's name); adjusting a balance stays the owner's.
  'GET /api/admin/gift-cards',
  'GET /api/admin/gift-cards/:id',
  'POST /api/admin/gift-cards',
  // 'Kodet e zbritjes' (decisions 049, 053, 055): staff create, edit, pause and resume codes and see their uses (audited).
  'GET /api/admin/discount-codes',
  'POST /api/admin/discount-codes',
  'PATCH /api/admin/discount-codes/:id',
  'PUT /api/admin/discount-codes/:id',
  'GET /api/admin/discount-codes/:id/uses',
  // 'Mbyllja e ditës' (decision 051): a till's report, its close, past closes and one (reprint).
  'GET /api/admin/day-close',
  'POST /api/admin/day-close',
  'GET /api/admin/day-closes',
  'GET /api/admin/day-closes/:id',
  // Returns of a delivered online order, and what its page's 'Kthim' and warranty sheets read.
  'GET /api/admin/orders/:id/after-sale',
  'POST /api/admin/orders/:id/returns',
  // A repair ticket's IMEI: the phone's sale, its sheet and its warranty.
  'GET /api/admin/repairs/:id/sale',
] as const;

const staffRouteKeys: ReadonlySet<string> = new Set(staffRoutes);

/** The key of a route as `staffRoutes` names it: a HEAD is its GET. */
export const routeKey = (method: string, url: string): string => `${method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()} ${url}`;

/** Whether a role may enter the staff area at all (the owner and staff; a customer never). */
export const entersStaffArea = (user: { role: string; isAdmin?: boolean } | null | undefined): boolean =>
  !!user && (user.role === 'admin' || user.role === STAFF_ROLE || user.isAdmin === true);

/** Whether the user is staff (not the owner). */
export const isStaff = (user: { role: string } | null | undefined): boolean => !!user && user.role === STAFF_ROLE;

/**
 * Whether a user who entered the staff area may call the admin route `method url` (its registered
 * pattern): the owner every one, staff the ones in `staffRoutes`, anyone else none.
 */
export function mayCallAdminRoute(user: { role: string; isAdmin?: boolean }, method: string, url: string): boolean {
  if (user.role === 'admin' || user.isAdmin === true) return true;
  return user.role === STAFF_ROLE && staffRouteKeys.has(routeKey(method, url));
}

/**
 * The staff area's screens staff may open (the address and everything under it). Every other
 * `/admin…` screen (Paneli, Produktet, Përdoruesit, Statistikat, Historiku, E-mailet, Vlerësimet,
 * /add-product) is the owner's. '/warranty' is the contract's warranty form.
 */
export const staffAdminPaths = [
  '/admin/orders',
  // 'Porosi nga biseda' (decision 047).
  '/admin/porosi-nga-biseda',
  '/admin/shitje',
  '/admin/pranim-malli',
  '/admin/mbyllja-e-dites',
  '/admin/warranty',
  '/admin/riparimet',
  // 'Kartat dhuratë' (decisions 048, 055): staff see and issue cards; adjusting a balance is the owner's.
  '/admin/kartat-dhurate',
  // 'Kodet e zbritjes' (decisions 049, 055).
  '/admin/kodet-e-zbritjes',
  '/warranty',
] as const;

/** Where staff land in the staff area (the owner's '/admin' dashboard shows the shop's figures). */
export const staffAdminHome = '/admin/orders';

/** Whether `user` may open the staff screen at `pathname`. */
export function mayOpenAdminPath(user: { role: string; isAdmin?: boolean } | null | undefined, pathname: string): boolean {
  if (!entersStaffArea(user)) return false;
  if (user!.role === 'admin' || user!.isAdmin === true) return true;
  const path = pathname.replace(/\/+$/, '') || '/';
  return staffAdminPaths.some((p) => path === p || path.startsWith(`${p}/`));
}

/** What staff may not do inside their own screens: exports and deleting a warranty sheet are the owner's. */
export const mayExport = (user: { role: string; isAdmin?: boolean } | null | undefined): boolean =>
  !!user && (user.role === 'admin' || user.isAdmin === true);
export const mayDeleteWarranty = mayExport;

/** Every role a user can have, for the owner's role control. */
export const assignableRoles: readonly Role[] = roles;
