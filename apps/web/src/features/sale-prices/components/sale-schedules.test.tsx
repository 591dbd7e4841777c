import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromShopLocal } from '@shop/shared/domain/sale-prices';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { SaleSchedules } from './sale-schedules';

afterEach(() => vi.unstubAllGlobals());

const variant = (id: number, colour: string, size: string, price: number) => ({
  id,
  values: [colour, size],
  title: `${colour} / ${size}`,
  sku: `S25-${id}`,
  price,
  oldPrice: null,
  stock: 3,
  isDefault: id === 1,
  barcode: null,
  images: [],
});

const planned = {
  id: 7,
  productId: 'galaxy-s25',
  productName: 'Samsung Galaxy S25',
  variantId: 2,
  variantTitle: 'E zezë / 256 GB',
  sku: 'S25-2',
  price: 849.15,
  oldPrice: 999,
  regularPrice: null,
  regularOldPrice: null,
  startsAt: '2026-11-27T23:00:00.000Z',
  endsAt: '2026-11-29T22:59:00.000Z',
  state: 'active',
  outcome: null,
  createdBy: 'pronari@dyqani.test',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function api() {
  return mockApi((url, init) => {
    if (url.startsWith('/api/admin/products/search')) {
      return {
        body: {
          items: [{ id: 'galaxy-s25', name: 'Samsung Galaxy S25', brand: 'Samsung', category: 'phone', price: 899, stock: 9 }],
          total: 1,
          page: 1,
          pageSize: 8,
        },
      };
    }
    if (url === '/api/admin/products/galaxy-s25/variants') {
      return {
        body: {
          productId: 'galaxy-s25',
          options: [
            {
              id: 1,
              name: 'Ngjyra',
              values: [
                { id: 11, value: 'E zezë' },
                { id: 12, value: 'E bardhë' },
              ],
            },
            {
              id: 2,
              name: 'Memoria',
              values: [
                { id: 21, value: '128 GB' },
                { id: 22, value: '256 GB' },
              ],
            },
          ],
          variants: [
            variant(1, 'E zezë', '128 GB', 899),
            variant(2, 'E zezë', '256 GB', 999),
            variant(3, 'E bardhë', '128 GB', 899),
            variant(4, 'E bardhë', '256 GB', 999),
          ],
        },
      };
    }
    if (url.startsWith('/api/admin/sale-prices/7/cancel'))
      return { body: { msg: 'Ulja u anulua.', schedule: { ...planned, state: 'cancelled', outcome: 'restored', regularPrice: 999 } } };
    if (url.startsWith('/api/admin/sale-prices') && init.method === 'POST')
      return { status: 201, body: { msg: 'U ruajtën 2 ulje me afat.', schedules: [] } };
    if (url.startsWith('/api/admin/sale-prices')) return { body: [planned] };
    return { status: 404, body: { msg: 'Nuk u gjet' } };
  });
}

describe("'Ulje me afat'", () => {
  it('chooses every 256 GB variant, computes 15 % off each and sends the span on the shop’s clock', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderAdmin(<SaleSchedules />);
    await user.type(screen.getByLabelText('Produkti (emri, SKU ose marka)'), 'S25{Enter}');
    await user.click(await screen.findByRole('radio', { name: /Samsung Galaxy S25/ }));
    await user.click(await screen.findByRole('button', { name: 'Të gjitha 256 GB' }));
    const boxes = screen.getAllByRole('checkbox', { name: /S25-/ });
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, true, false, true]);

    await user.click(screen.getByRole('radio', { name: 'Përqindje zbritjeje (%)' }));
    await user.type(screen.getByLabelText('Zbritja, %'), '15');
    expect(screen.getByRole('checkbox', { name: /S25-2/ })).toHaveAccessibleName(/999,00 € → 849,15 €/);
    const from = screen.getByLabelText('Nga');
    const to = screen.getByLabelText('Deri');
    await user.clear(from);
    await user.type(from, '2026-11-28T00:00');
    await user.clear(to);
    await user.type(to, '2026-11-29T23:59');
    await user.click(screen.getByRole('button', { name: 'Ruaj uljen për 2 variante' }));
    expect(await screen.findByRole('status')).toHaveTextContent('U ruajtën 2 ulje me afat.');
    const sent = callsOf(fetchMock).find((c) => c.method === 'POST' && c.url === '/api/admin/sale-prices');
    expect(sent?.body).toEqual({
      productId: 'galaxy-s25',
      variantIds: [2, 4],
      percent: 15,
      startsAt: fromShopLocal('2026-11-28T00:00')!.toISOString(),
      endsAt: fromShopLocal('2026-11-29T23:59')!.toISOString(),
    });
    expect(sent?.body.startsAt).toBe('2026-11-27T23:00:00.000Z');
  });

  it('says what is missing before sending anything', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderAdmin(<SaleSchedules />);
    await user.type(screen.getByLabelText('Produkti (emri, SKU ose marka)'), 'S25{Enter}');
    await user.click(await screen.findByRole('radio', { name: /Samsung Galaxy S25/ }));
    await user.click(await screen.findByRole('button', { name: 'Ruaj uljen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Zgjidhni të paktën një variant.');
    expect(screen.getByText('Shkruani çmimin e uljes në euro, p.sh. 999,00.')).toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.method === 'POST')).toBe(false);
  });

  it('lists the schedules with their state, and cancels an active one after asking', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderAdmin(<SaleSchedules />);
    const row = await screen.findByRole('row', { name: /Samsung Galaxy S25/ });
    expect(row).toHaveTextContent('Aktive');
    expect(row).toHaveTextContent('849,15 €');
    expect(row).toHaveTextContent('28.11.2026, 00:00 – 29.11.2026, 23:59');
    await user.click(within(row).getByRole('button', { name: 'Anulo uljen e Samsung Galaxy S25 (E zezë / 256 GB)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Anulo uljen?' });
    expect(dialog).toHaveTextContent('çmimi i rregullt rikthehet menjëherë');
    await user.click(within(dialog).getByRole('button', { name: 'Anulo uljen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ulja u anulua. Çmimi i rregullt 999,00 € u rikthye.');
    expect(callsOf(fetchMock).some((c) => c.method === 'POST' && c.url === '/api/admin/sale-prices/7/cancel')).toBe(true);
  });
});
