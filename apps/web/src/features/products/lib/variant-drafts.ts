/**
 * The staff's 'Variantet' section as typed (issue 27, decision 039): options with their values and
 * one row per variant with its fields as text. The rules of the body are the shared schema's
 * (`variantsBodySchema`): this module only turns the typed text into that body, generates the
 * combinations and applies bulk changes. Loaded only with the admin's product screens.
 */
import { stockFromText, suggestedOptionNames, variantLimits, variantTitle } from '@shop/shared/domain/variants';
import { variantsBodySchema, type AdminVariants, type VariantsBody, type VariantsBodyInput } from '@shop/shared/schemas/variants';
import { parsePrice } from '../../../lib/price-input';
import { isColourOption } from './variants';

export interface OptionDraft {
  key: number;
  name: string;
  values: string[];
}

export interface RowDraft {
  key: number;
  /** One value per option, in the options' order. */
  values: string[];
  sku: string;
  barcode: string;
  price: string;
  oldPrice: string;
  /** Empty: not tracked (pa kufi). */
  stock: string;
  isDefault: boolean;
  /** The variant's own photos as loaded (used when the product has no colour option). */
  images: number[];
}

export interface VariantsDraft {
  options: OptionDraft[];
  rows: RowDraft[];
  /** Photos chosen for each colour value (by valueKey), sent as `images` of that colour's variants. */
  colourPhotos: Record<string, number[]>;
}

/** What new rows start from: the product's SKU (else its id) and price. */
export interface ProductBase {
  id: string;
  sku: string | null;
  price: number;
  oldPrice: number | null;
}

let nextKey = 1;
export const newKey = (): number => nextKey++;

/** Values are told apart without regard to case, as the server does. */
export const valueKey = (v: string): string => v.trim().toLocaleLowerCase('sq');
const comboKey = (values: readonly string[]): string => values.map(valueKey).join('\u0000');

/** 1149.5 -> '1149,5' (as the product form shows prices). */
export const euros = (n: number): string => String(n).replace('.', ',');

/** A row's name in labels and messages: 'Titanium i zi / 512 GB', or 'Varianti 1' without options. */
export const rowTitle = (row: Pick<RowDraft, 'values'>, index: number): string =>
  row.values.length > 0 && row.values.every((v) => v.trim() !== '') ? variantTitle(row.values) : `Varianti ${index + 1}`;

/** The index of the colour option ('Ngjyra', 'Colour', 'Color'); -1 when there is none. */
export const colourIndex = (options: readonly Pick<OptionDraft, 'name'>[]): number => options.findIndex((o) => isColourOption(o.name));

/** The first suggested option name ('Ngjyra', then 'Memoria') the product does not have yet; else ''. */
export const suggestedName = (options: readonly Pick<OptionDraft, 'name'>[]): string =>
  suggestedOptionNames.find((n) => !options.some((o) => valueKey(o.name) === valueKey(n))) ?? '';

/** The staff's answer (GET or PUT) as the section's draft. */
export function draftOf(data: AdminVariants): VariantsDraft {
  const options = data.options.map((o) => ({ key: newKey(), name: o.name, values: o.values.map((v) => v.value) }));
  const rows = data.variants.map((v) => ({
    key: newKey(),
    values: [...v.values],
    sku: v.sku,
    barcode: v.barcode ?? '',
    price: euros(v.price),
    oldPrice: v.oldPrice === null ? '' : euros(v.oldPrice),
    stock: v.stock === null ? '' : String(v.stock),
    isDefault: v.isDefault,
    images: [...v.images],
  }));
  const colourPhotos: Record<string, number[]> = {};
  const colour = colourIndex(options);
  if (colour >= 0) {
    for (const row of rows) {
      const key = valueKey(row.values[colour] ?? '');
      if (!(key in colourPhotos) || colourPhotos[key]!.length === 0) colourPhotos[key] = row.images;
    }
  }
  return { options, rows, colourPhotos };
}

/** Every combination of the options' values, the first option outermost; one empty one without options. */
export function combinations(options: readonly Pick<OptionDraft, 'values'>[]): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((combo) => o.values.map((v) => [...combo, v])), [[]]);
}

/** 'Titanium i zi' -> 'TITANIUMIZI', '256 GB' -> '256GB' (letters without their marks, digits). */
const skuPart = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '');

/**
 * A proposed SKU for a new row: the product's SKU (else its id) and the values, 'IPHONE-16-TITANIUMIZI-256GB',
 * shortened to the SKU's limit (each value to 8 signs first, then the base).
 */
export function proposedSku(base: string, values: readonly string[]): string {
  const head =
    base
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9._\-/]+/g, '-') || 'SKU';
  let parts = values.map(skuPart).filter(Boolean);
  const join = (h: string, p: string[]) => [h, ...p].join('-');
  if (join(head, parts).length <= variantLimits.sku) return join(head, parts);
  parts = parts.map((p) => p.slice(0, 8));
  const room = variantLimits.sku - parts.reduce((n, p) => n + p.length + 1, 0);
  return join(head.slice(0, Math.max(1, room)).replace(/-+$/, '') || 'SKU', parts).slice(0, variantLimits.sku);
}

/**
 * 'Gjenero kombinimet': one row per combination of the values. A row that exists for the same
 * values (in any case) is kept as it is, so nothing typed is lost; a new row gets a proposed SKU
 * and the price of the product (or of the only row before options were added). The default stays
 * where it was when its row is kept, else it is the first row.
 */
export function generateRows(draft: Pick<VariantsDraft, 'options' | 'rows'>, product: ProductBase): RowDraft[] {
  const existing = new Map(draft.rows.map((r) => [comboKey(r.values), r]));
  const single = draft.rows.length === 1 && draft.rows[0]!.values.length === 0 ? draft.rows[0] : undefined;
  const price = single?.price ?? euros(product.price);
  const oldPrice = single?.oldPrice ?? (product.oldPrice === null ? '' : euros(product.oldPrice));
  const base = product.sku?.trim() || product.id;
  const rows = combinations(draft.options).map(
    (values): RowDraft =>
      existing.get(comboKey(values)) ?? {
        key: newKey(),
        values,
        sku: values.length === 0 ? base.toUpperCase() : proposedSku(base, values),
        barcode: '',
        price,
        oldPrice,
        stock: '',
        isDefault: false,
        images: [],
      },
  );
  return withOneDefault(rows);
}

/** Exactly one row is the default: the first marked, else the first row. */
export function withOneDefault(rows: RowDraft[]): RowDraft[] {
  const marked = rows.findIndex((r) => r.isDefault);
  const chosen = marked >= 0 ? marked : 0;
  return rows.map((r, i) => (r.isDefault === (i === chosen) ? r : { ...r, isDefault: i === chosen }));
}

/** Whether the rows no longer match the options (an option or value added or removed): generate again. */
export function rowsOutOfDate(draft: Pick<VariantsDraft, 'options' | 'rows'>): boolean {
  const wanted = combinations(draft.options).map(comboKey);
  const have = new Set(draft.rows.map((r) => comboKey(r.values)));
  return draft.rows.some((r) => r.values.length !== draft.options.length) || wanted.some((k) => !have.has(k));
}

/** Which rows a bulk change reaches: every row, or those with `value` for the option `option`. */
export interface BulkTarget {
  option: number;
  value: string;
}
export const rowMatches = (row: RowDraft, target: BulkTarget | null): boolean =>
  target === null || valueKey(row.values[target.option] ?? '') === valueKey(target.value);

/** 'Vendos çmimin / stokun për të gjitha': the field set on every matching row; returns the rows and how many changed. */
export function applyToRows(
  rows: RowDraft[],
  target: BulkTarget | null,
  field: 'price' | 'stock',
  text: string,
): { rows: RowDraft[]; count: number } {
  let count = 0;
  const next = rows.map((r) => {
    if (!rowMatches(r, target)) return r;
    count++;
    return { ...r, [field]: text.trim() };
  });
  return { rows: next, count };
}

/** The body of PUT /api/admin/products/{id}/variants as typed (the schema then checks it). */
export function bodyOf(draft: VariantsDraft): VariantsBodyInput {
  const colour = colourIndex(draft.options);
  return {
    options: draft.options.map((o) => ({ name: o.name, values: o.values })),
    variants: draft.rows.map((r) => ({
      values: r.values,
      sku: r.sku,
      barcode: r.barcode.trim() === '' ? null : r.barcode,
      price: parsePrice(r.price) as number,
      oldPrice: parsePrice(r.oldPrice) ?? null,
      stock: stockFromText(r.stock),
      images: colour >= 0 ? (draft.colourPhotos[valueKey(r.values[colour] ?? '')] ?? []) : r.images,
      isDefault: r.isDefault,
    })),
  };
}

export type RowField = 'sku' | 'barcode' | 'price' | 'oldPrice' | 'stock' | 'values' | 'images' | 'isDefault';

export interface DraftErrors {
  /** Every message, each naming its option or row, in the schema's order. */
  messages: string[];
  /** The fields refused per row (by index). */
  rows: Map<number, Set<RowField>>;
  /** Options refused (by index). */
  options: Set<number>;
}

/**
 * The shared schema's verdict on the draft: the body, or every message with the row it concerns
 * ('Varianti 2 (E zezë / 256 GB): Çmimi …' when the schema's message does not name the row itself).
 */
export function checkDraft(draft: VariantsDraft): { body?: VariantsBody; errors: DraftErrors } {
  const errors: DraftErrors = { messages: [], rows: new Map(), options: new Set() };
  const parsed = variantsBodySchema.safeParse(bodyOf(draft));
  if (parsed.success) return { body: parsed.data, errors };
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const [where, index, field] = issue.path;
    let message = issue.message;
    if (where === 'variants' && typeof index === 'number') {
      const row = draft.rows[index];
      const fields = errors.rows.get(index) ?? new Set<RowField>();
      fields.add((typeof field === 'string' ? field : 'values') as RowField);
      errors.rows.set(index, fields);
      if (row && !/^Varianti \d+/.test(message)) message = `Varianti ${index + 1} (${rowTitle(row, index)}): ${message}`;
    } else if (where === 'options' && typeof index === 'number') {
      errors.options.add(index);
    }
    if (!seen.has(message)) errors.messages.push(message);
    seen.add(message);
  }
  return { errors };
}

/**
 * What the product form shows of a product's variants after they are saved: the default variant's
 * price and old price (the product's, kept equal by the database), the units summed (null: one is
 * not tracked), and whether the stock is kept per variant (the product has options).
 */
export interface VariantFigures {
  price: number;
  oldPrice: number | null;
  stock: number | null;
  perVariant: boolean;
}

export function figuresOf(data: AdminVariants): VariantFigures {
  const main = data.variants.find((v) => v.isDefault) ?? data.variants[0];
  const stock = data.variants.some((v) => v.stock === null) ? null : data.variants.reduce((n, v) => n + (v.stock ?? 0), 0);
  return { price: main?.price ?? 0, oldPrice: main?.oldPrice ?? null, stock, perVariant: data.options.length > 0 };
}
