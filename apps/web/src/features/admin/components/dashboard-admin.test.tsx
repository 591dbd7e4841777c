import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { setSession } from '../../../lib/session';
import { mockApi, renderAdmin } from '../../../components/admin/test-render';
import { DashboardAdmin } from './dashboard-admin';

const stats = (lowStock: AdminStats['lowStock']): AdminStats => ({
  totalProducts: 55,
  totalOrders: 12,
  totalSales: 20780,
  totalUsers: 7,
  sales_today: 1234.5,
  ordersToday: 3,
  pendingOrders: 4,
  lowStock,
  daily: [],
  repairs: { openByStatus: {}, open: 0, readyForPickup: 0, averageDaysInRepair: null },
});

afterEach(() => vi.unstubAllGlobals());

describe('<DashboardAdmin>', () => {
  it("greets the admin, shows today's figures and lists the low-stock products with links to edit them", async () => {
    setSession('t', { id: 1, name: 'Drita', email: 'drita@x', role: 'admin' });
    mockApi(() => ({
      body: stats([
        { id: 'iphone-16', name: 'iPhone 16', stock: 0 },
        { id: 'airpods-pro', name: 'AirPods Pro', stock: 3 },
      ]),
    }));
    renderAdmin(<DashboardAdmin />);
    expect(screen.getByRole('heading', { name: 'Mirë se erdhe, Drita!' })).toBeInTheDocument();
    expect(await screen.findByTestId('sales-today')).toHaveTextContent('1.234,50 €');
    const low = screen.getByRole('region', { name: 'Stok i ulët' });
    const items = within(low).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(["iPhone 16S'ka në stok", 'AirPods Pro3 copë']);
    expect(within(low).getByRole('link', { name: 'AirPods Pro' })).toHaveAttribute('href', '/admin/products?edit=airpods-pro');
  });

  it('says when no product is low on stock', async () => {
    mockApi(() => ({ body: stats([]) }));
    renderAdmin(<DashboardAdmin />);
    expect(await screen.findByText('Asnjë produkt me stok të ulët.')).toBeInTheDocument();
  });
});
