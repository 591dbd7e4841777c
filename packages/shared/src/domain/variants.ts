/**
 * Product variants (issue 27, decision 039): a product is sold in options ('Ngjyra', 'Memoria',
 * others staff name) and each combination of their values is a variant with its own SKU, barcode,
 * price, old price, stock and photos. A product without options is a product with exactly one
 * variant, its default.
 */

/** The options staff are offered first; any other name is allowed. */
export const suggestedOptionNames = ['Ngjyra', 'Memoria'] as const;

/** Limits of a product's options and variants (the admin's body and the CHECKs agree). */
export const variantLimits = {
  options: 3,
  valuesPerOption: 30,
  variants: 100,
  optionName: 40,
  optionValue: 40,
  sku: 40,
  stockMax: 1_000_000,
} as const;

/**
 * The one rule for a stock that was not given (decision 039): a product or variant created
 * without a stock (the contract's POST /api/admin/products without `stock`, the admin form's
 * empty field, a variant row without one) is not tracked (null) and always sellable. A number is
 * units on the shelf.
 */
export function stockOrUntracked(quantity: number | null | undefined): number | null {
  return quantity === undefined || quantity === null ? null : quantity;
}

/**
 * The same rule for a typed field: empty is not tracked (null), whole units are a number, and
 * anything else is NaN (the form's schema then names the field).
 */
export function stockFromText(text: string): number | null {
  const t = text.trim();
  if (t === '') return stockOrUntracked(null);
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** Whether a variant with this stock can be added to a cart at all: not tracked, or units left. */
export const isSellable = (stock: number | null): boolean => stock === null || stock > 0;

/**
 * A barcode's check digit (EAN-8, UPC-A, EAN-13, GTIN-14): the digits from the right weigh 3 and
 * 1 in turn, and the last digit makes the sum a multiple of 10.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * The SKU a product's default variant gets when nobody typed one (the migration of 0012 and a
 * product created without a SKU): its id in capitals, unique because ids are unique in any case.
 */
export const defaultVariantSku = (productId: string): string => productId.toUpperCase();

/** A variant's name for order lines, papers and mails: its values in the options' order ('Titanium i zi / 512 GB'). */
export const variantTitle = (values: readonly string[]): string => values.join(' / ');

/** An order line's name with its variant, for mails and papers: 'iPhone 16 Pro Max — Titanium i zi / 512 GB' (the name alone without one). */
export const lineName = (name: string, variant: string | null | undefined): string => (variant ? `${name} — ${variant}` : name);

/** A SKU or barcode compared as the unique indexes do: in any letter case. */
export const skuKey = (sku: string): string => sku.trim().toLowerCase();
