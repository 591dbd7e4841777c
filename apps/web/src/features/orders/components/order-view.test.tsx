import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../../lib/router';
import type { OrderDetail } from '@shop/shared/schemas/order';
import { clearSession, setSession } from '../../../lib/session';
import { OrderView } from './order-view';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const delivery: OrderDetail = {
  id: 31,
  items: [
    { id: 'iphone-15', name: 'iPhone 15', price: 40, quantity: 1 },
    { id: 'kabllo', name: 'Kabllo USB-C', price: 4.5, quantity: 2 },
  ],
  subtotal: 49,
  deliveryFee: 2.5,
  total: 51.5,
  vatPercent: 18,
  vatIncluded: 7.86,
  status: 'pending',
  createdAt: '2026-11-20T08:05:00.000Z',
  fulfilment: 'delivery',
  paymentMethod: 'cash',
  delivery: { fullName: 'Arta Krasniqi', phone: '+383 44 123 456', city: 'Prizren', address: 'Rruga e Shkronjave 5' },
  note: 'Pas orës 16',
  history: [{ status: 'pending', from: null, at: '2026-11-20T08:05:00.000Z', by: 'customer' }],
  canCancel: true,
  toReview: [],
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

function renderOrder(id: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <main id="root">
          <OrderView id={id} />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
  setSession('token-xyz', { id: 5, name: 'Arta', email: 'arta@example.com', role: 'user' });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('OrderView', () => {
  it('shows a delivery order: lines, fee, total with VAT, the details, payment, next step and history', async () => {
    serve(() => json(200, delivery));
    renderOrder(31);
    expect(await screen.findByRole('heading', { level: 1, name: 'Porosia #31' })).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: '/api/orders/31', method: 'GET' });
    expect(screen.getByText('E pranuar')).toBeInTheDocument();
    expect(screen.getByText(/^Bërë më/)).toHaveTextContent('Bërë më 20 nëntor 2026, 09:05');
    const items = within(screen.getByRole('region', { name: 'Produktet' }));
    expect(items.getByText('2 x 4,50 €')).toBeInTheDocument();
    expect(items.getByText('9,00 €')).toBeInTheDocument();
    expect(items.getByText('Nëntotali').nextSibling).toHaveTextContent('49,00 €');
    expect(items.getByText('Dërgesa').nextSibling).toHaveTextContent('2,50 €');
    expect(items.getByTestId('order-total')).toHaveTextContent('51,50 €');
    expect(items.getByText('TVSH e përfshirë (18%)').nextSibling).toHaveTextContent('7,86 €');
    const receive = within(screen.getByRole('region', { name: 'Marrja' }));
    expect(receive.getByText('Dërgesë në adresë')).toBeInTheDocument();
    expect(receive.getByText('Arta Krasniqi')).toBeInTheDocument();
    expect(receive.getByText('+383 44 123 456')).toBeInTheDocument();
    expect(receive.getByText('Rruga e Shkronjave 5, Prizren')).toBeInTheDocument();
    expect(receive.getByText('Pas orës 16')).toBeInTheDocument();
    expect(receive.getByText('Para në dorë')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Çfarë ndodh tani' })).toHaveTextContent('Do t’ju telefonojmë brenda ditës së punës');
    expect(within(screen.getByRole('region', { name: 'Historiku' })).getByRole('listitem')).toHaveTextContent(
      'Porosia u bë20 nëntor 2026, 09:05, nga ju',
    );
  });

  it('cancels a pending order after a confirmation, then shows the new status', async () => {
    const cancelled: OrderDetail = {
      ...delivery,
      status: 'cancelled',
      canCancel: false,
      history: [...delivery.history, { status: 'cancelled', from: 'pending', at: '2026-11-20T09:00:00.000Z', by: 'customer' }],
    };
    serve((url, method) => (method === 'POST' ? json(200, cancelled) : json(200, delivery)));
    renderOrder(31);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Anulo porosinë' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Ta anulojmë porosinë #31?' });
    // The safe answer has the focus; 'Jo' closes without asking the server.
    expect(within(dialog).getByRole('button', { name: 'Jo, mbaje' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Jo, mbaje' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Anulo porosinë' }));
    await user.click(screen.getByRole('button', { name: 'Po, anuloje' }));
    expect(await screen.findByText('Porosia #31 u anulua.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ url: '/api/orders/31/cancel', method: 'POST' }]);
    expect(screen.getByText('E anuluar', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anulo porosinë' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Çfarë ndodh tani' })).toHaveTextContent('Porosia u anulua.');
    expect(within(screen.getByRole('region', { name: 'Historiku' })).getAllByRole('listitem')[1]).toHaveTextContent('E anuluar');
  });

  it("says why a cancel was refused (409) and a pickup order shows the shop's address", async () => {
    const pickup: OrderDetail = { ...delivery, fulfilment: 'pickup', delivery: null, deliveryFee: 0, total: 49, note: null };
    serve((url, method) =>
      method === 'POST'
        ? json(409, { msg: 'Porosia nuk mund të anulohet më: dyqani e ka konfirmuar tashmë. Na kontaktoni për ndihmë.' })
        : json(200, pickup),
    );
    renderOrder(31);
    const receive = within(await screen.findByRole('region', { name: 'Marrja' }));
    expect(receive.getByText('Marrje në dyqan')).toBeInTheDocument();
    expect(receive.getByText('Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë')).toBeInTheDocument();
    expect(screen.getByText('Dërgesa').nextSibling).toHaveTextContent('Falas');
    await userEvent.click(screen.getByRole('button', { name: 'Anulo porosinë' }));
    await userEvent.click(screen.getByRole('button', { name: 'Po, anuloje' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Porosia nuk u anulua: Porosia nuk mund të anulohet më: dyqani e ka konfirmuar tashmë.',
      ),
    );
  });

  it("offers 'Vlerëso produktin' on each line of a delivered order not rated yet, leading to the product's review form", async () => {
    const delivered: OrderDetail = {
      ...delivery,
      status: 'delivered',
      canCancel: false,
      // The cable is rated already; the phone is not.
      toReview: ['iphone-15'],
    };
    serve(() => json(200, delivered));
    renderOrder(31);
    const items = within(await screen.findByRole('region', { name: 'Produktet' }));
    const rate = items.getAllByRole('link', { name: /^Vlerëso produktin/ });
    expect(rate).toHaveLength(1);
    expect(rate[0]).toHaveAccessibleName('Vlerëso produktin: iPhone 15');
    expect(rate[0]).toHaveAttribute('href', '/products/iphone-15#vleresimi');
    expect(rate[0]!.closest('li')).toHaveTextContent('iPhone 15');
  });

  it("offers no 'Vlerëso produktin' before the order is delivered", async () => {
    serve(() => json(200, delivery));
    renderOrder(31);
    await screen.findByRole('region', { name: 'Produktet' });
    expect(screen.queryByRole('link', { name: /Vlerëso produktin/ })).not.toBeInTheDocument();
  });

  it("answers 404 with 'Porosia nuk u gjet.' and a link to 'Porositë e mia'", async () => {
    serve(() => json(404, { msg: 'Porosia nuk u gjet.' }));
    renderOrder(999);
    expect(await screen.findByRole('heading', { name: 'Porosia nuk u gjet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Porositë e mia' })).toHaveAttribute('href', '/profile');
  });
});
