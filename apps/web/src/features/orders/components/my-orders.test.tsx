import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../../lib/router';
import { clearSession, setSession } from '../../../lib/session';
import { MyOrders } from './my-orders';
import { myOrdersText } from '@shop/shared/messages-orders';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWith(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MyOrders />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => setSession('token-xyz', { id: 5, name: 'Arta', email: 'arta@example.com', role: 'user' }));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('MyOrders', () => {
  it("lists the user's orders with date, items, total and the status in Albanian", async () => {
    const fetchMock = renderWith(() =>
      json(200, [
        {
          id: 12,
          items: [
            { id: 'iphone-15', name: 'iPhone 15', price: 899, quantity: 1 },
            { id: 'kabllo', name: 'Kabllo USB-C', price: 19.99, quantity: 3 },
          ],
          total: 961.47,
          subtotal: 958.97,
          deliveryFee: 2.5,
          fulfilment: 'delivery',
          paymentMethod: 'cash',
          delivery: { fullName: 'Arta Krasniqi', phone: '+383 44 123 456', city: 'Prizren', address: 'Rruga e Shkronjave 5' },
          note: null,
          status: 'delivered',
          createdAt: '2026-03-01T09:15:00.000Z',
        },
        {
          id: 9,
          items: [{ id: 'kabllo', name: 'Kabllo USB-C', price: 19.99, quantity: 1 }],
          total: 19.99,
          subtotal: 19.99,
          deliveryFee: 0,
          fulfilment: 'pickup',
          paymentMethod: 'cash',
          delivery: null,
          note: null,
          status: 'pending',
          createdAt: '2026-02-01T23:30:00.000Z',
        },
        {
          id: 4,
          items: [{ id: 'kabllo', name: 'Kabllo USB-C', price: 18, quantity: 1 }],
          total: 18,
          subtotal: 18,
          deliveryFee: 0,
          fulfilment: 'pickup',
          paymentMethod: 'cash',
          delivery: null,
          note: null,
          status: 'cancelled',
          createdAt: '2026-01-05T10:00:00.000Z',
        },
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Porositë e mia' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem', { name: /Porosia #/ });
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Porosia #12', 'Porosia #9', 'Porosia #4']);
    const first = within(cards[0]!);
    expect(first.getByText('1 mars 2026, 10:15')).toBeInTheDocument();
    expect(first.getByText('E dorëzuar')).toBeInTheDocument();
    expect(first.getByText('3 x 19,99 €')).toBeInTheDocument();
    expect(first.getByText('Dërgesë në adresë')).toBeInTheDocument();
    expect(first.getByText('Dërgesa: 2,50 €')).toBeInTheDocument();
    expect(first.getByText('Totali me dërgesë').nextSibling).toHaveTextContent('961,47 €');
    expect(first.getByRole('link', { name: 'Shiko porosinë #12' })).toHaveAttribute('href', '/porosia/12');
    expect(within(cards[1]!).getByText('E pranuar')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Marrje në dyqan')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Totali').nextSibling).toHaveTextContent('19,99 €');
    expect(within(cards[1]!).getByText('2 shkurt 2026, 00:30')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('E anuluar')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/mine');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-xyz');
  });

  it('shows the code’s discount beside the total of an order placed with one (decision 053); the total stays the order’s', async () => {
    renderWith(() =>
      json(200, [
        {
          id: 21,
          items: [{ id: 'galaxy-s24', name: 'Samsung Galaxy S24', price: 120, quantity: 1 }],
          total: 108,
          subtotal: 120,
          deliveryFee: 0,
          fulfilment: 'pickup',
          paymentMethod: 'cash',
          delivery: null,
          note: null,
          status: 'pending',
          createdAt: '2026-03-01T09:15:00.000Z',
          discount: { code: 'SAMS10', amount: 12 },
        },
        {
          id: 20,
          items: [{ id: 'kabllo', name: 'Kabllo USB-C', price: 19.99, quantity: 1 }],
          total: 19.99,
          subtotal: 19.99,
          deliveryFee: 0,
          fulfilment: 'pickup',
          paymentMethod: 'cash',
          delivery: null,
          note: null,
          status: 'pending',
          createdAt: '2026-02-01T09:15:00.000Z',
        },
      ]),
    );
    const [withCode, without] = await screen.findAllByRole('listitem', { name: /Porosia #/ });
    const line = within(withCode!).getByText('Zbritje (SAMS10)').parentElement!;
    expect(line).toHaveTextContent('Zbritje (SAMS10)−12,00 €');
    expect(within(withCode!).getByText('Totali').nextSibling).toHaveTextContent('108,00 €');
    expect(within(without!).queryByText(/Zbritje/)).toBeNull();
  });

  it('says so when there are no orders yet', async () => {
    renderWith(() => json(200, []));
    expect(await screen.findByText('Nuk keni bërë ende asnjë porosi.')).toBeInTheDocument();
  });

  it('shows an error when the list cannot be loaded, without asking again after a refusal', async () => {
    const fetchMock = renderWith(() => json(401, { msg: 'Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.' }));
    // A failed read is not an empty list: 'Diçka shkoi keq. Provo përsëri!' with a retry (issue 18).
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Diçka shkoi keq. Provo përsëri!');
    expect(within(failed).getByRole('button', { name: 'Provo përsëri' })).toBeInTheDocument();
    expect(screen.queryByText(myOrdersText.empty)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
