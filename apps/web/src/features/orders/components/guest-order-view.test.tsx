import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../../lib/router';
import type { GuestOrderDetail } from '@shop/shared/schemas/guest-order';
import { orderMessages } from '@shop/shared/schemas/order';
import { GuestOrderView } from './guest-order-view';

/** /porosia-ime/{secret} (issue 30, decision 042): the guest's order by its mail's link. */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TOKEN = 'Q'.repeat(43);

const order: GuestOrderDetail = {
  id: 44,
  items: [{ id: 'kabllo', name: 'Kabllo USB-C', price: 19.99, quantity: 1 }],
  subtotal: 19.99,
  deliveryFee: 2.5,
  total: 22.49,
  vatPercent: 18,
  vatIncluded: 3.43,
  status: 'pending',
  createdAt: '2026-11-27T18:05:00.000Z',
  fulfilment: 'delivery',
  paymentMethod: 'cash',
  delivery: { fullName: 'Drita Hoxha', phone: '+383 44 123 456', city: 'Prishtinë', address: 'Rr. Agim Ramadani 12' },
  note: null,
  history: [{ status: 'pending', from: null, at: '2026-11-27T18:05:00.000Z', by: 'customer' }],
  canCancel: true,
  toReview: [],
  guest: { name: 'Arben Hoxha', email: 'arben@example.ch', phone: '+41 79 123 45 67' },
};

let calls: { url: string; method: string }[];
function serve(handler: (url: string, method: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ url, method });
      return handler(url, method);
    }),
  );
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <main id="root">
          <GuestOrderView token={TOKEN} />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GuestOrderView', () => {
  it("shows the order, the guest's contact with the Swiss number written with its code, and 'Krijo llogari'", async () => {
    serve(() => json(200, order));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Porosia #44' })).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: `/api/guest-orders/${TOKEN}`, method: 'GET' });
    const receive = screen.getByRole('region', { name: 'Marrja' });
    expect(receive).toHaveTextContent('Rr. Agim Ramadani 12, Prishtinë');
    expect(receive).toHaveTextContent('Arben Hoxha');
    expect(receive).toHaveTextContent('+41 79 123 45 67');
    expect(receive).toHaveTextContent('arben@example.ch');
    expect(screen.getByRole('link', { name: 'Krijo llogari' })).toHaveAttribute('href', '/regjistrohu');
    expect(screen.queryByRole('link', { name: 'Porositë e mia' })).not.toBeInTheDocument();
  });

  it('cancels by the link after asking, and shows the new status', async () => {
    serve((url, method) =>
      method === 'POST' && url === `/api/guest-orders/${TOKEN}/cancel`
        ? json(200, { ...order, status: 'cancelled', canCancel: false })
        : json(200, order),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Anulo porosinë' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Ta anulojmë porosinë #44?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Po, anuloje' }));
    expect(await screen.findByText(orderMessages.cancelled(44))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anulo porosinë' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("answers a wrong link with 'Porosia nuk u gjet.' and a way back to the shop", async () => {
    serve(() => json(404, { msg: orderMessages.notFound }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Porosia nuk u gjet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vazhdo blerjet' })).toHaveAttribute('href', '/');
  });
});
