import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStats } from '@shop/shared/schemas/admin';
import type { StatsRange } from '@shop/shared/schemas/admin-lists';
import { listsMsg } from '@shop/shared/messages-lists';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
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

const range: StatsRange = {
  from: daily[0]!.date,
  to: daily[29]!.date,
  daily,
  orders: 4,
  total: 1334.49,
  averageOrderValue: 333.62,
  byCategory: [
    { category: 'phone', total: 1234.5, units: 1 },
    { category: null, total: 99.99, units: 3 },
  ],
  topProducts: [
    { id: 'iphone-16', name: 'iPhone 16', units: 1, total: 1234.5 },
    { id: 'kabell', name: 'Kabëll USB-C', units: 3, total: 99.99 },
  ],
  topVariants: [
    { productId: 'iphone-16', name: 'iPhone 16', variant: 'Titanium i zi / 512 GB', sku: 'IP16-BLK-512', units: 1, total: 1234.5 },
    { productId: 'kabell', name: 'Kabëll USB-C', variant: '', sku: 'KABELL', units: 3, total: 99.99 },
  ],
  byStatus: { pending: 1, confirmed: 0, shipped: 0, delivered: 3, cancelled: 2 },
  byChannel: [
    { channel: 'online', sales: 4, total: 1334.49, refunds: 0, net: 1334.49 },
    { channel: 'counter', sales: 2, total: 1057, refunds: 38, net: 1019 },
  ],
};

/** The spec's figures from /api/admin/stats, the range's from /api/admin/stats/range. */
const answer = (url: string) => ({ body: url.startsWith('/api/admin/stats/range') ? range : stats });

afterEach(() => vi.unstubAllGlobals());

describe('<StatsAdmin>', () => {
  it("shows 'Duke ngarkuar statistikat...' then the five cards in German format with 2 decimals", async () => {
    mockApi(answer);
    renderAdmin(<StatsAdmin />);
    expect(screen.getAllByText('Duke ngarkuar statistikat...').length).toBeGreaterThan(0);
    const card = async (label: string) => (await screen.findByText(label)).closest('.stat-card');
    expect(await card('Shitjet totale')).toHaveTextContent('20.780,00 €');
    expect(await card('Shitjet sot')).toHaveTextContent('1.234,50 €');
    expect(await card('Porositë')).toHaveTextContent('12');
    expect(await card('Produktet')).toHaveTextContent('55');
    expect(await card('Përdoruesit')).toHaveTextContent('7');
  });

  it('draws the range as an accessible chart with a data table', async () => {
    mockApi(answer);
    renderAdmin(<StatsAdmin />);
    const chart = await screen.findByRole('img', { name: /Shitjet ditore nga 01.04.2026 deri 30.04.2026/ });
    expect(chart.getAttribute('aria-label')).toContain('gjithsej 1.334,49 € nga 4 porosi');
    expect(chart.getAttribute('aria-label')).toContain('Dita më e mirë: 30.04.2026 me 1.234,50 €');
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(2);
    const rows = within(chart.closest('figure')!).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('30.04.2026');
  });

  it('shows the range: sales, orders, the average order, categories, statuses and the top products', async () => {
    const fetchMock = mockApi(answer);
    renderAdmin(<StatsAdmin />);
    const card = async (label: string) => (await screen.findByText(label)).closest('.stat-card');
    expect(await card(listsMsg.rangeSales)).toHaveTextContent('1.334,49 €');
    expect(await card(listsMsg.rangeOrders)).toHaveTextContent('4');
    expect(await card(listsMsg.averageOrderValue)).toHaveTextContent('333,62 €');
    const categories = screen.getByRole('region', { name: listsMsg.byCategory });
    expect(within(categories).getByRole('row', { name: /Telefona/ })).toHaveTextContent('1.234,50 €');
    expect(within(categories).getByRole('row', { name: new RegExp(listsMsg.otherCategory.replace(/[()]/g, '.')) })).toHaveTextContent(
      '99,99 €',
    );
    const statuses = screen.getByRole('region', { name: listsMsg.byStatus });
    expect(within(statuses).getByRole('row', { name: /E anuluar/ })).toHaveTextContent('2');
    // 'Sipas kanalit' (issue 28): online beside the counter, with the counter's returns.
    const channels = screen.getByRole('region', { name: listsMsg.byChannel });
    expect(within(channels).getByRole('row', { name: new RegExp(listsMsg.channelOnline.replace(/[()]/g, '.')) })).toHaveTextContent(
      '41.334,49 €0,00 €1.334,49 €',
    );
    expect(within(channels).getByRole('row', { name: new RegExp(listsMsg.channelCounter.replace(/[()]/g, '.')) })).toHaveTextContent(
      '21.057,00 €38,00 €1.019,00 €',
    );
    const top = screen.getByRole('region', { name: listsMsg.topProducts });
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent('iPhone 16');
    const variants = screen.getByRole('region', { name: listsMsg.topVariants });
    expect(within(variants).getAllByRole('row')[1]).toHaveTextContent('iPhone 16 — Titanium i zi / 512 GB');
    expect(within(variants).getAllByRole('row')[1]).toHaveTextContent('IP16-BLK-512');
    expect(within(variants).getAllByRole('row')[2]).toHaveTextContent(`Kabëll USB-C${listsMsg.withoutVariant}`);

    // A new range goes to the server and into the address.
    const form = screen.getByRole('button', { name: listsMsg.rangeApply }).closest('form')!;
    const from = within(form).getByLabelText(listsMsg.exportFrom);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-04-10');
    await userEvent.click(within(form).getByRole('button', { name: listsMsg.rangeApply }));
    await waitFor(() => expect(callsOf(fetchMock).map((c) => c.url)).toContain('/api/admin/stats/range?from=2026-04-10&to=2026-04-30'));
  });

  it('refuses a range that ends before it starts, without a call', async () => {
    const fetchMock = mockApi(answer);
    renderAdmin(<StatsAdmin />);
    const button = await screen.findByRole('button', { name: listsMsg.rangeApply });
    const form = button.closest('form')!;
    const to = within(form).getByLabelText(listsMsg.exportTo);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-01');
    expect(within(form).getByRole('status')).toHaveTextContent(listsMsg.rangeOrder);
    expect(button).toBeDisabled();
    expect(callsOf(fetchMock).filter((c) => c.url.includes('from=')).length).toBe(0);
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
