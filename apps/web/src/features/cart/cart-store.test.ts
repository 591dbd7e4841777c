import { beforeEach, describe, expect, it } from 'vitest';
import { cart, cartCount, cartTotal } from './cart-store';

const phone = { id: 'p1', name: 'Telefon', price: 299.99 };
const caseItem = { id: 'c1', name: 'Mbrojtëse', price: 65 };

describe('cart rules (SPEC 4)', () => {
  beforeEach(() => cart.clear());

  it('adds a new item with quantity 1 and raises the quantity of the same id', () => {
    cart.add(phone);
    cart.add(caseItem);
    cart.add(phone);
    expect(cart.get().map((l) => [l.id, l.quantity])).toEqual([
      ['p1', 2],
      ['c1', 1],
    ]);
    expect(cartCount(cart.get())).toBe(3);
  });

  it('totals price x quantity without float drift', () => {
    cart.add(phone);
    cart.add(phone);
    cart.add(phone);
    expect(cartTotal(cart.get())).toBe(899.97);
  });

  it('removes by id and clears', () => {
    cart.add(phone);
    cart.add(caseItem);
    cart.remove('p1');
    expect(cart.get().map((l) => l.id)).toEqual(['c1']);
    cart.clear();
    expect(cart.get()).toEqual([]);
  });

  it('keeps quantities between 1 and 99', () => {
    cart.add(phone);
    cart.setQuantity('p1', 150);
    expect(cart.get()[0]!.quantity).toBe(99);
    cart.setQuantity('p1', 0);
    expect(cart.get()[0]!.quantity).toBe(1);
  });

  it('survives a reload through localStorage', () => {
    cart.add(caseItem);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([expect.objectContaining({ id: 'c1', quantity: 1 })]);
  });
});
