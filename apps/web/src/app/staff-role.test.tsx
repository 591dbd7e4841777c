import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearSession, setSession } from '../lib/session';
import { adminUser, Landed, renderRoutes } from '../features/auth/auth-test-utils';
import { CsvExport } from '../components/ui/csv-export';
import { RequireAdmin, RequireWarrantyRole } from './guards';
import AdminLayout from './routes/admin/layout';

/** A staff member ('Punonjës', decision 041) as sign-in stores him. */
const staffUser = { id: 5, name: 'Besa Punonjëse', email: 'besa@example.com', role: 'staff' as const, isAdmin: false };

/** The staff area as the router nests it: the guard, the admin frame, its pages. */
function renderAdmin(entry: string) {
  const pages = [
    '',
    'products',
    'orders',
    'orders/:id',
    'porosi-nga-biseda',
    'users',
    'stats',
    'warranty',
    'historiku',
    'emailet',
    'riparimet',
    'vleresimet',
    'pranim-malli',
    'shitje',
    'shitje/:id',
    'cilesimet',
    'kodet-e-zbritjes',
    'kartat-dhurate',
  ];
  return renderRoutes(
    [
      {
        element: <RequireAdmin />,
        children: [
          { path: '/add-product', element: <Landed name="protected" /> },
          {
            path: '/admin',
            element: <AdminLayout />,
            children: pages.map((p) =>
              p ? { path: p, element: <Landed name="protected" /> } : { index: true, element: <Landed name="protected" /> },
            ),
          },
        ],
      },
      { element: <RequireWarrantyRole />, children: [{ path: '/warranty', element: <Landed name="protected" /> }] },
    ],
    entry,
  );
}

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Menyja e administrimit' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(() => clearSession());
afterEach(() => clearSession());

describe('staff in the staff area (issue 28)', () => {
  it('the navigation shows staff only Porositë, Shitje në dyqan, Pranim malli, Mbyllja e ditës, Kartat dhuratë, Garancionet, Riparimet and Kodet e zbritjes', async () => {
    setSession('tok', staffUser);
    renderAdmin('/admin/orders');
    expect(await screen.findByTestId('landed')).toHaveTextContent('protected /admin/orders');
    expect(navLabels()).toEqual([
      'Porositë',
      'Shitje në dyqan',
      'Pranim malli',
      'Mbyllja e ditës',
      'Kartat dhuratë',
      'Garancionet',
      'Riparimet',
      // Issue 29 (decision 055): staff create and pause discount codes.
      'Kodet e zbritjes',
    ]);
  });

  it('the owner still sees every section, in the same order', async () => {
    setSession('tok', adminUser);
    renderAdmin('/admin/orders');
    await screen.findByTestId('landed');
    expect(navLabels()).toEqual([
      'Paneli',
      'Produktet',
      'Porositë',
      'Shitje në dyqan',
      'Pranim malli',
      'Mbyllja e ditës',
      'Kartat dhuratë',
      'Perdoruesit',
      'Statistikat',
      'Garancionet',
      'Riparimet',
      'Historiku',
      'E-mailet',
      'Vlerësimet',
      // Issue 29 (decisions 049, 055).
      'Kodet e zbritjes',
      'Cilësimet',
    ]);
  });

  it.each([
    '/admin/users',
    '/admin/stats',
    '/admin/historiku',
    '/admin/emailet',
    '/admin/products',
    '/admin/vleresimet',
    '/admin/cilesimet',
    '/add-product',
  ])('a direct address to the owner’s %s leads staff to /no-access', async (path) => {
    setSession('tok', staffUser);
    const { router } = renderAdmin(path);
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^page \/no-access$/);
    expect(router.state.location.pathname).toBe('/no-access');
  });

  it.each([
    '/admin/orders/12',
    '/admin/porosi-nga-biseda',
    '/admin/shitje',
    '/admin/shitje/3',
    '/admin/pranim-malli',
    '/admin/warranty',
    '/admin/riparimet',
    '/admin/kartat-dhurate',
    '/admin/kodet-e-zbritjes',
    '/warranty',
  ])('staff open their own %s', async (path) => {
    setSession('tok', staffUser);
    renderAdmin(path);
    expect(await screen.findByTestId('landed')).toHaveTextContent(`protected ${path}`);
  });

  it.each([
    ['/admin/porosi-nga-biseda', 'Porositë'],
    ['/admin/shitje/3', 'Shitje në dyqan'],
    ['/admin/cilesimet', 'Cilësimet'],
  ])('the folded menu names the section of %s: %s', async (path, label) => {
    setSession('tok', adminUser);
    renderAdmin(path);
    await screen.findByTestId('landed');
    expect(screen.getByRole('button', { name: new RegExp(`^Menyja e administrimit: ?${label}$`) })).toBeInTheDocument();
  });

  it('the owner’s dashboard at /admin leads staff to the orders', async () => {
    setSession('tok', staffUser);
    const { router } = renderAdmin('/admin');
    expect(await screen.findByTestId('landed')).toHaveTextContent('protected /admin/orders');
    expect(router.state.location.pathname).toBe('/admin/orders');
  });

  it('the CSV export form is not shown to staff, and is to the owner', () => {
    setSession('tok', staffUser);
    const first = renderRoutes([{ path: '/', element: <CsvExport kinds={['orders']} /> }], '/');
    expect(screen.queryAllByText('Eksporto CSV')).toEqual([]);
    first.unmount();
    setSession('tok', adminUser);
    renderRoutes([{ path: '/', element: <CsvExport kinds={['orders']} /> }], '/');
    expect(screen.getAllByText('Eksporto CSV').length).toBeGreaterThan(0);
  });
});
