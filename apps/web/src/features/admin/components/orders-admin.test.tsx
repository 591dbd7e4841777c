import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder } from '@shop/shared/schemas/admin';
import { setSession } from '../../../lib/session';
import { callsOf, mockApi, renderAdmin } from '../test/render';
import { OrdersAdmin } from './orders-admin';

const order = (id: number, status: AdminOrder['status'], user = 'arta@example.com'): AdminOrder => ({
  id,
  user,
  userId: user === 'Anonim' ? null : 5,
  userName: user === 'Anonim' ? null : 'Arta',
  products: [{ id: 'iphone-16', name: 'iPhone 16', quantity: 2, price: 999 }],
  totalAmount: 1998,
  total: 1998,
  status,
  date: '2026-05-04T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('<OrdersAdmin>', () => {
  it("shows 'Duke ngarkuar...' and then \"S'ka porosi!\" for an empty list", async () => {
    mockApi(() => ({ body: [] }));
    renderAdmin(<OrdersAdmin />);
    expect(screen.getByText('Duke ngarkuar...')).toBeInTheDocument();
    expect(await screen.findByText("S'ka porosi!")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lista e Porosive' })).toBeInTheDocument();
  });

  it('lists orders with Albanian statuses, actions only on pending ones, and sends the token', async () => {
    setSession('admin-token', { id: 1, name: 'Admin', email: 'a@x', role: 'admin' });
    let list = [order(2, 'pending'), order(1, 'delivered', 'Anonim')];
    const fetchMock = mockApi((url, init) => {
      if (init.method === 'PATCH') {
        list = [{ ...list[0]!, status: (init.json as { status: AdminOrder['status'] }).status }, list[1]!];
        return { body: list[0] };
      }
      return { body: list };
    });
    renderAdmin(<OrdersAdmin />);
    const pendingRow = (await screen.findByText('#2')).closest('tr')!;
    const doneRow = screen.getByText('#1').closest('tr')!;
    expect(within(pendingRow).getByText('Në pritje')).toBeInTheDocument();
    expect(within(pendingRow).getByText('iPhone 16 × 2')).toBeInTheDocument();
    expect(within(pendingRow).getByText('1.998,00 €')).toBeInTheDocument();
    expect(within(doneRow).getByText('E dorëzuar')).toBeInTheDocument();
    expect(within(doneRow).getByText('Anonim')).toBeInTheDocument();
    expect(within(doneRow).queryByRole('button')).toBeNull();

    await userEvent.click(within(pendingRow).getByRole('button', { name: /Sheno si dorezuar/ }));
    await waitFor(() => expect(within(screen.getByText('#2').closest('tr')!).getByText('E dorëzuar')).toBeInTheDocument());
    const patch = callsOf(fetchMock).find((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({ url: '/api/admin/orders/2', body: { status: 'delivered' }, auth: 'Bearer admin-token' });
  });

  it('shows the server error in Albanian and keeps the list when a change fails', async () => {
    mockApi((_url, init) =>
      init.method === 'PATCH'
        ? { status: 409, body: { msg: 'Vetëm një porosi në pritje mund të shënohet si e dorëzuar ose e anuluar.' } }
        : { body: [order(3, 'pending')] },
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<OrdersAdmin />);
    const row = (await screen.findByText('#3')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /Anulo/ }));
    expect(window.confirm).toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vetëm një porosi në pritje');
    expect(within(row).getByText('Në pritje')).toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderAdmin(<OrdersAdmin />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim gjatë lidhjes me serverin');
    expect(screen.getByRole('button', { name: 'Provo përsëri' })).toBeInTheDocument();
  });
});
