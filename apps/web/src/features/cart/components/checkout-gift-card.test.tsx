import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '../../../lib/router';
import { clearSession, setSession } from '../../../lib/session';
import { cart } from '../../../lib/cart-store';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { CheckoutView } from './checkout-view';

/** The checkout's 'Kartë dhurate' block (decision 048): a code looked up, an amount, and the order's optional `giftCard`. */
const cover = { id: 'mbrojtese', name: 'Mbrojtëse', price: 65 };
const settings = { deliveryFee: 2.5, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 10, maxOpenOrders: 5 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let orders: unknown[];
let lookups: unknown[];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.startsWith('/api/products')) return json(200, [cover]);
      if (url === '/api/orders/settings') return json(200, settings);
      if (url === '/api/gift-cards/balance') {
        const body = JSON.parse(String(init.body)) as { code: string };
        lookups.push(body);
        return body.code === 'ABCDEFGHJKLMNPQR'
          ? json(200, { balance: 50, last4: 'NPQR', entries: [] })
          : json(404, { msg: giftCardMsg.notFound });
      }
      if (url === '/api/orders' && init.method === 'POST') {
        orders.push(JSON.parse(String(init.body)));
        return json(201, {
          message: 'Porosia u krye me sukses!',
          order: { id: 9, items: [], total: 65, status: 'pending', createdAt: '' },
        });
      }
      return json(404, { msg: 'Nuk u gjet.' });
    }),
  );
}

function renderCheckout() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutView /> },
      { path: '/porosia/:id', element: <p>Faqja e porosisë</p> },
      { path: '/', element: <p>Ballina</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  cart.clear();
  clearSession();
  sessionStorage.clear();
  orders = [];
  lookups = [];
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  setSession('token-abc', { id: 1, name: 'Arta', email: 'arta@example.com', role: 'user' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the checkout's 'Kartë dhurate'", () => {
  it('looks up the code, takes as much as the order needs up to the balance, lets the customer lower it, and sends it', async () => {
    serve();
    cart.add(cover);
    const router = renderCheckout();
    const block = await screen.findByRole('group', { name: 'Kartë dhurate' });
    await userEvent.type(within(block).getByLabelText('Kodi i kartës'), 'abcd efgh-jklm npqr');
    await userEvent.click(within(block).getByRole('button', { name: 'Apliko kartën' }));
    expect(await within(block).findByTestId('gift-card-balance')).toHaveTextContent('50,00 €');
    expect(lookups).toEqual([{ code: 'ABCDEFGHJKLMNPQR' }]);
    expect(await screen.findByTestId('checkout-gift-card')).toHaveTextContent('−50,00 €');
    expect(screen.getByTestId('checkout-due')).toHaveTextContent('15,00 €');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('65,00 €');

    const amount = within(block).getByLabelText('Shuma nga karta (€)');
    await userEvent.type(amount, '60');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('checkout-gift-card')).not.toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '30,5');
    await waitFor(() => expect(screen.getByTestId('checkout-gift-card')).toHaveTextContent('−30,50 €'));
    expect(screen.getByTestId('checkout-due')).toHaveTextContent('34,50 €');

    await userEvent.click(screen.getByRole('button', { name: 'Konfirmo Porosinë' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/porosia/9'));
    expect(orders).toEqual([
      { items: [{ id: 'mbrojtese', quantity: 1, price: 65 }], total: 65, giftCard: { code: 'ABCD-EFGH-JKLM-NPQR', amount: 30.5 } },
    ]);
  });

  it('a wrong code shows the one answer, and the order goes without a card', async () => {
    serve();
    cart.add(cover);
    const router = renderCheckout();
    const block = await screen.findByRole('group', { name: 'Kartë dhurate' });
    await userEvent.type(within(block).getByLabelText('Kodi i kartës'), 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await userEvent.click(within(block).getByRole('button', { name: 'Apliko kartën' }));
    expect(await within(block).findByRole('alert')).toHaveTextContent(giftCardMsg.notFound);
    await userEvent.clear(within(block).getByLabelText('Kodi i kartës'));
    await userEvent.type(within(block).getByLabelText('Kodi i kartës'), 'abc');
    await userEvent.click(within(block).getByRole('button', { name: 'Apliko kartën' }));
    expect(within(block).getByRole('alert')).toHaveTextContent(giftCardMsg.code);
    expect(lookups).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmo Porosinë' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(orders).toEqual([{ items: [{ id: 'mbrojtese', quantity: 1, price: 65 }], total: 65 }]);
  });
});
