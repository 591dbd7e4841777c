import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder, AdminOrderPage } from '@shop/shared/schemas/admin';
import { setSession } from '../../../lib/session';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { OrdersAdmin } from './orders-admin';

const order = (id: number, status: AdminOrder['status'], extra: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  user: 'arta@example.com',
  userId: 5,
  userName: 'Arta',
  products: [{ id: 'iphone-16', name: 'iPhone 16', quantity: 2, price: 999 }],
  totalAmount: 1998,
  total: 1998,
  status,
  date: '2026-05-04T10:00:00.000Z',
  fulfilment: 'pickup',
  paymentMethod: 'cash',
  deliveryFee: 0,
  customerName: 'Arta Krasniqi',
  phone: null,
  city: null,
  customerVerified: true,
  ...extra,
});

const page = (orders: AdminOrder[], extra: Partial<AdminOrderPage> = {}): AdminOrderPage => {
  const counts = { pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 };
  for (const o of orders) counts[o.status] += 1;
  return { orders, total: orders.length, page: 1, pageSize: 20, counts, ...extra };
};

afterEach(() => vi.unstubAllGlobals());

describe('<OrdersAdmin>', () => {
  it("shows 'Duke ngarkuar...' and then \"S'ka porosi!\" when there is no order", async () => {
    mockApi(() => ({ body: page([]) }));
    renderAdmin(<OrdersAdmin />);
    expect(screen.getByText('Duke ngarkuar...')).toBeInTheDocument();
    expect(await screen.findByText("S'ka porosi!")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lista e Porosive' })).toBeInTheDocument();
  });

  it('shows a discount code’s discount under the total (decision 053)', async () => {
    setSession('admin-token', { id: 1, name: 'Admin', email: 'a@x', role: 'admin' });
    mockApi(() => ({
      body: page([order(3, 'pending', { totalAmount: 108, total: 108, discount: { code: 'SAMS10', amount: 12 } }), order(4, 'pending')]),
    }));
    renderAdmin(<OrdersAdmin />);
    const row = (await screen.findByRole('link', { name: 'Porosia #3' })).closest('tr')!;
    const total = within(row).getByText('108,00 €', { exact: false });
    expect(total).toHaveTextContent('108,00 €Zbritje (SAMS10): −12,00 €');
    const plain = screen.getByRole('link', { name: 'Porosia #4' }).closest('tr')!;
    expect(within(plain).queryByText(/Zbritje/)).toBeNull();
  });

  it('lists orders with number link, date, customer, phone, how they are received, total and status; actions only where allowed', async () => {
    setSession('admin-token', { id: 1, name: 'Admin', email: 'a@x', role: 'admin' });
    const list = [
      order(2, 'pending', {
        fulfilment: 'delivery',
        phone: '+383 44 123 456',
        city: 'Pejë',
        customerName: 'Besnik Marrësi',
        customerVerified: false,
      }),
      order(1, 'delivered', { user: 'Anonim', userId: null, userName: null, customerName: null, customerVerified: null }),
    ];
    const fetchMock = mockApi(() => ({ body: page(list) }));
    renderAdmin(<OrdersAdmin />);
    const pendingRow = (await screen.findByRole('link', { name: 'Porosia #2' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Porosia #2' })).toHaveAttribute('href', '/admin/orders/2');
    const doneRow = screen.getByRole('link', { name: 'Porosia #1' }).closest('tr')!;
    expect(within(pendingRow).getByText('E pranuar')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Besnik Marrësi')).toBeInTheDocument();
    // Issue 24 finding 7: an unverified customer's order is marked; a deleted account's is not.
    expect(within(pendingRow).getByText('E-mail i paverifikuar')).toBeInTheDocument();
    expect(within(doneRow).queryByText('E-mail i paverifikuar')).toBeNull();
    expect(within(pendingRow).getByText('+383 44 123 456')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Dërgesë në adresë')).toBeInTheDocument();
    expect(within(pendingRow).getByText('1.998,00 €')).toBeInTheDocument();
    expect(within(pendingRow).getByRole('button', { name: /Sheno si dorezuar/ })).toBeInTheDocument();
    expect(within(pendingRow).getByRole('button', { name: /Anulo/ })).toBeInTheDocument();
    expect(within(doneRow).getByText('E dorëzuar')).toBeInTheDocument();
    expect(within(doneRow).getByText('Anonim')).toBeInTheDocument();
    expect(within(doneRow).getByText('Marrje në dyqan')).toBeInTheDocument();
    expect(within(doneRow).queryByRole('button')).toBeNull();

    const filter = screen.getByRole('group', { name: 'Filtro sipas statusit' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Të gjitha (2)', 'E pranuar (1)', 'E konfirmuar (0)', 'E nisur (0)', 'E dorëzuar (1)', 'E anuluar (0)']);
    await userEvent.click(within(filter).getByRole('button', { name: 'E pranuar (1)' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Kërko porosi' }), '044 123');
    await userEvent.click(screen.getByRole('button', { name: 'Kërko' }));
    await waitFor(() => expect(callsOf(fetchMock).map((c) => c.url)).toContain('/api/admin/orders/search?status=pending&q=044+123'));
    expect(callsOf(fetchMock)[0]).toMatchObject({ url: '/api/admin/orders/search', auth: 'Bearer admin-token' });
  });

  it('asks before a move, says what it will do, and says what it did; Escape leaves the order as it was', async () => {
    let list = [order(7, 'pending')];
    const fetchMock = mockApi((_url, init) => {
      if (init.method === 'PATCH') {
        list = [{ ...list[0]!, status: (init.json as { status: AdminOrder['status'] }).status }];
        return { body: list[0] };
      }
      return { body: page(list) };
    });
    renderAdmin(<OrdersAdmin />);
    const row = (await screen.findByRole('link', { name: 'Porosia #7' })).closest('tr')!;

    await userEvent.click(within(row).getByRole('button', { name: /Anulo/ }));
    const cancel = screen.getByRole('alertdialog', { name: 'Të anulohet porosia #7?' });
    expect(cancel).toHaveTextContent('produktet kthehen në stok dhe klienti njoftohet me email');
    expect(within(cancel).getByRole('button', { name: 'Kthehu' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf(fetchMock).some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: /Sheno si dorezuar/ }));
    const deliver = screen.getByRole('alertdialog', { name: 'Të shënohet porosia #7 si e dorëzuar?' });
    await userEvent.click(within(deliver).getByRole('button', { name: 'Sheno si dorezuar' }));
    expect(await screen.findByText('Porosia #7 u shënua si e dorëzuar.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('link', { name: 'Porosia #7' }).closest('tr')!).getByText('E dorëzuar')).toBeInTheDocument(),
    );
    expect(callsOf(fetchMock).find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/admin/orders/7',
      body: { status: 'delivered' },
    });
  });

  it("decision 052: 'Sheno si dorezuar' from the list of an order with a gift card shows its code once with the insert to print", async () => {
    let list = [order(8, 'confirmed')];
    mockApi((url, init) => {
      if (url.startsWith('/api/settings/contact')) return { body: { shopName: 'Dyqani', shopPhone: '', couriers: [] } };
      if (init.method === 'PATCH') {
        list = [{ ...list[0]!, status: 'delivered' }];
        return { body: { ...list[0], giftCards: [{ id: 3, code: 'WXYZ-2345-6789-ABCD', value: 75, last4: 'ABCD' }] } };
      }
      return { body: page(list) };
    });
    renderAdmin(<OrdersAdmin />);
    const row = (await screen.findByRole('link', { name: 'Porosia #8' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /Sheno si dorezuar/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sheno si dorezuar' }));
    const region = await screen.findByRole('region', { name: 'U lëshua 1 kartë dhurate · Porosia #8' });
    expect(region).toHaveTextContent('75,00 € · WXYZ-2345-6789-ABCD');
    expect(region).toHaveTextContent('Karta është aktive');
    expect(within(region).getByRole('button', { name: 'Printo fletën e kartës (A6) …ABCD' })).toBeInTheDocument();
  });

  it('shows the server error in Albanian and keeps the order when a move fails', async () => {
    const refusal = 'Porosia është “E dorëzuar” dhe nuk mund të kalojë në “E anuluar”.';
    mockApi((_url, init) => (init.method === 'PATCH' ? { status: 409, body: { msg: refusal } } : { body: page([order(3, 'pending')]) }));
    renderAdmin(<OrdersAdmin />);
    const row = (await screen.findByRole('link', { name: 'Porosia #3' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /Anulo/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Anulo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(row).getByText('E pranuar')).toBeInTheDocument();
  });

  it('pages through the results', async () => {
    const fetchMock = mockApi((url) =>
      url.includes('page=2')
        ? { body: page([order(1, 'pending')], { total: 21, page: 2 }) }
        : { body: page([order(21, 'pending')], { total: 21 }) },
    );
    renderAdmin(<OrdersAdmin />);
    const pager = await screen.findByRole('navigation', { name: 'Faqet e porosive' });
    expect(within(pager).getByText('Faqja 1 nga 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Faqja e mëparshme' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Faqja tjetër' }));
    expect(await screen.findByText('Faqja 2 nga 2')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Porosia #1' })).toBeInTheDocument();
    expect(callsOf(fetchMock).at(-1)?.url).toBe('/api/admin/orders/search?page=2');
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderAdmin(<OrdersAdmin />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim gjatë lidhjes me serverin');
    expect(screen.getByRole('button', { name: 'Provo përsëri' })).toBeInTheDocument();
  });
});
