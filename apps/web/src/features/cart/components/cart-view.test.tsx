import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cart } from '../../../lib/cart-store';
import { CartView } from './cart-view';

const phone = { id: 'iphone-15', name: 'iPhone 15', price: 899.5, image: '/images/products/iphone-15.svg', category: 'phone' };
const cable = { id: 'kabllo', name: 'Kabllo USB-C', price: 19.99 };

const renderCart = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CartView />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** GET /api/orders/settings answers with `maxPerLine`, or not at all (the cart's own limit of 99 holds). */
function serveSettings(maxPerLine: number | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      maxPerLine === null
        ? new Response('{"msg":"Nuk u gjet."}', { status: 404 })
        : new Response(JSON.stringify({ deliveryFee: 2.5, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine, maxOpenOrders: 5 }), {
            status: 200,
          }),
    ),
  );
}
afterEach(() => vi.unstubAllGlobals());
const lineOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;
const total = () => screen.getByTestId('cart-total').textContent;

describe('CartView', () => {
  beforeEach(() => {
    cart.clear();
    serveSettings(null);
  });

  it("says 'Shporta është bosh!' when empty", () => {
    renderCart();
    expect(screen.getByText('Shporta është bosh!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pastro Shportën' })).not.toBeInTheDocument();
  });

  it('shows each line with name and price x quantity, the total and a Checkout link', () => {
    cart.add(phone);
    cart.add(phone);
    cart.add(cable);
    renderCart();
    expect(within(lineOf('iPhone 15')).getByText('899,50 € x 2')).toBeInTheDocument();
    expect(within(lineOf('Kabllo USB-C')).getByText('19,99 € x 1')).toBeInTheDocument();
    expect(total()).toBe('1.818,99 €');
    expect(screen.getByText('3 artikuj')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('changes a quantity with the buttons and by typing, within 1 to 99', async () => {
    const user = userEvent.setup();
    cart.add(cable);
    renderCart();
    expect(screen.getByRole('button', { name: 'Zvogëlo sasinë e Kabllo USB-C' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Rrit sasinë e Kabllo USB-C' }));
    await user.click(screen.getByRole('button', { name: 'Rrit sasinë e Kabllo USB-C' }));
    expect(screen.getByText('19,99 € x 3')).toBeInTheDocument();
    expect(total()).toBe('59,97 €');

    const field = screen.getByRole('spinbutton', { name: 'Sasia e Kabllo USB-C' });
    await user.clear(field);
    await user.type(field, '12');
    await user.tab();
    expect(cart.get()[0]!.quantity).toBe(12);
    expect(total()).toBe('239,88 €');

    await user.clear(field);
    await user.type(field, '250');
    await user.tab();
    expect(cart.get()[0]!.quantity).toBe(99);
    expect(field).toHaveValue(99);
    expect(screen.getByRole('button', { name: 'Rrit sasinë e Kabllo USB-C' })).toBeDisabled();

    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue(99);
  });

  it("removes a line with 'Largojeni' and empties the cart with 'Pastro Shportën'", async () => {
    const user = userEvent.setup();
    cart.add(phone);
    cart.add(cable);
    renderCart();
    const remove = within(lineOf('iPhone 15')).getByRole('button', { name: /Largojeni/ });
    expect(remove).toHaveTextContent('Largojeni');
    await user.click(remove);
    expect(screen.queryByRole('link', { name: 'iPhone 15' })).not.toBeInTheDocument();
    expect(total()).toBe('19,99 €');
    await user.click(screen.getByRole('button', { name: 'Pastro Shportën' }));
    expect(screen.getByText('Shporta është bosh!')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([]);
  });

  it("keeps a line within the shop's per-line cap and says what it is", async () => {
    serveSettings(10);
    const user = userEvent.setup();
    cart.add(cable);
    renderCart();
    expect(await screen.findByText('Të shumtën 10 copë nga një produkt në një porosi.')).toBeInTheDocument();
    const field = screen.getByRole('spinbutton', { name: 'Sasia e Kabllo USB-C' });
    await user.clear(field);
    await user.type(field, '25');
    await user.tab();
    expect(cart.get()[0]!.quantity).toBe(10);
    expect(field).toHaveAttribute('max', '10');
    expect(screen.getByRole('button', { name: 'Rrit sasinë e Kabllo USB-C' })).toBeDisabled();
  });
});

describe('CartView with variants (decision 039)', () => {
  beforeEach(() => {
    cart.clear();
    serveSettings(null);
  });

  it('shows two variants of one product as two lines, each with its title, changed and removed on its own', async () => {
    const user = userEvent.setup();
    cart.add({ ...phone, price: 1149, variantId: 11, variant: 'Titanium i zi / 256 GB', sku: 'IP-11' });
    cart.add({ ...phone, price: 1399, variantId: 12, variant: 'Titanium i zi / 512 GB', sku: 'IP-12' });
    renderCart();
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Titanium i zi / 256 GB')).toBeInTheDocument();
    expect(within(lines[1]!).getByRole('link', { name: 'iPhone 15' })).toHaveAttribute('href', '/products/iphone-15?variant=12');
    await user.click(within(lines[1]!).getByRole('button', { name: 'Rrit sasinë e iPhone 15 (Titanium i zi / 512 GB)' }));
    expect(cart.get().map((l) => [l.variantId, l.quantity])).toEqual([
      [11, 1],
      [12, 2],
    ]);
    await user.click(within(lines[0]!).getByRole('button', { name: 'Largojeni iPhone 15 (Titanium i zi / 256 GB) nga shporta' }));
    expect(cart.get().map((l) => l.variantId)).toEqual([12]);
    expect(screen.getByText('Titanium i zi / 512 GB')).toBeInTheDocument();
    expect(screen.queryByText('Titanium i zi / 256 GB')).toBeNull();
  });
});
