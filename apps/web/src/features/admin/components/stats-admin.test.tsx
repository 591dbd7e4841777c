import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminStats } from '@shop/shared/schemas/admin';
import { mockApi, renderAdmin } from '../test/render';
import { StatsAdmin } from './stats-admin';
import { niceScale } from './sales-chart';

const daily = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-04-${String(i + 1).padStart(2, '0')}`,
  total: i === 29 ? 1234.5 : i === 10 ? 99.99 : 0,
  orders: i === 29 ? 3 : i === 10 ? 1 : 0,
}));
const stats: AdminStats = {
  totalProducts: 55,
  totalOrders: 12,
  totalSales: 20780,
  totalUsers: 7,
  sales_today: 1234.5,
  ordersToday: 3,
  pendingOrders: 4,
  lowStock: [],
  daily,
  repairs: { openByStatus: {}, open: 0, readyForPickup: 0, averageDaysInRepair: null },
};

afterEach(() => vi.unstubAllGlobals());

describe('<StatsAdmin>', () => {
  it("shows 'Duke ngarkuar statistikat...' then the five cards in German format with 2 decimals", async () => {
    mockApi(() => ({ body: stats }));
    renderAdmin(<StatsAdmin />);
    expect(screen.getByText('Duke ngarkuar statistikat...')).toBeInTheDocument();
    const card = async (label: string) => (await screen.findByText(label)).closest('.stat-card');
    expect(await card('Shitjet totale')).toHaveTextContent('20.780,00 €');
    expect(await card('Shitjet sot')).toHaveTextContent('1.234,50 €');
    expect(await card('Porositë')).toHaveTextContent('12');
    expect(await card('Produktet')).toHaveTextContent('55');
    expect(await card('Përdoruesit')).toHaveTextContent('7');
  });

  it('draws 30 days as an accessible chart with a data table', async () => {
    mockApi(() => ({ body: stats }));
    renderAdmin(<StatsAdmin />);
    const chart = await screen.findByRole('img', { name: /Shitjet ditore të 30 ditëve të fundit/ });
    expect(chart.getAttribute('aria-label')).toContain('gjithsej 1.334,49 € nga 4 porosi');
    expect(chart.getAttribute('aria-label')).toContain('Dita më e mirë: 30.04.2026 me 1.234,50 €');
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(2);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('30.04.2026');
  });

  it('shows an Albanian error when the call fails', async () => {
    mockApi(() => ({ status: 403, body: { msg: 'Nuk keni autorizim për këtë veprim.' } }));
    renderAdmin(<StatsAdmin />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nuk keni autorizim për këtë veprim.');
  });
});

describe('niceScale', () => {
  it('rounds the axis top to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceScale(0)).toEqual({ top: 100, step: 25 });
    expect(niceScale(8701)).toEqual({ top: 10000, step: 2500 });
    expect(niceScale(1234.5)).toEqual({ top: 2000, step: 500 });
    expect(niceScale(90)).toEqual({ top: 100, step: 25 });
  });
});
