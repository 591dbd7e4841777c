import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { csvSeparator } from '@shop/shared/domain/admin-lists';
import { isValidPhone } from '@shop/shared/domain/warranty';

/**
 * Where a spreadsheet may start reading a cell: the cell's start, and after every character some
 * reader takes for a separator (',' where the list separator is ',', ';', a tab, a line break).
 * A file written with ';' is split on ',' by an Excel set to ',' ('Bes,=cmd|...' is then two
 * cells, the second a formula), so each of these places is guarded, not only the first.
 */
const FORMULA_START = /(?<=^|[,;\t\r\n])(?=[\t\r]|[\s"]*[=+\-@])/g;

/**
 * A text a spreadsheet would read as a formula ('=HYPERLINK(...)', '+1+1', '-2+3', '@SUM(...)',
 * one hidden behind a tab, a carriage return, blanks or a quote) gets an apostrophe where the
 * formula would start, at the start and after every separator inside it, so Excel and LibreOffice
 * show it as text whatever their list separator (OWASP's advice on CSV injection; decisions 021, 027).
 */
export function neutraliseCell(value: string): string {
  return value.replace(FORMULA_START, () => "'");
}

/** A phone number's cell (`csvPhone`): written as text without the guard when it is a phone. */
export interface CsvPhone {
  phone: string;
}

export type CsvCell = string | number | null | undefined | CsvPhone;

/**
 * A phone by the shared rule (domain/warranty `isValidPhone`: 8 to 15 digits with ( ) . / - after
 * an optional '+'), its blanks plain spaces and not starting with '-', holds no name, reference,
 * function, separator or hidden character, so no spreadsheet can run anything from it: it is
 * written as it is ('+383 44 123 456', not "'+383 44 123 456"), quoted as every text. Anything
 * else in a phone column is guarded as every other text cell.
 */
const isPlainPhone = (value: string): boolean => isValidPhone(value) && /^\+?[\d ()./][\d ()./-]*$/.test(value);

/** A phone column's cell: the number as text, or '' for none. */
export const csvPhone = (value: string | null | undefined): CsvCell => (value ? { phone: value } : '');

const textOf = (c: string | CsvPhone): string =>
  typeof c === 'string' ? neutraliseCell(c) : isPlainPhone(c.phone) ? c.phone : neutraliseCell(c.phone);

/**
 * A CSV file as a stream: UTF-8 with a byte order mark (so Excel reads 'ë' and 'ç'), ';' between
 * cells, CRLF line ends, every text cell neutralised (a phone that is one aside) and quoted
 * (numbers stay bare), so a separator inside a text never splits it for a reader that uses ';'. `rows` is read as the stream is read,
 * so a slow download never makes the server hold more.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  const stringifier = stringify({ bom: true, delimiter: csvSeparator, record_delimiter: 'windows', quoted_string: true });
  const cell = (c: CsvCell) => (c === null || c === undefined ? '' : typeof c === 'number' ? c : textOf(c));
  async function* cells() {
    yield header.map(neutraliseCell);
    for await (const row of rows) yield row.map(cell);
  }
  const source = Readable.from(cells());
  source.on('error', (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}

/** Euros from cents with a decimal comma and no thousands mark ('1249,00'), as Excel in Kosovo reads a number. */
export const csvEuros = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');
