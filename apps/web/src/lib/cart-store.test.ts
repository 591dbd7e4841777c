import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cart, cartCount, cartTotal, lineKey, reconcileLines } from './cart-store';

const phone = { id: 'p1', name: 'Telefon', price: 299.99 };
const caseItem = { id: 'c1', name: 'Mbrojtëse', price: 65 };

describe('cart rules (product.md §4)', () => {
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

describe('reconcile with the shop (prices changed, products gone)', () => {
  beforeEach(() => cart.clear());

  it('takes new prices and names, drops removed ids, and reports each change', () => {
    cart.add(phone);
    cart.add(caseItem);
    cart.add({ id: 'gone', name: 'Kufje', price: 20 });
    cart.setQuantity('c1', 2);
    const changes = cart.reconcile(
      [
        { id: 'P1', name: 'Telefon', price: 319.99 },
        { id: 'c1', name: 'Mbrojtëse silikoni', price: 65 },
      ],
      ['GONE'],
    );
    expect(changes).toEqual([
      { kind: 'price', id: 'p1', name: 'Telefon', oldPrice: 299.99, newPrice: 319.99 },
      { kind: 'removed', id: 'gone', name: 'Kufje' },
    ]);
    expect(cart.get()).toEqual([
      expect.objectContaining({ id: 'p1', price: 319.99, quantity: 1 }),
      expect.objectContaining({ id: 'c1', name: 'Mbrojtëse silikoni', price: 65, quantity: 2 }),
    ]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
  });

  it('changes nothing (and keeps the same array) when everything is current', () => {
    cart.add(phone);
    const before = cart.get();
    expect(reconcileLines(before, [{ ...phone }], [])).toEqual({ lines: before, changes: [], dirty: false });
    expect(cart.reconcile([{ ...phone }])).toEqual([]);
    expect(cart.get()).toBe(before);
  });
});

describe('a stored cart that was tampered with or is broken', () => {
  it('keeps only valid lines, one per id, with at most 99 of each', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 'a', name: 'A', price: 10, quantity: 150 },
        { id: 'a', name: 'A again', price: 10, quantity: 1 },
        { id: 'b', name: 'B', price: -1, quantity: 1 },
        { id: 'c', name: 'C', price: '5', quantity: 1 },
        { id: 'd', name: 'D', price: 5, quantity: 0 },
        null,
      ]),
    );
    vi.resetModules();
    const fresh = await import('./cart-store');
    expect(fresh.cart.get()).toEqual([{ id: 'a', name: 'A', price: 10, quantity: 99 }]);
  });

  it('starts empty when the stored value is not a list or not JSON', async () => {
    for (const raw of ['{"id":"a"}', 'not json']) {
      localStorage.setItem('cart', raw);
      vi.resetModules();
      const fresh = await import('./cart-store');
      expect(fresh.cart.get()).toEqual([]);
    }
  });

  it('follows a change made in another tab', () => {
    cart.clear();
    localStorage.setItem('cart', JSON.stringify([{ id: 'x', name: 'X', price: 1, quantity: 3 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(cartCount(cart.get())).toBe(3);
  });
});

describe('variants (decision 039)', () => {
  beforeEach(() => cart.clear());
  const black512 = { id: 'ip16', name: 'iPhone 16 Pro', price: 1399, variantId: 12, variant: 'Titanium i zi / 512 GB', sku: 'IP16-12' };
  const black256 = { ...black512, price: 1149, variantId: 11, variant: 'Titanium i zi / 256 GB', sku: 'IP16-11' };

  it('keeps two variants of one product as two lines, each with its variant, title and SKU', () => {
    cart.add(black512, 2);
    cart.add(black256);
    cart.add(black512);
    expect(cart.get()).toEqual([
      expect.objectContaining({ id: 'ip16', variantId: 12, variant: 'Titanium i zi / 512 GB', sku: 'IP16-12', quantity: 3 }),
      expect.objectContaining({ id: 'ip16', variantId: 11, variant: 'Titanium i zi / 256 GB', sku: 'IP16-11', quantity: 1 }),
    ]);
    expect(cartTotal(cart.get())).toBe(5346);
    cart.setQuantity(lineKey(black256), 4);
    cart.remove(lineKey(black512));
    expect(cart.get()).toEqual([expect.objectContaining({ variantId: 11, quantity: 4 })]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([expect.objectContaining({ variantId: 11, sku: 'IP16-11' })]);
  });

  it('reads a stored cart with variants back, and an old one without them as the default variant', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 'old', name: 'Telefon', price: 100, quantity: 1 },
        { ...black512, quantity: 2 },
        { ...black256, quantity: 1 },
        { ...black512, quantity: 5 },
        { id: 'bad', name: 'B', price: 5, quantity: 1, variantId: 'x', variant: 'Y', sku: 'Z' },
      ]),
    );
    vi.resetModules();
    const fresh = await import('./cart-store');
    expect(fresh.cart.get()).toEqual([
      { id: 'old', name: 'Telefon', price: 100, quantity: 1 },
      { ...black512, quantity: 2 },
      { ...black256, quantity: 1 },
      { id: 'bad', name: 'B', price: 5, quantity: 1 },
    ]);
    fresh.cart.add({ id: 'old', name: 'Telefon', price: 100 });
    expect(fresh.cart.get()[0]!.quantity).toBe(2);
  });

  it("reconciles a variant's price only from an answer naming the variant", () => {
    cart.add(black512);
    cart.add(black256);
    // The list's price is the default variant's: it renames, it does not reprice another variant.
    expect(cart.reconcile([{ id: 'ip16', name: 'iPhone 16 Pro Max', price: 1149 }])).toEqual([]);
    expect(cart.get().map((l) => [l.name, l.price])).toEqual([
      ['iPhone 16 Pro Max', 1399],
      ['iPhone 16 Pro Max', 1149],
    ]);
    // The 409 names each variant with its current price.
    expect(cart.reconcile([{ id: 'ip16', variantId: 12, name: 'iPhone 16 Pro Max', price: 1349 }])).toEqual([
      { kind: 'price', id: 'ip16', name: 'iPhone 16 Pro Max', oldPrice: 1399, newPrice: 1349 },
    ]);
    expect(cart.get().map((l) => l.price)).toEqual([1349, 1149]);
  });
});
