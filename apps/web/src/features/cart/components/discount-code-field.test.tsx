import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '../../../lib/router';
import { clearSession, setSession } from '../../../lib/session';
import { cart } from '../../../lib/cart-store';
import { CheckoutView } from './checkout-view';
import { CartView } from './cart-view';

const phone = { id: 'galaxy-s24', name: 'Samsung Galaxy S24', price: 899 };
const cover = { id: 'mbrojtese', name: 'Mbrojtëse', price: 19.99 };
const settings = { deliveryFee: 2.5, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 10, maxOpenOrders: 5 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let checks: unknown[];
let orders: unknown[];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.startsWith('/api/products')) return json(200, [phone, cover]);
      if (url === '/api/orders/settings') return json(200, settings);
      if (url === '/api/discount-codes/check') {
        const body = JSON.parse(String(init.body)) as { code: string };
        checks.push(body);
        if (body.code !== 'SAMS10') return json(409, { msg: 'Kodi nuk ekziston ose ka skaduar.', discountCode: 'unknown' });
        return json(200, {
          code: 'SAMS10',
          name: '-10% për telefonat Samsung',
          kind: 'percent',
          discount: 89.9,
          subtotal: 918.99,
          deliveryFee: 0,
          total: 829.09,
          productIds: ['galaxy-s24'],
        });
      }
      if (url === '/api/orders' && init.method === 'POST') {
        orders.push(JSON.parse(String(init.body)));
        return json(201, {
          message: 'Porosia u krye me sukses!',
          order: { id: 9, items: [], total: 829.09, status: 'pending', createdAt: '' },
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
  checks = [];
  orders = [];
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  setSession('token-abc', { id: 1, name: 'Arta', email: 'arta@example.com', role: 'user' });
  serve();
  cart.add(phone);
  cart.add(cover);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Kodi i zbritjes at the checkout', () => {
  it('applies a code: the discount and the code’s description before confirming, the order sends the code and the discounted total', async () => {
    const router = renderCheckout();
    await userEvent.type(screen.getByLabelText('Kodi i zbritjes'), 'sams10');
    await userEvent.click(screen.getByRole('button', { name: 'Apliko' }));
    expect(await screen.findByTestId('checkout-discount')).toHaveTextContent('Zbritje: −89,90 €');
    expect(screen.getByText('-10% për telefonat Samsung')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('829,09 €');
    expect(checks).toEqual([
      {
        code: 'SAMS10',
        fulfilment: 'pickup',
        items: [
          { id: 'galaxy-s24', quantity: 1 },
          { id: 'mbrojtese', quantity: 1 },
        ],
      },
    ]);
    expect(sessionStorage.getItem('checkout-discount-code')).toBe('SAMS10');
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmo Porosinë' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(orders).toEqual([
      {
        items: [
          { id: 'galaxy-s24', quantity: 1, price: 899 },
          { id: 'mbrojtese', quantity: 1, price: 19.99 },
        ],
        total: 829.09,
        discountCode: 'SAMS10',
      },
    ]);
    // Ordered: the code is not kept for the next checkout.
    expect(sessionStorage.getItem('checkout-discount-code')).toBeNull();
  });

  it('shows the refusal beside the field with Enter, and orders without a code', async () => {
    const router = renderCheckout();
    const field = screen.getByLabelText('Kodi i zbritjes');
    await userEvent.type(field, 'GABIM{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kodi nuk ekziston ose ka skaduar.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('918,99 €');
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmo Porosinë' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(orders).toEqual([expect.not.objectContaining({ discountCode: expect.anything() })]);
  });

  it('restores the chosen code after a reload and takes it away with ‘Hiq kodin’', async () => {
    sessionStorage.setItem('checkout-discount-code', 'SAMS10');
    renderCheckout();
    expect(await screen.findByTestId('checkout-discount')).toHaveTextContent('Zbritje: −89,90 €');
    await userEvent.click(screen.getByRole('button', { name: 'Hiq kodin' }));
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('918,99 €');
    expect(sessionStorage.getItem('checkout-discount-code')).toBeNull();
  });

  it('is on the cart page too: a code applied there is the one the checkout finds', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/cart', element: <CartView /> }], { initialEntries: ['/cart'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('Kodi i zbritjes'), 'sams10{Enter}');
    expect(await screen.findByTestId('checkout-discount')).toHaveTextContent('Zbritje: −89,90 €');
    // The cart's total stays the lines'; the checkout shows the total net of the discount.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('918,99 €');
    expect(sessionStorage.getItem('checkout-discount-code')).toBe('SAMS10');
  });
});
