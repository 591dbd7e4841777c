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

// The colour words and the colour option's name rule live in the shared domain (decision 039):
// the API gives cards their colours with the same rule the page's swatches use.
export { isColourOption, swatchColour } from '@shop/shared/domain/variants';
