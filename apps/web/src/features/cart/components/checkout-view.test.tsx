import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from '../../../lib/router';
import { clearSession, getToken, setSession } from '../../../lib/session';
import { cart } from '../../../lib/cart-store';
import type { DeliveryValues } from '../../../components/form/delivery-fields';
import { orderMessages } from '@shop/shared/schemas/order';
import { CheckoutView } from './checkout-view';

const phone = { id: 'iphone-15', name: 'iPhone 15', price: 899 };
const cable = { id: 'kabllo', name: 'Kabllo USB-C', price: 19.99 };
const catalogue = [phone, cable, { id: 'tjeter', name: 'Tjetër', price: 5 }];

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let orderCalls: { body: unknown; key: string | null; auth: string | null }[];
const settings = { deliveryFee: 2.5, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 10, maxOpenOrders: 5 };

/** /api/products answers with the catalogue; POST /api/orders with `onOrder`. */
function serve(onOrder: Handler, products: unknown[] = catalogue) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.startsWith('/api/products')) return json(200, products);
      if (url === '/api/orders/settings') return json(200, settings);
      if (url === '/api/orders' && init.method === 'POST') {
        const headers = new Headers(init.headers);
        orderCalls.push({ body: JSON.parse(String(init.body)), key: headers.get('Idempotency-Key'), auth: headers.get('Authorization') });
        return onOrder(url, init);
      }
      return json(404, { msg: 'Nuk u gjet.' });
    }),
  );
}

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>Faqja e hyrjes, kthehu te {from}</p>;
}

function renderCheckout(prefill: DeliveryValues | null = null, verifyNotice: ReactNode = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutView prefill={prefill} verifyNotice={verifyNotice} /> },
      { path: '/porosia/:id', element: <p>Faqja e porosisë</p> },
      { path: '/login', element: <LoginProbe /> },
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

const confirmButton = () => screen.getByRole('button', { name: 'Konfirmo Porosinë' });
const created = (total: number) =>
  json(201, {
    message: 'Porosia u krye me sukses!',
    order: { id: 7, items: [], total, status: 'pending', createdAt: new Date().toISOString() },
  });

let alerts: string[];
beforeEach(() => {
  cart.clear();
  clearSession();
  sessionStorage.clear();
  orderCalls = [];
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((m?: unknown) => void alerts.push(String(m)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const logIn = () => setSession('token-abc', { id: 1, name: 'Arta', email: 'arta@example.com', role: 'user' });

describe('CheckoutView', () => {
  it("shows 'Shporta është bosh!' for an empty cart", () => {
    serve(() => created(0));
    renderCheckout();
    expect(screen.getByText('Shporta është bosh!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Konfirmo Porosinë' })).not.toBeInTheDocument();
  });

  it("sends a guest to /login with 'Duhet të kyçeni!', remembering the checkout", async () => {
    serve(() => created(0));
    cart.add(phone);
    const router = renderCheckout();
    expect(screen.getByText('899,00 € x 1')).toBeInTheDocument();
    await userEvent.click(confirmButton());
    expect(alerts).toEqual(['Duhet të kyçeni!']);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Faqja e hyrjes, kthehu te /checkout')).toBeInTheDocument();
    expect(orderCalls).toHaveLength(0);
  });

  it('orders with the bearer token and an Idempotency-Key, then clears the cart and goes home', async () => {
    logIn();
    serve(() => created(1817.99));
    cart.add(phone);
    cart.add(phone);
    cart.add(cable);
    const router = renderCheckout();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('1.817,99 €');
    await userEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(alerts).toEqual(['Porosia u krye me sukses!']);
    expect(orderCalls).toEqual([
      {
        body: {
          items: [
            { id: 'iphone-15', quantity: 2, price: 899 },
            { id: 'kabllo', quantity: 1, price: 19.99 },
          ],
          total: 1817.99,
        },
        key: expect.stringMatching(/^[A-Za-z0-9-]{32,}$/),
        auth: 'Bearer token-abc',
      },
    ]);
    expect(cart.get()).toEqual([]);
    expect(sessionStorage.getItem('checkout-attempt')).toBeNull();
  });

  it("'Transfer bankar' (decision 043): cash stays the default; choosing transfer sends it and opens the order's page", async () => {
    logIn();
    serve(() => created(899));
    cart.add(phone);
    const router = renderCheckout();
    expect(screen.getByRole('radio', { name: /Para në dorë/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Transfer bankar/ }));
    expect(screen.getByRole('radio', { name: /Transfer bankar/ })).toHaveAccessibleDescription(/IBAN-in dhe referencën/);
    await userEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/porosia/7'));
    expect(orderCalls.map((c) => c.body)).toEqual([
      { items: [{ id: 'iphone-15', quantity: 1, price: 899 }], total: 899, fulfilment: 'pickup', paymentMethod: 'transfer' },
    ]);
  });

  it("shows each variant under its name and sends its variantId; a line without one stays the contract's item", async () => {
    logIn();
    serve(() => created(3716.99));
    cart.add({ ...phone, price: 1149, variantId: 11, variant: 'Titanium i zi / 256 GB', sku: 'IP-11' });
    cart.add({ ...phone, price: 1274, variantId: 12, variant: 'Titanium i zi / 512 GB', sku: 'IP-12' }, 2);
    cart.add(cable);
    const router = renderCheckout();
    const lines = within(screen.getByRole('list', { name: 'Checkout' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('iPhone 15Titanium i zi / 256 GB1.149,00 € x 1'),
      expect.stringContaining('iPhone 15Titanium i zi / 512 GB1.274,00 € x 2'),
      expect.stringContaining('Kabllo USB-C19,99 € x 1'),
    ]);
    await userEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(orderCalls[0]!.body).toEqual({
      items: [
        { id: 'iphone-15', variantId: 11, quantity: 1, price: 1149 },
        { id: 'iphone-15', variantId: 12, quantity: 2, price: 1274 },
        { id: 'kabllo', quantity: 1, price: 19.99 },
      ],
      total: 3716.99,
    });
  });

  it('sends one order for a double click: the button is disabled while sending', async () => {
    logIn();
    let answer!: (r: Response) => void;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    cart.add(cable);
    renderCheckout();
    const user = userEvent.setup();
    await user.dblClick(confirmButton());
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByText('Duke dërguar porosinë...')).toBeInTheDocument();
    answer(created(19.99));
    await waitFor(() => expect(alerts).toEqual(['Porosia u krye me sukses!']));
    expect(orderCalls).toHaveLength(1);
  });

  it("shows 'Gabim: ' and the server's message, and retries a lost answer with the same key", async () => {
    logIn();
    let fail: 'network' | 'server' | false = 'network';
    serve(() => {
      if (fail === 'network') throw new TypeError('Failed to fetch');
      if (fail === 'server') return json(503, { msg: 'Shërbimi nuk është i disponueshëm për momentin.' });
      return created(19.99);
    });
    cart.add(cable);
    renderCheckout();
    await userEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim: Checkout dështoi');
    expect(confirmButton()).toBeEnabled();
    fail = 'server';
    await userEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Gabim: Shërbimi nuk është i disponueshëm për momentin.'));
    fail = false;
    await userEvent.click(confirmButton());
    await waitFor(() => expect(alerts).toEqual(['Porosia u krye me sukses!']));
    expect(orderCalls).toHaveLength(3);
    expect(new Set(orderCalls.map((c) => c.key)).size).toBe(1);
  });

  it('takes the current prices from a 409, tells the shopper, and confirms again with a new key', async () => {
    logIn();
    let conflict = true;
    serve(() => {
      if (!conflict) return created(949);
      conflict = false;
      return json(409, {
        msg: 'Çmimet kanë ndryshuar. Kontrolloni shportën me çmimet aktuale dhe konfirmoni përsëri.',
        prices: [{ id: 'iphone-15', name: 'iPhone 15', price: 949 }],
        total: 949,
      });
    });
    cart.add(phone);
    renderCheckout();
    await userEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Gabim: Çmimet kanë ndryshuar. Kontrolloni shportën me çmimet aktuale dhe konfirmoni përsëri.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Çmimi i “iPhone 15” ndryshoi nga 899,00 € në 949,00 €.');
    expect(cart.get()[0]!.price).toBe(949);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('949,00 €');
    await userEvent.click(confirmButton());
    await waitFor(() => expect(alerts).toEqual(['Porosia u krye me sukses!']));
    expect(orderCalls[1]!.body).toEqual({ items: [{ id: 'iphone-15', quantity: 1, price: 949 }], total: 949 });
    expect(orderCalls[1]!.key).not.toBe(orderCalls[0]!.key);
  });

  it('drops products the server no longer knows (400 unknownIds) and says so', async () => {
    logIn();
    serve(() => json(400, { msg: 'Disa produkte nuk ekzistojnë më: kabllo', unknownIds: ['kabllo'] }));
    cart.add(phone);
    cart.add(cable);
    renderCheckout();
    await userEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim: Disa produkte nuk ekzistojnë më: kabllo');
    expect(screen.getByRole('status')).toHaveTextContent('“Kabllo USB-C” nuk ofrohet më dhe u hoq nga shporta.');
    expect(cart.get().map((l) => l.id)).toEqual(['iphone-15']);
  });

  it('updates the cart as soon as the checkout opens when prices changed or products are gone', async () => {
    serve(() => created(0), [{ ...phone, price: 849 }]);
    cart.add(phone);
    cart.add(cable);
    renderCheckout();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Çmimi i “iPhone 15” ndryshoi nga 899,00 € në 849,00 €.');
    expect(notice).toHaveTextContent('“Kabllo USB-C” nuk ofrohet më dhe u hoq nga shporta.');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('849,00 €');
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([expect.objectContaining({ id: 'iphone-15', price: 849 })]);
  });

  it('moves a line saved under an old id (before the seed grouped phones) to its product and variant, and orders that', async () => {
    logIn();
    const grouped = {
      id: 'iphone-16-pro-max',
      name: 'iPhone 16 Pro Max',
      price: 1149,
      image: '/images/products/iphone-16-pro-max.svg',
      category: 'phone',
      selectedVariantId: 63,
      variants: [
        { id: 1, title: 'Titanium i shkretëtirës / 256 GB', sku: '100001', price: 1149, isDefault: true },
        { id: 63, title: 'Titanium natyral / 512 GB', sku: '100001-TN-512', price: 1249, isDefault: false },
      ],
    };
    const list = [{ id: 'iphone-16-pro-max', name: 'iPhone 16 Pro Max', price: 1149 }, cable];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        if (url === '/api/products/iphone-16-pro-max-512gb') return json(200, grouped);
        if (url === '/api/products/iphone-16-pro-max-256gb') return json(404, { msg: 'Produkt jo i gjetur' });
        if (url === '/api/products') return json(200, list);
        if (url === '/api/orders/settings') return json(200, settings);
        if (url === '/api/orders' && init.method === 'POST') {
          orderCalls.push({ body: JSON.parse(String(init.body)), key: null, auth: null });
          return created(2517.99);
        }
        return json(404, { msg: 'Nuk u gjet.' });
      }),
    );
    cart.add({ id: 'iphone-16-pro-max-512gb', name: 'iPhone 16 Pro Max 512 GB', price: 1249, category: 'phone' }, 2);
    cart.add({ id: 'iphone-16-pro-max-256gb', name: 'iPhone 16 Pro Max 128 GB', price: 999, category: 'phone' });
    cart.add(cable);
    const router = renderCheckout();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('“iPhone 16 Pro Max 128 GB” nuk ofrohet më dhe u hoq nga shporta.');
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      expect.objectContaining({ id: 'kabllo' }),
      expect.objectContaining({ id: 'iphone-16-pro-max', variantId: 63, variant: 'Titanium natyral / 512 GB', price: 1249, quantity: 2 }),
    ]);
    const lines = within(screen.getByRole('list', { name: 'Checkout' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Kabllo USB-C19,99 € x 1'),
      expect.stringContaining('iPhone 16 Pro MaxTitanium natyral / 512 GB1.249,00 € x 2'),
    ]);
    await userEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(orderCalls[0]!.body).toEqual({
      items: [
        { id: 'kabllo', quantity: 1, price: 19.99 },
        { id: 'iphone-16-pro-max', variantId: 63, quantity: 2, price: 1249 },
      ],
      total: 2517.99,
    });
  });

  it('a session the server no longer accepts is cleared, with a link to log in again', async () => {
    logIn();
    serve(() => json(401, { msg: 'Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.' }));
    cart.add(cable);
    renderCheckout();
    await userEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim: Sesioni nuk është i vlefshëm ose ka skaduar. Kyçuni përsëri.');
    expect(getToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Kyçuni përsëri' })).toHaveAttribute('href', '/login');
    expect(cart.get()).toHaveLength(1);
  });

  it('issue 24 finding 7: an order refused until the e-mail is verified shows the reason and the way to verify', async () => {
    logIn();
    const refusal = orderMessages.unverifiedOpenOrders(2);
    serve(() => json(403, { msg: refusal, needsVerification: true }));
    cart.add(cable);
    renderCheckout(null, <button type="button">Dërgo përsëri</button>);
    expect(screen.queryByRole('button', { name: 'Dërgo përsëri' })).toBeNull();
    await userEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(`Gabim: ${refusal}`);
    expect(screen.getByRole('button', { name: 'Dërgo përsëri' })).toBeInTheDocument();
    expect(cart.get()).toHaveLength(1);
    expect(getToken()).not.toBeNull();
  });

  it('another 403 (no needsVerification) shows its message without the verification notice', async () => {
    logIn();
    serve(() => json(403, { msg: 'Llogaria juaj është bllokuar.' }));
    cart.add(cable);
    renderCheckout(null, <button type="button">Dërgo përsëri</button>);
    await userEvent.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim: Llogaria juaj është bllokuar.');
    expect(screen.queryByRole('button', { name: 'Dërgo përsëri' })).toBeNull();
  });

  describe('pickup or delivery', () => {
    const usb = { id: 'usb', name: 'Karikues USB', price: 12.5 };
    const chooseDelivery = () => userEvent.click(screen.getByRole('radio', { name: /Dërgesë në adresë/ }));

    it("offers 'Marrje në dyqan' (checked, free, the shop's address) and cash as the only payment", async () => {
      serve(() => created(0), [usb]);
      cart.add(usb);
      renderCheckout();
      const receive = screen.getByRole('group', { name: 'Si do ta merrni porosinë?' });
      expect(within(receive).getByRole('radio', { name: /Marrje në dyqan/ })).toBeChecked();
      expect(within(receive).getByText('Dyqani: Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë')).toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Pagesa' })).getByRole('radio', { name: /Para në dorë/ })).toBeChecked();
      expect(screen.getByTestId('checkout-fee')).toHaveTextContent('Falas');
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('12,50 €');
      expect(screen.queryByLabelText('Komuna')).not.toBeInTheDocument();
    });

    it('checks the delivery fields beside each field, shows the fee, and sends the total with it', async () => {
      logIn();
      serve(() => json(201, { message: 'Porosia u krye me sukses!', order: { id: 44 } }), [usb]);
      cart.add(usb);
      const router = renderCheckout();
      await chooseDelivery();
      expect(await screen.findByText('2,50 €', { selector: '[data-testid="checkout-fee"]' })).toBeInTheDocument();
      expect(screen.getByText('Dërgesa falas nga 50,00 €')).toBeInTheDocument();
      expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('12,50 €');
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('15,00 €');

      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Telefoni'), '123');
      await user.click(confirmButton());
      expect(orderCalls).toHaveLength(0);
      expect(screen.getByLabelText('Emri dhe mbiemri')).toHaveAccessibleDescription('Shkruani emrin dhe mbiemrin e marrësit.');
      const phone = screen.getByLabelText('Telefoni');
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(phone).toHaveAccessibleDescription(
        'Shkruani një numër telefoni të vlefshëm, p.sh. 044 123 456 ose +41 79 123 45 67. p.sh. 044 123 456; nga jashtë me prefiks, p.sh. +41 79 123 45 67',
      );
      expect(screen.getByLabelText('Komuna')).toHaveAccessibleDescription('Zgjidhni komunën nga lista.');
      expect(screen.getByLabelText('Adresa')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent('Plotësoni saktë fushat e shënuara.');
      await waitFor(() => expect(screen.getByLabelText('Emri dhe mbiemri')).toHaveFocus());

      await user.type(screen.getByLabelText('Emri dhe mbiemri'), 'Blerina Hoxha');
      expect(screen.getByLabelText('Emri dhe mbiemri')).not.toHaveAttribute('aria-invalid');
      await user.clear(phone);
      await user.type(phone, '049 555 666');
      await user.selectOptions(screen.getByLabelText('Komuna'), 'Gjakovë');
      await user.type(screen.getByLabelText('Adresa'), 'Rruga e Çarshisë 12');
      await user.type(screen.getByLabelText('Shënim për porosinë (opsional)'), ' Pas orës 17 ');
      await user.click(confirmButton());
      await waitFor(() => expect(router.state.location.pathname).toBe('/porosia/44'));
      expect(alerts).toEqual(['Porosia u krye me sukses!']);
      expect(cart.get()).toEqual([]);
      expect(orderCalls[0]!.body).toEqual({
        items: [{ id: 'usb', quantity: 1, price: 12.5 }],
        total: 15,
        fulfilment: 'delivery',
        paymentMethod: 'cash',
        delivery: { fullName: 'Blerina Hoxha', phone: '+383 49 555 666', city: 'Gjakovë', address: 'Rruga e Çarshisë 12' },
        note: 'Pas orës 17',
      });
    });

    it("fills in the customer's last delivery details; free from the threshold", async () => {
      logIn();
      serve(() => created(0), [phone]);
      cart.add(phone);
      renderCheckout({ fullName: 'Arta Krasniqi', phone: '+383 44 123 456', city: 'Prizren', address: 'Rruga e Shkronjave 5' });
      await chooseDelivery();
      expect(screen.getByLabelText('Emri dhe mbiemri')).toHaveValue('Arta Krasniqi');
      expect(screen.getByLabelText('Telefoni')).toHaveValue('+383 44 123 456');
      expect(screen.getByLabelText('Komuna')).toHaveValue('Prizren');
      expect(screen.getByLabelText('Adresa')).toHaveValue('Rruga e Shkronjave 5');
      expect(await screen.findByText('Falas', { selector: '[data-testid="checkout-fee"]' })).toBeInTheDocument();
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('899,00 €');
    });

    it('shows stock, open-order and rate-limit refusals clearly, and a 400 beside its field', async () => {
      logIn();
      const answers = [
        json(409, {
          msg: 'Nga “iPhone 15” kanë mbetur vetëm 1 copë. Zvogëloni sasinë dhe provoni përsëri.',
          productId: 'iphone-15',
          left: 1,
        }),
        json(409, { msg: 'Keni tashmë 5 porosi të hapura. Prisni sa të përfundojë njëra prej tyre ose na kontaktoni në telefon.' }),
        json(429, { msg: 'Keni dërguar shumë porosi për pak kohë. Provoni përsëri pas disa minutash.' }),
        json(400, { msg: 'Zgjidhni komunën nga lista.', field: 'delivery.city' }),
      ];
      serve(() => answers.shift()!);
      cart.add(phone);
      cart.add(phone);
      renderCheckout({ fullName: 'Arta Krasniqi', phone: '044 123 456', city: 'Prizren', address: 'Rruga e Shkronjave 5' });
      await userEvent.click(confirmButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('Gabim: Nga “iPhone 15” kanë mbetur vetëm 1 copë.');
      expect(cart.get()).toEqual([expect.objectContaining({ id: 'iphone-15', quantity: 2 })]);
      await userEvent.click(confirmButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Gabim: Keni tashmë 5 porosi të hapura.'));
      await userEvent.click(confirmButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Gabim: Keni dërguar shumë porosi për pak kohë.'));
      await chooseDelivery();
      await userEvent.click(confirmButton());
      await waitFor(() => expect(screen.getByLabelText('Komuna')).toHaveAccessibleDescription('Zgjidhni komunën nga lista.'));
      expect(orderCalls).toHaveLength(4);
      // A 409 is a final answer: the next attempt has a new key. A 429 keeps its key for the same
      // order; the delivery order that followed is another order with its own.
      expect(orderCalls[1]!.key).not.toBe(orderCalls[0]!.key);
      expect(orderCalls[2]!.key).not.toBe(orderCalls[1]!.key);
      expect(orderCalls[3]!.key).not.toBe(orderCalls[2]!.key);
      expect(orderCalls[3]!.body).toMatchObject({ fulfilment: 'delivery', total: 1798 });
    });
  });
});
