import { parse } from 'csv-parse/sync';
import { categoryLabels, type Category } from '@shop/shared/domain/catalogue';
import {
  catalogueColumns,
  catalogueFileName,
  catalogueHeader,
  catalogueImportLimits,
  defaultMark,
  detectSeparator,
} from '@shop/shared/domain/catalogue-csv';
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import { todayInShop } from '@shop/shared/domain/time';
import { skuKey, variantTitle } from '@shop/shared/domain/variants';
import {
  csvImportMsg,
  CsvErrors,
  readCatalogueRows,
  type CatalogueImport,
  type CsvChange,
  type CsvProduct,
} from '@shop/shared/schemas/catalogue-csv';
import type { VariantsBody } from '@shop/shared/schemas/variants';
import type { Db, DbOrTx } from '../db/client';
import { csvEuros, type CsvCell } from '../lib/csv';
import { lockProduct } from '../repositories/admin-products';
import { findProduct, type ProductRow } from '../repositories/products';
import { catalogueBatch, loadVariants, variantHolders, type OptionRow, type VariantRow } from '../repositories/variants';
import { createProductIn, updateProductIn } from './admin-products';
import type { AuditActor } from './audit';
import { Invalid, TooLarge } from './errors';
import { EXPORT_BATCH, type ExportFile } from './exports';
import { writeVariants } from './product-variants';

/**
 * The catalogue as CSV (issue 27): the export (one row per variant, the columns of
 * domain/catalogue-csv) and its import with a dry run. The import reads the file (UTF-8, a BOM is
 * fine, ';' ',' or tab between cells), checks every row with the form's and the variants' rules
 * (schemas/catalogue-csv readCatalogueRows) and the database's (ids that exist, SKUs and barcodes
 * no other product holds), and writes every product in one transaction: nothing unless every row
 * is valid.
 */

// --- Export --------------------------------------------------------------------------------------

async function* catalogueRows(db: DbOrTx): AsyncGenerator<CsvCell[]> {
  let after: string | null = null;
  for (;;) {
    const batch = await catalogueBatch(db, after, EXPORT_BATCH);
    for (const p of batch) {
      for (const v of p.variants) {
        const options = [0, 1, 2].flatMap((k) => [p.options[k] ?? '', v.values[k] ?? '']);
        yield [
          p.id,
          p.name,
          categoryLabels[p.category as Category] ?? p.category,
          p.brand,
          p.description,
          ...options,
          v.sku,
          v.barcode ?? '',
          csvEuros(v.priceCents),
          v.oldPriceCents === null ? '' : csvEuros(v.oldPriceCents),
          v.stock,
          v.isDefault ? defaultMark : '',
        ];
      }
    }
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

/**
 * The whole catalogue, read as the file is sent. Not recorded in 'Historiku': the exports of
 * decision 026 are recorded because they hold customers' data, and this one holds none (the
 * storefront shows all of it but the barcodes and units).
 */
export function catalogueExport(db: DbOrTx): ExportFile {
  return { fileName: catalogueFileName(todayInShop()), header: catalogueHeader, rows: catalogueRows(db) };
}

// --- Reading the file ----------------------------------------------------------------------------

/** The file's text: UTF-8 (a BOM is dropped), else a refusal that says how to save it. */
export function decodeCsv(bytes: Buffer): string {
  if (bytes.length > catalogueImportLimits.bytes) throw new TooLarge(csvImportMsg.tooLarge);
  if (bytes.length === 0) throw new Invalid(csvImportMsg.empty);
  // UTF-16 (Excel's 'Unicode text') starts with its byte order mark.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new Invalid(csvImportMsg.encoding);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new Invalid(csvImportMsg.encoding);
  }
  // eslint-disable-next-line no-control-regex -- a NUL or other control byte means the file is not text
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw new Invalid(csvImportMsg.binary);
  if (text.trim() === '') throw new Invalid(csvImportMsg.empty);
  return text;
}

/** The file's records, every cell as text (the header first). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  try {
    return parse(text, {
      delimiter: detectSeparator(firstLine),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to_line: catalogueImportLimits.rows + 2,
    }) as string[][];
  } catch (err) {
    const at = err as { records?: number; lines?: number };
    throw new Invalid(csvImportMsg.broken((at.records ?? Math.max(0, (at.lines ?? 1) - 1)) + 1), { errorCount: 1 });
  }
}

// --- Planning ------------------------------------------------------------------------------------

interface Existing {
  row: ProductRow;
  options: OptionRow[];
  variants: VariantRow[];
}

interface Planned {
  csv: CsvProduct;
  existing: Existing | null;
  /** The body written: left-out columns filled from the stored variant with the same SKU, photos kept. */
  body: VariantsBody;
  changes: CsvChange[];
  variantCounts: { created: number; updated: number; removed: number; unchanged: number };
}

const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : formatPrice(toEuros(cents)));
const units = (stock: number | null) => (stock === null ? 'pa kufi' : String(stock));
const optionsText = (options: { name: string; values: string[] }[]) =>
  options.length === 0 ? null : options.map((o) => `${o.name}: ${o.values.join(', ')}`).join('; ');

function plan(csv: CsvProduct, existing: Existing | null, columns: Set<string>): Planned {
  const stored = new Map((existing?.variants ?? []).map((v) => [skuKey(v.sku), v]));
  const defaultSku = existing?.variants.find((v) => v.isDefault)?.sku;
  const anyMarked = csv.body.variants.some((v) => v.isDefault);
  const keepDefault =
    !columns.has('isDefault') && defaultSku !== undefined && csv.body.variants.some((v) => skuKey(v.sku) === skuKey(defaultSku));
  const body: VariantsBody = {
    options: csv.body.options,
    variants: csv.body.variants.map((v, i) => {
      const old = stored.get(skuKey(v.sku));
      return {
        ...v,
        barcode: v.barcode === undefined ? (old?.barcode ?? null) : v.barcode || null,
        oldPrice: v.oldPrice === undefined ? (old?.oldPriceCents == null ? null : toEuros(old.oldPriceCents)) : v.oldPrice,
        stock: v.stock === undefined ? (old?.stock ?? null) : v.stock,
        isDefault: keepDefault ? skuKey(v.sku) === skuKey(defaultSku) : anyMarked ? v.isDefault === true : i === 0,
        images: old?.imageIds ?? [],
      };
    }),
  };

  const productName = csv.name;
  const changes: CsvChange[] = [];
  const field = (column: string, before: string | null, after: string | null) => ({ column, before, after });
  const productFields = [
    field(catalogueColumns.name, existing?.row.name ?? null, csv.name),
    ...(csv.category !== undefined || !existing
      ? [field(catalogueColumns.category, existing ? categoryLabels[existing.row.category] : null, categoryLabels[csv.category ?? 'phone'])]
      : []),
    ...(csv.brand !== undefined ? [field(catalogueColumns.brand, existing?.row.brand ?? null, csv.brand)] : []),
    ...(csv.description !== undefined ? [field(catalogueColumns.description, existing?.row.description ?? null, csv.description)] : []),
    field(
      'Opsionet',
      existing ? optionsText(existing.options.map((o) => ({ name: o.name, values: o.values.map((x) => x.value) }))) : null,
      optionsText(body.options),
    ),
  ].filter((f) => (existing ? f.before !== f.after : f.after !== null && f.after !== ''));
  if (!existing || productFields.length > 0) {
    changes.push({
      productId: existing?.row.id ?? null,
      product: productName,
      sku: null,
      variant: null,
      action: existing ? 'update' : 'create',
      fields: productFields,
    });
  }

  const counts = { created: 0, updated: 0, removed: 0, unchanged: 0 };
  const variantFields = (v: VariantsBody['variants'][number]): Record<string, string | null> => ({
    [catalogueColumns.value1]: variantTitle(v.values) || null,
    [catalogueColumns.sku]: v.sku,
    [catalogueColumns.barcode]: v.barcode || null,
    [catalogueColumns.price]: euros(toCents(v.price)),
    [catalogueColumns.oldPrice]: v.oldPrice == null ? null : euros(toCents(v.oldPrice)),
    [catalogueColumns.stock]: units(v.stock ?? null),
    [catalogueColumns.isDefault]: v.isDefault ? 'Po' : 'Jo',
  });
  const storedFields = (v: VariantRow): Record<string, string | null> => ({
    [catalogueColumns.value1]: variantTitle(v.values) || null,
    [catalogueColumns.sku]: v.sku,
    [catalogueColumns.barcode]: v.barcode,
    [catalogueColumns.price]: euros(v.priceCents),
    [catalogueColumns.oldPrice]: euros(v.oldPriceCents),
    [catalogueColumns.stock]: units(v.stock),
    [catalogueColumns.isDefault]: v.isDefault ? 'Po' : 'Jo',
  });
  const label = (column: string) => (column === catalogueColumns.value1 ? 'Varianti' : column);
  for (const v of body.variants) {
    const old = stored.get(skuKey(v.sku));
    const after = variantFields(v);
    const before = old ? storedFields(old) : null;
    const fields = Object.entries(after)
      .filter(([c, value]) => (before ? before[c] !== value : value !== null))
      .map(([c, value]) => field(label(c), before?.[c] ?? null, value));
    if (before && fields.length === 0) {
      counts.unchanged++;
      continue;
    }
    counts[before ? 'updated' : 'created']++;
    changes.push({
      productId: existing?.row.id ?? null,
      product: productName,
      sku: v.sku,
      variant: variantTitle(v.values) || null,
      action: before ? 'update' : 'create',
      fields,
    });
  }
  const kept = new Set(body.variants.map((v) => skuKey(v.sku)));
  for (const old of existing?.variants ?? []) {
    if (kept.has(skuKey(old.sku))) continue;
    counts.removed++;
    const before = storedFields(old);
    changes.push({
      productId: existing!.row.id,
      product: productName,
      sku: old.sku,
      variant: variantTitle(old.values) || null,
      action: 'remove',
      fields: Object.entries(before)
        .filter(([, value]) => value !== null)
        .map(([c, value]) => field(label(c), value, null)),
    });
  }
  return { csv, existing, body, changes, variantCounts: counts };
}

/** The database's checks: ids that exist, SKUs and barcodes that no other product holds. */
async function checkAgainstStore(tx: DbOrTx, products: CsvProduct[], errors: CsvErrors, lock: boolean): Promise<Map<CsvProduct, Existing>> {
  const found = new Map<CsvProduct, Existing>();
  // Locked in the order of their ids, so two imports naming the same products never wait on each other in a circle.
  const named = products.filter((p) => p.id !== null).sort((a, b) => (a.id!.toLowerCase() < b.id!.toLowerCase() ? -1 : 1));
  for (const p of named) {
    if (p.id === null) continue;
    const row = lock ? await lockProduct(tx, p.id) : await findProduct(tx, p.id);
    if (!row) {
      errors.add(p.rows[0]!, catalogueColumns.productId, csvImportMsg.unknownProduct);
      continue;
    }
    found.set(p, { row, ...(await loadVariants(tx, row.id)) });
  }
  const holders = await variantHolders(
    tx,
    products.flatMap((p) => p.body.variants.map((v) => v.sku)),
    products.flatMap((p) => p.body.variants.flatMap((v) => (v.barcode ? [v.barcode] : []))),
  );
  const skuHolder = new Map(holders.map((h) => [skuKey(h.sku), h]));
  const barcodeHolder = new Map(holders.flatMap((h) => (h.barcode ? [[h.barcode, h] as const] : [])));
  for (const p of products) {
    const own = found.get(p)?.row.id;
    p.body.variants.forEach((v, i) => {
      const row = p.rows[i]!;
      const bySku = skuHolder.get(skuKey(v.sku));
      if (bySku && bySku.productId !== own) errors.add(row, catalogueColumns.sku, csvImportMsg.skuTaken(v.sku, bySku.productName));
      const byBarcode = v.barcode ? barcodeHolder.get(v.barcode) : undefined;
      if (byBarcode && byBarcode.productId !== own) {
        errors.add(row, catalogueColumns.barcode, csvImportMsg.barcodeTaken(v.barcode!, byBarcode.productName));
      }
    });
  }
  return found;
}

function refuse(errors: CsvErrors): never {
  throw new Invalid(csvImportMsg.refused(errors.count), { errors: errors.sorted(), errorCount: errors.count });
}

/**
 * POST /api/admin/products/import: the file checked in full; with `dryRun` the changes it would
 * make, else the same changes written in one transaction (each product audited as the form's and
 * the variants' grid's changes are). Any error: 400 with every row's and column's refusal (the
 * first 200) and nothing written.
 */
export async function importCatalogue(db: Db, actor: AuditActor, bytes: Buffer, dryRun: boolean): Promise<CatalogueImport> {
  const records = parseCsv(decodeCsv(bytes));
  const dataRows = records.slice(1).filter((r) => r.some((c) => c.trim() !== '')).length;
  if (records.length > catalogueImportLimits.rows + 1) throw new Invalid(csvImportMsg.tooManyRows);
  if (dataRows === 0) throw new Invalid(csvImportMsg.empty);
  const errors = new CsvErrors();
  const read = readCatalogueRows(records, errors);
  if (errors.count > 0) refuse(errors);

  return db.transaction(async (tx) => {
    const existing = await checkAgainstStore(tx, read.products, errors, !dryRun);
    if (errors.count > 0) refuse(errors);
    const planned = read.products.map((p) => plan(p, existing.get(p) ?? null, read.columns as Set<string>));
    const summary = {
      productsCreated: planned.filter((p) => !p.existing).length,
      productsUpdated: planned.filter((p) => p.existing && p.changes.length > 0).length,
      productsUnchanged: planned.filter((p) => p.existing && p.changes.length === 0).length,
      variantsCreated: planned.reduce((s, p) => s + p.variantCounts.created, 0),
      variantsUpdated: planned.reduce((s, p) => s + p.variantCounts.updated, 0),
      variantsRemoved: planned.reduce((s, p) => s + p.variantCounts.removed, 0),
      variantsUnchanged: planned.reduce((s, p) => s + p.variantCounts.unchanged, 0),
    };
    const productIds: string[] = [];
    for (const p of planned) {
      if (dryRun) {
        if (p.existing) productIds.push(p.existing.row.id);
        continue;
      }
      if (p.existing && p.changes.length === 0) {
        productIds.push(p.existing.row.id);
        continue;
      }
      const fields = { name: p.csv.name, category: p.csv.category, brand: p.csv.brand, description: p.csv.description };
      const first = p.body.variants.find((v) => v.isDefault) ?? p.body.variants[0]!;
      const product = p.existing
        ? await updateProductIn(tx, actor, p.existing.row, fields)
        : await createProductIn(tx, actor, { ...fields, price: first.price, sku: first.sku });
      await writeVariants(tx, actor, product, p.body);
      productIds.push(product.id);
    }
    const changes = planned.flatMap((p) => p.changes).slice(0, catalogueImportLimits.rows);
    return { dryRun, rows: dataRows, summary, changes, productIds };
  });
}
