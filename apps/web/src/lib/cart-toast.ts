import { useSyncExternalStore } from 'react';

/** What was just put in the cart, for the confirmation the shell shows ('U shtua në shportë'). */
export interface AddedToCart {
  name: string;
  quantity: number;
  /** Grows with every add, so adding the same product twice is announced twice. */
  seq: number;
}

let current: AddedToCart | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const cartToast = {
  get: (): AddedToCart | null => current,
  /** Called by 'Shto në Shportë' after the cart took the product. */
  show(name: string, quantity: number) {
    current = { name, quantity, seq: ++seq };
    emit();
  },
  dismiss() {
    if (current === null) return;
    current = null;
    emit();
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const none = () => null;

export const useCartToast = () => useSyncExternalStore(subscribe, cartToast.get, none);
