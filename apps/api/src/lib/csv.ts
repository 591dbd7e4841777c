import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { csvSeparator } from '@shop/shared/domain/admin-lists';

/**
 * A cell a spreadsheet would read as a formula ('=HYPERLINK(...)', '+1+1', '-2+3', '@SUM(...)',
 * or one hidden behind a tab or a carriage return) gets a leading apostrophe, so Excel and
 * LibreOffice show it as text (OWASP's advice on CSV injection; decision 021).
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null | undefined;

/**
 * A CSV file as a stream: UTF-8 with a byte order mark (so Excel reads 'ë' and 'ç'), ';' between
 * cells, CRLF line ends, quotes where csv-stringify says a cell needs them, every cell neutralised.
 * `rows` is read as the stream is read, so a slow download never makes the server hold more.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  const stringifier = stringify({ bom: true, delimiter: csvSeparator, record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
  async function* cells() {
    yield header.map(neutraliseCell);
    for await (const row of rows) yield row.map((c) => (c === null || c === undefined ? '' : neutraliseCell(String(c))));
  }
  const source = Readable.from(cells());
  source.on('error', (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}

/** Euros from cents with a decimal comma and no thousands mark ('1249,00'), as Excel in Kosovo reads a number. */
export const csvEuros = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');
