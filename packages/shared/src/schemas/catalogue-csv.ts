/**
 * The catalogue's CSV import (issue 27): the rows of a file read into products with their options
 * and variants, checked with the rules the form and the variants' grid use (adminProductBodySchema's
 * fields, variantsBodySchema), every refusal naming its row and column. The API's service
 * (services/catalogue-csv.ts) reads the file, adds the database's checks and writes.
 */
import { z } from '../zod-sq';
import { categories, categoryLabels, type Category } from '../domain/catalogue';
import {
  catalogueColumns,
  catalogueImportLimits,
  isFormulaCell,
  optionColumns,
  readDefaultMark,
  readEuros,
  readUnits,
  requiredCatalogueColumns,
  unguardCell,
  type CatalogueColumn,
} from '../domain/catalogue-csv';
import { skuKey } from '../domain/variants';
import { adminProductBodySchema } from './admin';
import { variantMsg, variantsBodySchema, type VariantsBody } from './variants';

const q = (column: string) => `“${column}”`;

export const csvImportMsg = {
  at: (row: number, column: string | null) => (column === null ? `Rreshti ${row}` : `Rreshti ${row}, kolona ${q(column)}`),
  noFile: 'Zgjidhni një skedar CSV me produktet (një rresht për çdo variant).',
  tooLarge: `Skedari është shumë i madh: me të shumtën ${catalogueImportLimits.bytes / 1024 / 1024} MB. Ndajeni në disa skedarë.`,
  tooManyRows: `Skedari ka më shumë se ${catalogueImportLimits.rows.toLocaleString('de-DE')} rreshta (variante). Ndajeni në disa skedarë.`,
  encoding:
    'Skedari nuk është i koduar në UTF-8 (p.sh. është ruajtur si Windows-1252), prandaj shkronjat ë dhe ç do të prisheshin. Ruaje si CSV UTF-8 dhe provo përsëri.',
  binary: 'Skedari nuk është CSV (ka shenja që nuk janë tekst). Ruaje si CSV UTF-8 dhe provo përsëri.',
  empty: 'Skedari është bosh: rreshti i parë duhet të ketë titujt e kolonave dhe pas tij një rresht për çdo variant.',
  broken: (row: number) =>
    `Rreshti ${row}: CSV i prishur (thonjëza pa mbyllur ose qeliza të përziera). Kontrolloni rreshtin dhe ruajeni përsëri.`,
  missingColumn: (column: string) => `Mungon kolona ${q(column)} në rreshtin e titujve.`,
  unknownColumn: (column: string) => `Kolona ${q(column)} nuk njihet. Përdorni titujt e eksportit.`,
  columnTwice: (column: string) => `Kolona ${q(column)} është dy herë në rreshtin e titujve.`,
  extraCells: 'Rreshti ka më shumë qeliza se titujt e kolonave.',
  formula:
    "Qeliza fillon me = + - @ ose tabulator dhe nuk është numër: fletëllogaritësi do ta lexonte si formulë. Hiqeni shenjën ose vendosni një apostrof ' para saj.",
  category: `Kategoria duhet të jetë një nga: ${categories.map((c) => categoryLabels[c]).join(', ')}.`,
  differs: (first: number) => `Ndryshon nga rreshti ${first} i të njëjtit produkt (plotësojeni njësoj ose lëreni bosh).`,
  optionGap: 'Opsionet plotësohen sipas radhës: Opsioni 1 para Opsionit 2 dhe Opsioni 2 para Opsionit 3.',
  optionDiffers: (first: number, name: string) => `Opsioni duhet të jetë ${q(name)}, si në rreshtin ${first} të të njëjtit produkt.`,
  optionMissing: (first: number) => `Ky opsion nuk është në rreshtin ${first} të të njëjtit produkt: çdo variant ka të njëjtat opsione.`,
  valueMissing: (option: string) => `Mungon vlera e opsionit ${q(option)}.`,
  valueWithoutOption: 'Ka vlerë pa emër opsioni: plotësoni edhe kolonën e opsionit.',
  combinationTwice: (first: number) => `Ky kombinim i opsioneve është tashmë në rreshtin ${first} për të njëjtin produkt.`,
  withoutOptions: (first: number) =>
    `Produkti pa opsione ka vetëm një rresht (edhe rreshti ${first}). Për disa variante plotësoni “Opsioni 1” dhe “Vlera 1”.`,
  skuTwice: (first: number) => `SKU është tashmë në rreshtin ${first}.`,
  barcodeTwice: (first: number) => `Barkodi është tashmë në rreshtin ${first}.`,
  defaultTwice: (first: number) => `Vetëm një variant për produkt është i parazgjedhur: edhe rreshti ${first} është.`,
  defaultMark: 'Shkruani “Po” për variantin e parazgjedhur ose lëreni bosh.',
  unknownProduct: 'Nuk ka produkt me këtë ID. Për një produkt të ri lëreni kolonën bosh.',
  skuTaken: (sku: string, product: string) => `SKU “${sku}” e ka produkti “${product}”.`,
  barcodeTaken: (barcode: string, product: string) => `Barkodi “${barcode}” e ka produkti “${product}”.`,
  refused: (n: number) =>
    `Skedari nuk u importua: ${n === 1 ? 'ka 1 gabim' : `ka ${n} gabime`}. Nuk u ndryshua asgjë; ndreqni rreshtat dhe provoni përsëri.`,
  moreErrors: (n: number) => `… dhe ${n.toLocaleString('de-DE')} gabime të tjera.`,
  dryRunQuery: 'dryRun pranon vetëm 1 ose 0 (true ose false).',
} as const;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;
const both = (products: number, variants: number) =>
  [products > 0 ? count(products, 'produkt', 'produkte') : '', variants > 0 ? count(variants, 'variant', 'variante') : '']
    .filter(Boolean)
    .join(' dhe ');

/** The staff screen's texts ('Katalogu në CSV' in the products' admin). */
export const csvScreenMsg = {
  title: 'Katalogu në CSV',
  intro:
    'Një rresht për çdo variant, me të njëjtat kolona në eksport dhe në import. Importi kontrollon fillimisht skedarin (provë) dhe nuk shkruan asgjë derisa ta konfirmoni.',
  exportButton: 'Eksporto CSV',
  exportBusy: 'Po përgatitet skedari…',
  exportDone: (file: string) => `U shkarkua ${file}.`,
  importLabel: 'Importo CSV',
  noFileChosen: 'Asnjë skedar i zgjedhur',
  importHint: 'Skedar CSV UTF-8 (si e ruan Excel “CSV UTF-8”), me të shumtën 2 MB dhe 5.000 rreshta.',
  checking: 'Po kontrollohet skedari (provë)…',
  importing: 'Po importohet…',
  dryRunTitle: 'Provë: çfarë do të ndryshojë',
  importButton: 'Importo',
  importNeedsCheck: 'Butoni aktivizohet pas një prove pa gabime të këtij skedari.',
  errorsTitle: 'Gabimet në skedar',
  changesCaption: 'Ndryshimet që do të bëhen',
  product: 'Produkti',
  variant: 'Varianti',
  action: 'Veprimi',
  fields: 'Ndryshimi',
  actions: { create: 'I ri', update: 'Ndryshohet', remove: 'Hiqet' } as Record<'create' | 'update' | 'remove', string>,
  productRow: 'Të dhënat e produktit',
  nothing: 'Asgjë për të ndryshuar: skedari përputhet me katalogun.',
  summary: (
    s: { productsCreated: number; productsUpdated: number; variantsCreated: number; variantsUpdated: number; variantsRemoved: number },
    done: boolean,
  ) => {
    const parts = [
      [both(s.productsCreated, s.variantsCreated), done ? 'U krijuan' : 'Do të krijohen'],
      [both(s.productsUpdated, s.variantsUpdated), done ? 'U ndryshuan' : 'Do të ndryshohen'],
      [both(0, s.variantsRemoved), done ? 'U hoqën' : 'Do të hiqen'],
    ].filter(([what]) => what !== '');
    return parts.length === 0
      ? 'Asgjë për të ndryshuar: skedari përputhet me katalogun.'
      : parts.map(([what, verb]) => `${verb} ${what}.`).join(' ');
  },
} as const;

/** One refusal: the spreadsheet's row (the header is row 1), the column's header, and the text with both. */
export const csvRowErrorSchema = z.object({
  row: z.number(),
  column: z.string().nullable(),
  message: z.string(),
  /** 'Rreshti 7, kolona “Çmimi (€)”: …' */
  text: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

/** The answer of a refused import (400): `msg`, the errors (at most catalogueImportLimits.errors) and how many there were. */
export const catalogueImportErrorSchema = z.object({
  msg: z.string(),
  errors: z.array(csvRowErrorSchema).optional(),
  errorCount: z.number().optional(),
});

export const csvChangeSchema = z.object({
  /** null for a product the import creates. */
  productId: z.string().nullable(),
  product: z.string(),
  /** The variant's SKU and values ('Titanium i zi / 512 GB'); null for the product's own fields. */
  sku: z.string().nullable(),
  variant: z.string().nullable(),
  action: z.enum(['create', 'update', 'remove']),
  /** The fields that change, by their column, as the file writes them (null: empty). */
  fields: z.array(z.object({ column: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
});
export type CsvChange = z.infer<typeof csvChangeSchema>;

/** POST /api/admin/products/import: what the import changes (dry run) or changed. */
export const catalogueImportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number(),
  summary: z.object({
    productsCreated: z.number(),
    productsUpdated: z.number(),
    productsUnchanged: z.number(),
    variantsCreated: z.number(),
    variantsUpdated: z.number(),
    variantsRemoved: z.number(),
    variantsUnchanged: z.number(),
  }),
  /** The changes, products first; at most `catalogueImportLimits.rows` entries. */
  changes: z.array(csvChangeSchema),
  /** The product ids written (a real run) or to be updated (dry run), in the file's order. */
  productIds: z.array(z.string()),
});
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;

export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['1', '0', 'true', 'false'], { error: csvImportMsg.dryRunQuery })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** A product as the file describes it, checked; `fields` left out are the columns the file lacks. */
export interface CsvProduct {
  /** The id the file names (as typed), or null for a new product. */
  id: string | null;
  /** The spreadsheet's row of each variant, in the file's order (the first row carries the product's fields). */
  rows: number[];
  name: string;
  category?: Category;
  brand?: string;
  description?: string;
  /** The options and variants, as PUT /api/admin/products/{id}/variants takes them. Left-out columns: undefined. */
  body: VariantsBody;
}

export interface CsvReadResult {
  products: CsvProduct[];
  errors: CsvRowError[];
  /** The columns the file has (a missing optional column keeps what is stored). */
  columns: Set<CatalogueColumn>;
}

const key = (v: string) => v.trim().toLocaleLowerCase('sq');

/** A category by its label ('Telefona') or its code ('phone'), in any letter case. */
function readCategory(text: string): Category | undefined | null {
  const t = key(text);
  if (t === '') return undefined;
  return categories.find((c) => c === t || key(categoryLabels[c]) === t) ?? null;
}

/** Collects errors, one per cell, in order; `add` is a no-op for a cell that already has one. */
export class CsvErrors {
  readonly list: CsvRowError[] = [];
  private readonly cells = new Set<string>();
  add(row: number, column: string | null, message: string) {
    const cell = `${row}\u0000${column ?? ''}`;
    if (this.cells.has(cell)) return;
    this.cells.add(cell);
    this.list.push({ row, column, message, text: `${csvImportMsg.at(row, column)}: ${message}` });
  }
  has(row: number, column: string | null) {
    return this.cells.has(`${row}\u0000${column ?? ''}`);
  }
  get count() {
    return this.list.length;
  }
  /** In row order, then in the columns' order; the first `catalogueImportLimits.errors`. */
  sorted(): CsvRowError[] {
    const order = Object.values(catalogueColumns) as string[];
    return [...this.list]
      .sort((a, b) => a.row - b.row || order.indexOf(a.column ?? '') - order.indexOf(b.column ?? ''))
      .slice(0, catalogueImportLimits.errors);
  }
}

/** The first message of a Zod result, with the variants' own 'Varianti 3: ' taken off (the row says it). */
const plain = (message: string) => message.replace(/^Varianti \d+: /, '');

/**
 * Reads the records of a file (its header first, every cell as text) into products. Rows with the
 * same 'ID e produktit' are one product's variants; rows without one are a new product's, grouped
 * by 'Emri'. A product's name, category, brand, description and option names come from its first
 * row; later rows repeat them or leave them empty. Every cell is checked; nothing is thrown.
 */
export function readCatalogueRows(records: readonly (readonly string[])[], errors: CsvErrors): CsvReadResult {
  const columns = new Set<CatalogueColumn>();
  const header = records[0] ?? [];
  const byHeader = new Map<string, CatalogueColumn>(Object.entries(catalogueColumns).map(([k, v]) => [key(v), k as CatalogueColumn]));
  const index = new Map<CatalogueColumn, number>();
  header.forEach((raw, i) => {
    const title = unguardCell(raw.replace(/^\uFEFF/, '')).trim();
    if (title === '') return;
    const column = byHeader.get(key(title));
    if (!column) errors.add(1, title, csvImportMsg.unknownColumn(title));
    else if (index.has(column)) errors.add(1, title, csvImportMsg.columnTwice(title));
    else {
      index.set(column, i);
      columns.add(column);
    }
  });
  for (const c of requiredCatalogueColumns) if (!index.has(c)) errors.add(1, null, csvImportMsg.missingColumn(catalogueColumns[c]));
  if (errors.count > 0) return { products: [], errors: errors.list, columns };

  interface Draft {
    product: CsvProduct;
    first: number;
    optionNames: string[];
    values: string[][];
    seenRow: Map<string, number>[];
    combos: Map<string, number>;
    defaultRow: number | null;
  }
  const drafts = new Map<string, Draft>();
  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  const lastUsed = Math.max(...index.values());

  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    if (record.every((c) => c.trim() === '')) return;
    if (record.slice(lastUsed + 1).some((c, j) => c.trim() !== '' && !header[lastUsed + 1 + j]?.trim())) {
      errors.add(row, null, csvImportMsg.extraCells);
    }
    const cell = (c: CatalogueColumn): string | undefined => {
      const at = index.get(c);
      if (at === undefined) return undefined;
      const raw = record[at] ?? '';
      if (isFormulaCell(raw)) {
        errors.add(row, catalogueColumns[c], csvImportMsg.formula);
        return '';
      }
      return unguardCell(raw);
    };
    const text = (c: CatalogueColumn) => (cell(c) ?? '').trim();

    const id = text('productId');
    const name = text('name');
    const groupKey = id ? `id:${key(id)}` : `new:${key(name)}`;
    let draft = drafts.get(groupKey);
    const first = !draft;
    if (!draft) {
      const parsedName = adminProductBodySchema.shape.name.safeParse(name);
      if (!parsedName.success) errors.add(row, catalogueColumns.name, parsedName.error.issues[0]!.message);
      draft = {
        product: { id: id || null, rows: [], name, body: { options: [], variants: [] } },
        first: row,
        optionNames: [],
        values: [[], [], []],
        seenRow: [new Map(), new Map(), new Map()],
        combos: new Map(),
        defaultRow: null,
      };
      drafts.set(groupKey, draft);
    } else if (name !== '' && key(name) !== key(draft.product.name)) {
      errors.add(row, catalogueColumns.name, csvImportMsg.differs(draft.first));
    }
    const d = draft;
    const p = d.product;
    p.rows.push(row);

    // The product's own fields: from its first row, the same or empty after it.
    const productField = <T>(
      c: CatalogueColumn,
      read: (t: string) => { ok: true; value: T } | { ok: false; message: string },
      set: (v: T) => void,
    ) => {
      const t = cell(c);
      if (t === undefined) return;
      if (first) {
        const r = read(t.trim());
        if (r.ok) set(r.value);
        else errors.add(row, catalogueColumns[c], r.message);
      } else if (t.trim() !== '') {
        const r = read(t.trim());
        const mine = r.ok ? JSON.stringify(r.value) : null;
        const theirs = JSON.stringify((p as unknown as Record<string, unknown>)[c] ?? (c === 'category' ? undefined : ''));
        if (mine !== theirs) errors.add(row, catalogueColumns[c], csvImportMsg.differs(d.first));
      }
    };
    const fromSchema =
      (schema: z.ZodType<string | undefined>) =>
      (t: string): { ok: true; value: string } | { ok: false; message: string } => {
        const r = schema.safeParse(t);
        return r.success ? { ok: true, value: r.data ?? '' } : { ok: false, message: r.error.issues[0]!.message };
      };
    productField(
      'category',
      (t) => {
        const c = readCategory(t);
        return c === null ? { ok: false, message: csvImportMsg.category } : { ok: true, value: c };
      },
      (v) => {
        if (v !== undefined) p.category = v;
      },
    );
    productField('brand', fromSchema(adminProductBodySchema.shape.brand), (v) => (p.brand = v));
    productField('description', fromSchema(adminProductBodySchema.shape.description), (v) => (p.description = v));

    // Options: the names from the first row, the same (or empty) after it; a value for each.
    const rowValues: string[] = [];
    optionColumns.forEach(([nameCol, valueCol], k) => {
      const optionName = text(nameCol);
      const value = text(valueCol);
      if (first) {
        if (optionName !== '') {
          if (d.optionNames.length !== k) errors.add(row, catalogueColumns[nameCol], csvImportMsg.optionGap);
          else d.optionNames.push(optionName);
        }
      } else if (optionName !== '' && k >= d.optionNames.length) {
        errors.add(row, catalogueColumns[nameCol], csvImportMsg.optionMissing(d.first));
      } else if (optionName !== '' && key(optionName) !== key(d.optionNames[k]!)) {
        errors.add(row, catalogueColumns[nameCol], csvImportMsg.optionDiffers(d.first, d.optionNames[k]!));
      }
      if (k < d.optionNames.length) {
        if (value === '') errors.add(row, catalogueColumns[valueCol], csvImportMsg.valueMissing(d.optionNames[k]!));
        else if (!d.seenRow[k]!.has(key(value))) {
          d.seenRow[k]!.set(key(value), row);
          d.values[k]!.push(value);
        }
        rowValues.push(value);
      } else if (value !== '' && !(first && optionName !== '')) {
        errors.add(row, catalogueColumns[valueCol], csvImportMsg.valueWithoutOption);
      }
    });
    if (rowValues.length === d.optionNames.length && rowValues.every((v) => v !== '')) {
      const combo = rowValues.map(key).join('\u0000');
      const seen = d.combos.get(combo);
      if (seen === undefined) d.combos.set(combo, row);
      else if (d.optionNames.length === 0) errors.add(row, null, csvImportMsg.withoutOptions(seen));
      else errors.add(row, catalogueColumns[optionColumns[d.optionNames.length - 1]![1]], csvImportMsg.combinationTwice(seen));
    }

    const sku = text('sku');
    if (sku !== '') {
      const seen = skus.get(skuKey(sku));
      if (seen !== undefined) errors.add(row, catalogueColumns.sku, csvImportMsg.skuTwice(seen));
      else skus.set(skuKey(sku), row);
    }
    const barcodeCell = cell('barcode');
    const barcode = barcodeCell?.trim();
    if (barcode) {
      const seen = barcodes.get(barcode);
      if (seen !== undefined) errors.add(row, catalogueColumns.barcode, csvImportMsg.barcodeTwice(seen));
      else barcodes.set(barcode, row);
    }
    const defaultCell = cell('isDefault');
    let isDefault: boolean | undefined;
    if (defaultCell !== undefined) {
      isDefault = readDefaultMark(defaultCell);
      if (isDefault === undefined) errors.add(row, catalogueColumns.isDefault, csvImportMsg.defaultMark);
      else if (isDefault && d.defaultRow !== null) errors.add(row, catalogueColumns.isDefault, csvImportMsg.defaultTwice(d.defaultRow));
      else if (isDefault) d.defaultRow = row;
    }
    const price = readEuros(text('price'));
    const oldPriceCell = cell('oldPrice');
    const oldPrice = oldPriceCell === undefined ? undefined : (readEuros(oldPriceCell) ?? null);
    const stockCell = cell('stock');
    const stock = stockCell === undefined ? undefined : (readUnits(stockCell) ?? null);
    p.body.variants.push({
      values: rowValues,
      sku,
      barcode: barcodeCell === undefined ? undefined : barcode,
      // Zod's own message for a missing number is the variants' "no price" one.
      price: price as number,
      oldPrice,
      stock,
      isDefault,
    });
  });

  // Each product through the variants' rules, every issue on its row and column.
  const columnOf: Partial<Record<string, CatalogueColumn>> = {
    sku: 'sku',
    barcode: 'barcode',
    price: 'price',
    oldPrice: 'oldPrice',
    stock: 'stock',
    isDefault: 'isDefault',
  };
  for (const d of drafts.values()) {
    const p = d.product;
    p.body.options = d.optionNames.map((name, k) => ({ name, values: d.values[k]! }));
    const parsed = variantsBodySchema.safeParse(p.body);
    if (parsed.success) {
      p.body = parsed.data;
      continue;
    }
    for (const issue of parsed.error.issues) {
      // Said per row above (csvImportMsg.withoutOptions).
      if (issue.message === variantMsg.oneWithoutOptions) continue;
      const [part, i, field, j] = issue.path as [string, number | undefined, string | number | undefined, number | undefined];
      if (part === 'variants' && typeof i === 'number') {
        const row = p.rows[i]!;
        const column = field === 'values' ? optionColumns[typeof j === 'number' ? j : 0]![1] : (columnOf[String(field)] ?? null);
        errors.add(row, column === null ? null : catalogueColumns[column], plain(issue.message));
      } else if (part === 'options' && typeof i === 'number') {
        const [nameCol, valueCol] = optionColumns[i] ?? optionColumns[0];
        if (field === 'values' && typeof j === 'number') {
          errors.add(d.seenRow[i]?.get(key(d.values[i]![j]!)) ?? d.first, catalogueColumns[valueCol], plain(issue.message));
        } else errors.add(d.first, catalogueColumns[field === 'values' ? valueCol : nameCol], plain(issue.message));
      } else {
        errors.add(d.first, null, plain(issue.message));
      }
    }
  }
  return { products: [...drafts.values()].map((d) => d.product), errors: errors.list, columns };
}
