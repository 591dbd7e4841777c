import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { imeiMessages } from '@shop/shared/domain/units';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { checkImeiLines, ReceiveStock } from './receive-stock';

afterEach(() => vi.unstubAllGlobals());

const good = ['490154203237518', '352099001761481', '356938035643809'];

function api() {
  return mockApi((url, init) => {
    if (url.startsWith('/api/admin/products/search')) {
      return {
        body: {
          items: [{ id: 'galaxy-a56', name: 'Samsung Galaxy A56', brand: 'Samsung', category: 'phone', price: 449, stock: 0 }],
          total: 1,
          page: 1,
          pageSize: 8,
        },
      };
    }
    if (url === '/api/admin/products/galaxy-a56/variants') {
      return {
        body: {
          productId: 'galaxy-a56',
          options: [{ name: 'Ngjyra', values: ['E zezë', 'E bardhë'] }],
          variants: [
            {
              id: 41,
              values: ['E zezë'],
              title: 'E zezë',
              sku: 'A56-BLK',
              price: 449,
              oldPrice: null,
              stock: 0,
              isDefault: true,
              barcode: null,
              images: [],
            },
            {
              id: 42,
              values: ['E bardhë'],
              title: 'E bardhë',
              sku: 'A56-WHT',
              price: 449,
              oldPrice: null,
              stock: 2,
              isDefault: false,
              barcode: null,
              images: [],
            },
          ],
        },
      };
    }
    if (url.startsWith('/api/admin/units?')) {
      return { body: { variantId: 42, serialized: true, stock: 2, units: [], counts: { in_stock: 2 } } };
    }
    if (url === '/api/admin/units/receive' && init.method === 'POST') {
      return { status: 201, body: { msg: 'U pranuan 3 njësi.', received: [], stock: 5 } };
    }
    return { status: 404, body: { msg: 'Nuk u gjet.' } };
  });
}

describe('checkImeiLines', () => {
  it('checks each line at once: the Luhn digit, the length, a line typed twice; empty lines are skipped', () => {
    expect(checkImeiLines(`${good[0]}\n\n490154203237519\n123\n${good[0]}\n`)).toEqual([
      { row: 1, imei: good[0], problem: null },
      { row: 2, imei: '490154203237519', problem: imeiMessages.checkDigit },
      { row: 3, imei: '123', problem: imeiMessages.length },
      { row: 4, imei: good[0], problem: 'Ky IMEI është shkruar edhe në rreshtin 1.' },
    ]);
  });
});

describe('<ReceiveStock>', () => {
  it('finds the product, chooses the variant, shows each IMEI’s error at once, and receives all of them in one call', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderAdmin(<ReceiveStock />);
    await user.type(screen.getByLabelText('Produkti (emri, SKU ose marka)'), 'a56{Enter}');
    await user.click(await screen.findByRole('radio', { name: /Samsung Galaxy A56/ }));
    await user.selectOptions(await screen.findByLabelText('Varianti'), '42');

    const box = screen.getByLabelText(/^IMEI \(një për rresht/);
    // A scanner types the digits and presses Enter after each.
    await user.type(box, `${good[0]}{Enter}490154203237519{Enter}`);
    const checked = screen.getByRole('list', { name: 'IMEI të kontrolluara' });
    expect(
      within(checked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${good[0]} në rregull`, `490154203237519 ${imeiMessages.checkDigit}`]);
    expect(screen.getByRole('button', { name: 'Prano 2 njësi' })).toBeDisabled();

    await user.clear(box);
    await user.type(box, `${good[0]}{Enter}${good[1]}{Enter}${good[2]}{Enter}`);
    await user.type(screen.getByLabelText('Furnitori (opsional)'), 'Furnitori SH.P.K.');
    await user.type(screen.getByLabelText('Çmimi i blerjes për njësi, € (opsional)'), '410,50');
    await user.click(screen.getByRole('button', { name: 'Prano 3 njësi' }));
    expect(await screen.findByRole('status')).toHaveTextContent('U pranuan 3 njësi. Stoku tani: 5.');
    expect(box).toHaveValue('');
    const posts = callsOf(fetchMock).filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        url: '/api/admin/units/receive',
        body: { variantId: 42, imeis: good, supplier: 'Furnitori SH.P.K.', purchasePrice: 410.5 },
      }),
    ]);
  });

  it('shows the API’s refusal (an IMEI already known) and keeps what was typed', async () => {
    mockApi((url) => {
      if (url.startsWith('/api/admin/products/search'))
        return {
          body: {
            items: [{ id: 'p1', name: 'Telefon', brand: 'Apple', category: 'phone', price: 1, stock: 0 }],
            total: 1,
            page: 1,
            pageSize: 8,
          },
        };
      if (url === '/api/admin/products/p1/variants')
        return {
          body: {
            productId: 'p1',
            options: [],
            variants: [
              { id: 7, values: [], title: '', sku: 'P1', price: 1, oldPrice: null, stock: 0, isDefault: true, barcode: null, images: [] },
            ],
          },
        };
      if (url.startsWith('/api/admin/units?')) return { body: { variantId: 7, serialized: false, stock: 0, units: [], counts: {} } };
      return { status: 409, body: { msg: `IMEI ${good[0]} është tashmë në sistem.` } };
    });
    const user = userEvent.setup();
    renderAdmin(<ReceiveStock />);
    await user.type(screen.getByLabelText('Produkti (emri, SKU ose marka)'), 'telefon{Enter}');
    await user.click(await screen.findByRole('radio', { name: /Telefon/ }));
    const box = await screen.findByLabelText(/^IMEI \(një për rresht/);
    await user.type(box, good[0]!);
    await user.click(screen.getByRole('button', { name: 'Prano 1 njësi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`IMEI ${good[0]} është tashmë në sistem.`);
    expect(box).toHaveValue(good[0]);
  });
});
