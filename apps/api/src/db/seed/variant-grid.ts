import type { SeedVariants } from './catalogue-types';

/** A colour as the shop names it, and its short code in SKUs ('Titanium i zi', 'TZ'). */
export interface SeedColour {
  name: string;
  code: string;
}

/** A storage size, its code in SKUs and its price in whole euros ('512 GB', '512', 1249). */
export interface SeedStorage {
  name: string;
  code: string;
  price: number;
  oldPrice?: number;
}

const key = (values: readonly string[]) => values.join(' / ');

/**
 * A phone in every colour and storage size (options 'Ngjyra' and 'Memoria'): `stock[c][s]` units
 * of colour c in size s; the default (colour, size) keeps the product's SKU, the others get
 * `${sku}-${colour code}-${size code}` ('100001-TZ-512'); `was` names the old product id a
 * combination was ('Titanium natyral / 512 GB' -> 'iphone-16-pro-max-512gb').
 */
export function colourStorage(o: {
  sku: string;
  colours: readonly SeedColour[];
  storages: readonly SeedStorage[];
  default: readonly [string, string];
  stock: readonly (readonly number[])[];
  was?: Record<string, string>;
}): SeedVariants {
  return {
    options: [
      { name: 'Ngjyra', values: o.colours.map((c) => c.name) },
      { name: 'Memoria', values: o.storages.map((s) => s.name) },
    ],
    variants: o.colours.flatMap((c, ci) =>
      o.storages.map((s, si) => {
        const values = [c.name, s.name];
        const isDefault = key(values) === key(o.default);
        return {
          values,
          sku: isDefault ? o.sku : `${o.sku}-${c.code}-${s.code}`,
          price: s.price,
          ...(s.oldPrice === undefined ? {} : { oldPrice: s.oldPrice }),
          stock: o.stock[ci]![si]!,
          ...(isDefault ? { isDefault: true } : {}),
          ...(o.was?.[key(values)] ? { was: o.was[key(values)] } : {}),
        };
      }),
    ),
  };
}

/**
 * A phone in several colours of one storage size (option 'Ngjyra'), all at the product's price:
 * `stock[c]` units of colour c; the default colour keeps the product's SKU, the others `${sku}-${code}`.
 */
export function coloursOnly(o: {
  sku: string;
  price: number;
  oldPrice?: number;
  colours: readonly SeedColour[];
  default: string;
  stock: readonly number[];
}): SeedVariants {
  return {
    options: [{ name: 'Ngjyra', values: o.colours.map((c) => c.name) }],
    variants: o.colours.map((c, ci) => ({
      values: [c.name],
      sku: c.name === o.default ? o.sku : `${o.sku}-${c.code}`,
      price: o.price,
      ...(o.oldPrice === undefined ? {} : { oldPrice: o.oldPrice }),
      stock: o.stock[ci]!,
      ...(c.name === o.default ? { isDefault: true } : {}),
    })),
  };
}
