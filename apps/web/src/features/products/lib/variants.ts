/**
 * The product page's choice of a variant (issue 27, decision 039): which variant the address names
 * (`?variant=<id>`, else the default), which variant a set of option values is, and how each value
 * would be if chosen (offered, sold out, or no such combination). Pure, so the server's render and
 * the browser's agree.
 */
import type { Product, ProductVariant } from '@shop/shared/schemas/product';

/** The variant `?variant=` names when it is one of this product's; else the default (else the first). */
export function variantFromAddress(variants: readonly ProductVariant[], param: string | null): ProductVariant | undefined {
  const id = param !== null && /^\d{1,10}$/.test(param) ? Number(param) : null;
  return (id !== null ? variants.find((v) => v.id === id) : undefined) ?? variants.find((v) => v.isDefault) ?? variants[0];
}

/** The variant with exactly these values (compared in any letter case), or undefined: no such combination. */
export function variantOf(variants: readonly ProductVariant[], values: readonly string[]): ProductVariant | undefined {
  const key = (list: readonly string[]) => list.map((v) => v.toLocaleLowerCase('sq')).join('\u0000');
  const wanted = key(values);
  return variants.find((v) => key(v.values) === wanted);
}

export type ValueState = 'available' | 'sold-out' | 'missing';

/** How the combination would be if `value` were chosen for option `index`, the other choices kept. */
export function valueState(variants: readonly ProductVariant[], chosen: readonly string[], index: number, value: string): ValueState {
  const next = chosen.map((v, i) => (i === index ? value : v));
  const variant = variantOf(variants, next);
  if (!variant) return 'missing';
  return variant.stock.status === 'out-of-stock' ? 'sold-out' : 'available';
}

/** Whether the product has options to choose (a product without options shows exactly as before). */
export const hasOptions = (product: Product): boolean => (product.options?.length ?? 0) > 0 && (product.variants?.length ?? 0) > 0;

/**
 * A swatch colour for common colour names in Albanian and English (the first word that is known
 * wins: 'Titanium i zi' is black, 'Blu e errët' is blue); null when unknown (only the name shows).
 */
const colourWords: Record<string, string> = {
  zi: '#1f1f1f',
  zezë: '#1f1f1f',
  black: '#1f1f1f',
  bardhë: '#f5f5f4',
  bardh: '#f5f5f4',
  white: '#f5f5f4',
  natyral: '#c2b8a3',
  natural: '#c2b8a3',
  shkretëtirës: '#c8a27a',
  desert: '#c8a27a',
  gri: '#8e8e93',
  hirtë: '#8e8e93',
  grey: '#8e8e93',
  gray: '#8e8e93',
  argjend: '#d4d4d8',
  argjendtë: '#d4d4d8',
  silver: '#d4d4d8',
  ar: '#d4af37',
  artë: '#d4af37',
  gold: '#d4af37',
  blu: '#2563eb',
  kaltër: '#60a5fa',
  blue: '#2563eb',
  kuq: '#dc2626',
  kuqe: '#dc2626',
  red: '#dc2626',
  gjelbër: '#16a34a',
  jeshil: '#16a34a',
  green: '#16a34a',
  verdhë: '#facc15',
  yellow: '#facc15',
  rozë: '#f9a8d4',
  roze: '#f9a8d4',
  pink: '#f9a8d4',
  vjollcë: '#7c3aed',
  lejla: '#a78bfa',
  purple: '#7c3aed',
  portokalli: '#f97316',
  orange: '#f97316',
  kafe: '#7c4a2d',
  brown: '#7c4a2d',
};

export function swatchColour(name: string): string | null {
  for (const word of name.toLocaleLowerCase('sq').split(/[\s/-]+/)) {
    const hit = colourWords[word];
    if (hit) return hit;
  }
  return null;
}

/** Whether an option holds colours (its values get swatches). */
export const isColourOption = (name: string): boolean => /^(ngjyr|colou?r)/i.test(name.trim());
