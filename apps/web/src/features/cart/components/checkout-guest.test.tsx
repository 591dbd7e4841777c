import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '../../../lib/router';
import { clearSession, setSession } from '../../../lib/session';
import { cart } from '../../../lib/cart-store';
import { guestOrderMessages } from '@shop/shared/schemas/guest-order';
import { CheckoutView } from './checkout-view';

/** 'Vazhdo pa llogari' (issue 30, decision 042): the guest checkout beside the spec's flow. */

const phone = { id: 'iphone-15', name: 'iPhone 15', price: 899 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const settings = { deliveryFee: 2.5, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 10, maxOpenOrders: 5 };
const LINK = `/porosia-ime/${'a'.repeat(43)}`;
let calls: { url: string; body: unknown; auth: string | null }[];
let alerts: string[];

function serve(onGuestOrder: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.startsWith('/api/products')) return json(200, [phone]);
      if (url === '/api/orders/settings') return json(200, settings);
      if (init.method === 'POST') {
        calls.push({ url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('Authorization') });
        if (url === '/api/guest-orders') return onGuestOrder();
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
      { path: '/porosia-ime/:token', element: <p>Faqja e porosisë pa llogari</p> },
      { path: '/login', element: <p>Faqja e hyrjes</p> },
      { path: '/regjistrohu', element: <p>Faqja e regjistrimit</p> },
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
  calls = [];
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((m?: unknown) => void alerts.push(String(m)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the guest checkout', () => {
  it("keeps 'Konfirmo Porosinë' as the spec says and offers 'Vazhdo pa llogari' beside it", async () => {
    serve(() => json(500, {}));
    cart.add(phone);
    const router = renderCheckout();
    expect(screen.getByRole('button', { name: 'Vazhdo pa llogari' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmo Porosinë' }));
    expect(alerts).toEqual(['Duhet të kyçeni!']);
    expect(router.state.location.pathname).toBe('/login');
    expect(calls).toHaveLength(0);
  });

  it("offers 'Krijo llogari', which carries the way back to the checkout to the register screen", async () => {
    serve(() => json(500, {}));
    cart.add(phone);
    const router = renderCheckout();
    await userEvent.click(screen.getByRole('link', { name: 'Krijo llogari' }));
    expect(await screen.findByText('Faqja e regjistrimit')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/checkout' } });
    expect(cart.get()).toHaveLength(1);
  });

  it('is not offered to a logged-in customer', () => {
    setSession('token-abc', { id: 1, name: 'Arta', email: 'arta@example.com', role: 'user' });
    serve(() => json(500, {}));
    cart.add(phone);
    renderCheckout();
    expect(screen.queryByRole('button', { name: 'Vazhdo pa llogari' })).not.toBeInTheDocument();
  });

  it('shows the Albanian messages beside the fields and sends nothing while they are wrong', async () => {
    serve(() => json(500, {}));
    cart.add(phone);
    renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Vazhdo pa llogari' }));
    await userEvent.type(screen.getByLabelText('Telefoni juaj'), '+41 12');
    await userEvent.click(screen.getByRole('button', { name: 'Porosit pa llogari' }));
    expect(screen.getByLabelText('Telefoni juaj')).toHaveAccessibleDescription(expect.stringContaining(guestOrderMessages.phone));
    expect(screen.getByLabelText('Email-i juaj')).toHaveAccessibleDescription(expect.stringContaining(guestOrderMessages.email));
    // The focus moves in the next frame (requestAnimationFrame), so wait for it rather than assume it.
    await waitFor(() => expect(screen.getByLabelText('Emri juaj')).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('orders without an account with a +41 number, clears the cart and opens the order by its link', async () => {
    serve(() => json(201, { message: 'Porosia u krye me sukses!', order: { id: 9 }, link: LINK }));
    cart.add(phone);
    const router = renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Vazhdo pa llogari' }));
    await userEvent.type(screen.getByLabelText('Emri juaj'), 'Arben Hoxha');
    await userEvent.type(screen.getByLabelText('Email-i juaj'), 'arben@example.ch');
    await userEvent.type(screen.getByLabelText('Telefoni juaj'), '+41 79 123 45 67');
    await userEvent.click(screen.getByRole('button', { name: 'Porosit pa llogari' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LINK));
    expect(alerts).toEqual(['Porosia u krye me sukses!']);
    expect(cart.get()).toHaveLength(0);
    expect(calls).toEqual([
      {
        url: '/api/guest-orders',
        body: {
          items: [{ id: 'iphone-15', quantity: 1, price: 899 }],
          total: 899,
          guest: { name: 'Arben Hoxha', email: 'arben@example.ch', phone: '+41 79 123 45 67' },
        },
        auth: null,
      },
    ]);
  });

  it("shows the server's refusal of a field beside it", async () => {
    serve(() => json(400, { msg: guestOrderMessages.phone, field: 'guest.phone' }));
    cart.add(phone);
    renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Vazhdo pa llogari' }));
    await userEvent.type(screen.getByLabelText('Emri juaj'), 'Arben Hoxha');
    await userEvent.type(screen.getByLabelText('Email-i juaj'), 'arben@example.ch');
    await userEvent.type(screen.getByLabelText('Telefoni juaj'), '044 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Porosit pa llogari' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Telefoni juaj')).toHaveAccessibleDescription(expect.stringContaining(guestOrderMessages.phone)),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`Gabim: ${guestOrderMessages.phone}`);
    expect(cart.get()).toHaveLength(1);
  });
});
