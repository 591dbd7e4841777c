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

/**
 * Option names that hold colours ('Ngjyra', 'Ngjyrat', 'Color', 'Colour') and storage sizes
 * ('Memoria', 'Storage'): how they start, in lower case. The catalogue's facets match option names
 * with them in SQL (`lower(btrim(name)) like 'ngjyr%'`), the storefront with the functions below.
 */
export const colourOptionPrefixes = ['ngjyr', 'color', 'colour'] as const;
export const storageOptionPrefixes = ['memori', 'storage'] as const;

const startsWithAny = (name: string, prefixes: readonly string[]) => {
  const n = name.trim().toLocaleLowerCase('sq');
  return prefixes.some((p) => n.startsWith(p));
};

/** Whether an option holds colours (its values get swatches, the catalogue a colour facet). */
export const isColourOption = (name: string): boolean => startsWithAny(name, colourOptionPrefixes);

/** Whether an option holds storage sizes (the catalogue's storage facet counts its values). */
export const isStorageOption = (name: string): boolean => startsWithAny(name, storageOptionPrefixes);

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

/** A colour as cards and the colour facet show it: its name and a swatch colour (null: only the name). */
export interface ColourSwatch {
  name: string;
  hex: string | null;
}

/** The colours of a product's colour option, each with its swatch. */
export const colourSwatches = (names: readonly string[]): ColourSwatch[] => names.map((name) => ({ name, hex: swatchColour(name) }));
