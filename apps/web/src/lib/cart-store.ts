import { useSyncExternalStore } from 'react';
import { linesTotal, sameCents } from '@shop/shared/domain/money';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { orderLimits } from '@shop/shared/domain/orders';
import type { OrderLine, PriceConflict } from '@shop/shared/schemas/order';
import type { ProductListItem } from '@shop/shared/schemas/product';

/**
 * A cart line: an order line (id, name, unit price, quantity) plus what the cart shows of it. A line
 * of a product with options also names its variant (decision 039): `variantId`, its title
 * ('Titanium i zi / 512 GB') as `variant` and its `sku`; without `variantId` the line means the
 * product's default variant (carts stored before variants, products without options).
 */
export type CartLine = OrderLine & Partial<Pick<ProductListItem, 'image'>> & { category?: string };

/** What tells two lines apart: the product and its variant ('p1' for the default, 'p1#12' for variant 12). */
export const lineKey = (line: Pick<CartLine, 'id' | 'variantId'>): string =>
  typeof line.variantId === 'number' ? `${line.id}#${line.variantId}` : line.id;

const validVariantId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

export type CartProduct = Omit<CartLine, 'quantity'> & Record<string, unknown>;

/** A product's current name and price, as the 409 price conflict and the product list answer them. */
export type CatalogueEntry = PriceConflict['prices'][number];

export type CartChange =
  { kind: 'price'; id: string; name: string; oldPrice: number; newPrice: number } | { kind: 'removed'; id: string; name: string };

/**
 * Pure part of cart.reconcile. Ids match without regard to letter case, as on the server.
 * `dirty` is true when any line changed, a silent rename included.
 */
export function reconcileLines(
  current: readonly CartLine[],
  catalogue: readonly CatalogueEntry[],
  removedIds: readonly string[],
): { lines: CartLine[]; changes: CartChange[]; dirty: boolean } {
  // An entry with `variantId` (the 409's) prices that variant; one without prices the product's
  // default variant (the list's), so it only renames a line of another variant.
  const keyOf = (id: string, variantId: number | null | undefined) => `${productIdKey(id)}#${variantId ?? ''}`;
  const byId = new Map(catalogue.filter((p) => p.variantId === undefined).map((p) => [productIdKey(p.id), p]));
  const byVariant = new Map(catalogue.filter((p) => p.variantId !== undefined).map((p) => [keyOf(p.id, p.variantId), p]));
  const removed = new Set(removedIds.map(productIdKey));
  const changes: CartChange[] = [];
  let dirty = false;
  const lines: CartLine[] = [];
  for (const l of current) {
    if (removed.has(productIdKey(l.id))) {
      changes.push({ kind: 'removed', id: l.id, name: l.name });
      dirty = true;
      continue;
    }
    const exact = byVariant.get(keyOf(l.id, l.variantId));
    const product = byId.get(productIdKey(l.id));
    const p = exact ?? (typeof l.variantId === 'number' ? (product ? { ...product, price: l.price } : undefined) : product);
    if (!p || (p.name === l.name && p.price === l.price)) {
      lines.push(l);
      continue;
    }
    if (!sameCents(p.price, l.price)) {
      changes.push({ kind: 'price', id: l.id, name: p.name, oldPrice: l.price, newPrice: p.price });
    }
    lines.push({ ...l, name: p.name, price: p.price });
    dirty = true;
  }
  return { lines, changes, dirty };
}

const KEY = 'cart';
export const MAX_QUANTITY = orderLimits.maxQuantity;
const listeners = new Set<() => void>();

/**
 * The empty cart: one array, what the server renders and what an empty stored cart reads as, so
 * hydration finds the same snapshot and renders nothing again (a new empty array would make React
 * render every cart reader a second time, synchronously, right after hydrating).
 */
const noLines: CartLine[] = [];

function load(): CartLine[] {
  const loaded = loadStored();
  return loaded.length ? loaded : noLines;
}

function loadStored(): CartLine[] {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    return parsed
      .filter(
        (l): l is CartLine =>
          !!l &&
          typeof l.id === 'string' &&
          typeof l.name === 'string' &&
          typeof l.price === 'number' &&
          Number.isFinite(l.price) &&
          l.price >= 0 &&
          Number.isInteger(l.quantity) &&
          l.quantity > 0,
      )
      .map((l) => {
        // A variant id that is not one (tampered with) means the default variant, as before variants.
        const line = 'variantId' in l && !validVariantId(l.variantId) ? withoutVariant(l) : l;
        return line.quantity > MAX_QUANTITY ? { ...line, quantity: MAX_QUANTITY } : line;
      })
      .filter((l) => !seen.has(lineKey(l)) && !!seen.add(lineKey(l)));
  } catch {
    return [];
  }
}

function withoutVariant(l: CartLine): CartLine {
  const { variantId: _id, variant: _title, sku: _sku, ...rest } = l;
  return rest;
}

let lines: CartLine[] = typeof localStorage === 'undefined' ? noLines : load();

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
  /**
   * Same id (and variant): quantity + 1; otherwise a new line with quantity 1 (the spec's add). The
   * product page adds `quantity` at once (its quantity selector); a line never goes over 99. Two
   * variants of one product are two lines.
   */
  add(product: CartProduct, quantity = 1) {
    const n = Math.max(1, Math.trunc(quantity) || 1);
    const key = lineKey(product);
    const existing = lines.find((l) => lineKey(l) === key);
    if (existing) {
      commit(lines.map((l) => (lineKey(l) === key ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + n) } : l)));
    } else {
      commit([
        ...lines,
        {
          id: product.id,
          name: product.name,
          price: product.price,
          image: product.image,
          category: product.category,
          ...(validVariantId(product.variantId)
            ? { variantId: product.variantId, variant: product.variant ?? '', sku: product.sku ?? '' }
            : {}),
          quantity: Math.min(MAX_QUANTITY, n),
        },
      ]);
    }
  },
  /** `key`: the line's `lineKey` (a product's id for a line without a variant). */
  setQuantity(key: string, quantity: number) {
    const q = Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(quantity) || 1));
    commit(lines.map((l) => (lineKey(l) === key ? { ...l, quantity: q } : l)));
  },
  /**
   * Brings the cart in line with the shop's current data: new names and prices for known ids,
   * and the lines of products that no longer exist dropped. Returns what changed, so the
   * checkout can tell the shopper.
   */
  reconcile(current: readonly CatalogueEntry[], removedIds: readonly string[] = []): CartChange[] {
    const result = reconcileLines(lines, current, removedIds);
    if (result.dirty) commit(result.lines);
    return result.changes;
  },
  /** `key`: the line's `lineKey`. */
  remove(key: string) {
    commit(lines.filter((l) => lineKey(l) !== key));
  },
  clear() {
    commit([]);
  },
};

/** Sum of price x quantity, counted in whole cents line by line exactly as the server does. */
export const cartTotal = (items: readonly CartLine[]): number => linesTotal(items);
export const cartCount = (items: readonly CartLine[]): number => items.reduce((s, l) => s + l.quantity, 0);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page rendered on the server, and the browser hydrating it, show an empty cart (the server never sees it). */
const serverLines = () => noLines;

export function useCart() {
  const items = useSyncExternalStore(subscribe, cart.get, serverLines);
  return { items, total: cartTotal(items), count: cartCount(items), ...cart };
}
