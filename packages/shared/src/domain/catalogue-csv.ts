/**
 * The catalogue as a CSV file (issue 27): one row per variant, the same columns for the export and
 * the import, so a file exported, edited in a spreadsheet and saved as CSV UTF-8 imports back.
 */

/** The columns in the export's order (Albanian headers, as staff read them in a spreadsheet). */
export const catalogueColumns = {
  productId: 'ID e produktit',
  name: 'Emri',
  category: 'Kategoria',
  brand: 'Marka',
  description: 'Përshkrimi',
  option1: 'Opsioni 1',
  value1: 'Vlera 1',
  option2: 'Opsioni 2',
  value2: 'Vlera 2',
  option3: 'Opsioni 3',
  value3: 'Vlera 3',
  sku: 'SKU',
  barcode: 'Barkodi',
  price: 'Çmimi (€)',
  oldPrice: 'Çmimi i vjetër (€)',
  stock: 'Stoku',
  isDefault: 'Parazgjedhur',
} as const;
export type CatalogueColumn = keyof typeof catalogueColumns;

export const catalogueHeader: readonly string[] = Object.values(catalogueColumns);

/** The option columns, in order: name and value of option 1, 2, 3. */
export const optionColumns = [
  ['option1', 'value1'],
  ['option2', 'value2'],
  ['option3', 'value3'],
] as const satisfies readonly (readonly [CatalogueColumn, CatalogueColumn])[];

/**
 * The columns a file must have. The others may be left out: a product's field whose column is
 * missing is kept (a new product gets the form's default), a missing 'Stoku' keeps the stock.
 */
export const requiredCatalogueColumns: readonly CatalogueColumn[] = ['productId', 'name', 'sku', 'price'];

/** How much one import takes: the file's bytes, its rows (variants) and the errors listed. */
export const catalogueImportLimits = { bytes: 2 * 1024 * 1024, rows: 5000, errors: 200 } as const;

/** The file's name for the export (e.g. katalogu-2026-11-27.csv). */
export const catalogueFileName = (day: string) => `katalogu-${day}.csv`;

/** 'Po' for the default variant's row, '' otherwise; the import also takes 'Jo', 'po', 'x', '1', 'true'. */
export const defaultMark = 'Po';
export function readDefaultMark(text: string): boolean | undefined {
  const t = text.trim().toLocaleLowerCase('sq');
  if (t === '' || t === 'jo' || t === '0' || t === 'false') return false;
  if (t === 'po' || t === 'x' || t === '1' || t === 'true' || t === 'yes') return true;
  return undefined;
}

/**
 * A cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return
 * and is not a plain number ('-5' and '+3,5' are numbers; '=1+1', '@SUM(A1)', '-2+3' are not).
 * The export's own guard (an apostrophe before such a start, lib/csv neutraliseCell) is text.
 */
export function isFormulaCell(cell: string): boolean {
  if (!/^[=+\-@\t\r]/.test(cell)) return false;
  return !/^[+-]?\d+([.,]\d+)?$/.test(cell);
}

/** Where the export's guard put an apostrophe: at the start and after a separator, before a formula's start. */
const GUARD = /(?<=^|[,;\t\r\n])'(?=[\t\r]|[\s"]*[=+\-@])/g;

/** A cell as the export wrote it, read back: the guard's apostrophes taken out ("'-1" is '-1' as text). */
export const unguardCell = (cell: string): string => cell.replace(GUARD, '');

/**
 * Euros as a spreadsheet in Kosovo writes them: '1249,00', '1249.00', '1.249,00', '1 249,00',
 * with or without '€'. NaN for anything else (a negative number, words); undefined for empty.
 */
export function readEuros(text: string): number | undefined {
  const t = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (t === '') return undefined;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^\d{1,3}(,\d{3})+\.\d+$/.test(t)) return Number(t.replace(/,/g, ''));
  if (/^\d+([.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return Number.NaN;
}

/** Whole units; undefined for empty (not tracked), NaN for anything else (negative, fractional, words). */
export function readUnits(text: string): number | undefined {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return undefined;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** The separator of a file: the one of ';', ',' and tab that the header line holds most of (';' on a tie). */
export function detectSeparator(firstLine: string): ';' | ',' | '\t' {
  const count = (c: string) => firstLine.split(c).length - 1;
  const candidates = [';', ',', '\t'] as const;
  return candidates.reduce((best, c) => (count(c) > count(best) ? c : best), ';' as ';' | ',' | '\t');
}
