import { useSyncExternalStore } from 'react';

export interface CartLine {
  id: string;
  name: string;
  price: number;
  quantity: number;
  image?: string;
  category?: string;
}

export type CartProduct = Omit<CartLine, 'quantity'> & Record<string, unknown>;

const KEY = 'cart';
export const MAX_QUANTITY = 99;
const listeners = new Set<() => void>();

function load(): CartLine[] {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (l): l is CartLine =>
        !!l &&
        typeof l.id === 'string' &&
        typeof l.name === 'string' &&
        typeof l.price === 'number' &&
        Number.isInteger(l.quantity) &&
        l.quantity > 0,
    );
  } catch {
    return [];
  }
}

let lines: CartLine[] = typeof localStorage === 'undefined' ? [] : load();

function commit(next: CartLine[]) {
  lines = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) {
      lines = load();
      listeners.forEach((l) => l());
    }
  });
}

export const cart = {
  get: (): CartLine[] => lines,
  /** Same id: quantity + 1; otherwise a new line with quantity 1. */
  add(product: CartProduct) {
    const existing = lines.find((l) => l.id === product.id);
    if (existing) {
      commit(lines.map((l) => (l.id === product.id ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l)));
    } else {
      commit([
        ...lines,
        { id: product.id, name: product.name, price: product.price, image: product.image, category: product.category, quantity: 1 },
      ]);
    }
  },
  setQuantity(id: string, quantity: number) {
    const q = Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(quantity) || 1));
    commit(lines.map((l) => (l.id === id ? { ...l, quantity: q } : l)));
  },
  /** Replace a line's price or drop lines, e.g. after the server reports new prices. */
  replace(next: CartLine[]) {
    commit(next);
  },
  remove(id: string) {
    commit(lines.filter((l) => l.id !== id));
  },
  clear() {
    commit([]);
  },
};

export const cartTotal = (items: CartLine[]): number => Math.round(items.reduce((s, l) => s + l.price * 100 * l.quantity, 0)) / 100;
export const cartCount = (items: CartLine[]): number => items.reduce((s, l) => s + l.quantity, 0);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart() {
  const items = useSyncExternalStore(subscribe, cart.get, cart.get);
  return { items, total: cartTotal(items), count: cartCount(items), ...cart };
}
