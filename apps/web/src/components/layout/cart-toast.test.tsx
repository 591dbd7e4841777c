import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router';
import { cartToast } from '../../lib/cart-toast';
import { CART_TOAST_MS, CartToast } from './cart-toast';

afterEach(() => {
  act(() => cartToast.dismiss());
  vi.useRealTimers();
});

const renderToast = () =>
  render(
    <MemoryRouter>
      <button type="button" onClick={() => cartToast.show('iPhone 16 128 GB', 1)}>
        Shto në Shportë
      </button>
      <CartToast />
    </MemoryRouter>,
  );

describe('the add-to-cart confirmation', () => {
  it('says what was added in a polite live region, without taking focus', async () => {
    const user = userEvent.setup();
    renderToast();
    const region = screen.getByTestId('cart-toast-region');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Shto në Shportë' }));
    expect(region).toHaveTextContent('U shtua në shportë: iPhone 16 128 GB');
    expect(screen.getByRole('link', { name: 'Shiko shportën' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: 'Shto në Shportë' })).toHaveFocus();
    act(() => cartToast.show('Kabllo USB-C', 3));
    expect(region).toHaveTextContent('U shtuan në shportë 3 copë: Kabllo USB-C');
  });

  it('closes with its button, or Escape while focus is on it', async () => {
    const user = userEvent.setup();
    renderToast();
    await user.click(screen.getByRole('button', { name: 'Shto në Shportë' }));
    await user.click(screen.getByRole('button', { name: 'Mbyll njoftimin' }));
    expect(screen.queryByTestId('cart-toast')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Shto në Shportë' }));
    screen.getByRole('link', { name: 'Shiko shportën' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('cart-toast')).toBeNull();
  });

  it('leaves by itself, but not while the shopper is on it', () => {
    vi.useFakeTimers();
    renderToast();
    act(() => cartToast.show('iPhone 16 128 GB', 1));
    act(() => vi.advanceTimersByTime(CART_TOAST_MS - 100));
    expect(screen.getByTestId('cart-toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('cart-toast')).toBeNull();

    act(() => cartToast.show('iPhone 16 128 GB', 1));
    act(() => screen.getByRole('link', { name: 'Shiko shportën' }).focus());
    act(() => vi.advanceTimersByTime(CART_TOAST_MS * 2));
    expect(screen.getByTestId('cart-toast')).toBeInTheDocument();
  });
});
