import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { cart } from '../../../lib/cart-store';
import { CartView } from './cart-view';

const phone = { id: 'iphone-15', name: 'iPhone 15', price: 899.5, image: '/images/products/iphone-15.svg', category: 'phone' };
const cable = { id: 'kabllo', name: 'Kabllo USB-C', price: 19.99 };

const renderCart = () =>
  render(
    <MemoryRouter>
      <CartView />
    </MemoryRouter>,
  );
const lineOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;
const total = () => screen.getByTestId('cart-total').textContent;

describe('CartView', () => {
  beforeEach(() => cart.clear());

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
});
