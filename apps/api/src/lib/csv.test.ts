import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvPhone, csvStream, neutraliseCell, type CsvCell } from './csv';

async function fileOf(header: string[], rows: CsvCell[][]): Promise<string> {
  async function* source() {
    yield* rows;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of csvStream(header, source())) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The cells as a real CSV reader set to `delimiter` reads them: lenient about quotes as Excel is,
 * or (`quotes: false`) a reader that splits at every separator and knows no quotes.
 */
const cellsAs = (text: string, delimiter: ',' | ';', quotes = true): string[] =>
  (
    parse(text, {
      bom: true,
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      ...(quotes ? {} : { quote: false }),
    }) as string[][]
  ).flat();

/** `cellsAs`, or nothing when a quote opened by reading with the wrong separator is never closed. */
function cellsIfReadable(text: string, delimiter: ',' | ';'): string[] {
  try {
    return cellsAs(text, delimiter);
  } catch (err) {
    if ((err as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED') return [];
    throw err;
  }
}

/** A cell a spreadsheet would run: a formula character at its start, or after blanks and quotes. */
const looksLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) || /^[\s"]*[=+\-@]/.test(cell);

const attacks = [
  "Bes,=cmd|' /C calc'!A0",
  "Bes;=cmd|' /C calc'!A0",
  "Bes\t=cmd|' /C calc'!A0",
  'a, =1+1',
  'a,"=1+1"',
  'a,\t=1',
  '=HYPERLINK("http://x","y")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  ',,+1,;-1;\t@1',
  'Rr. "Nëna Terezë", -1',
  'x\r\n=1',
];

describe('issue 24 finding 6: CSV formula guard after every separator, cells quoted', () => {
  it("neutralises a formula start at the cell's start and after ',', ';', a tab and a line break", () => {
    expect(neutraliseCell("Bes,=cmd|' /C calc'!A0")).toBe("Bes,'=cmd|' /C calc'!A0");
    expect(neutraliseCell('=1')).toBe("'=1");
    expect(neutraliseCell('a; +1')).toBe("a;' +1");
    expect(neutraliseCell('a,"=1"')).toBe('a,\'"=1"');
    expect(neutraliseCell('Prishtinë, Rr. Agim Ramadani 12')).toBe('Prishtinë, Rr. Agim Ramadani 12');
    expect(neutraliseCell('iPhone 16 Pro - 256GB')).toBe('iPhone 16 Pro - 256GB');
  });

  it('leaves no cell starting a formula when the file is read with "," or ";" as separator', async () => {
    const text = await fileOf(
      ['ID', 'Emri', 'Komente'],
      attacks.map((a, i) => [i + 1, a, `shënim ${a}`]),
    );
    // Every text cell is quoted, numbers are not.
    expect(text).toContain(`\r\n1;"Bes,'=cmd|' /C calc'!A0";"shënim Bes,'=cmd|' /C calc'!A0"\r\n`);
    for (const delimiter of [',', ';'] as const) {
      for (const quotes of [true, false]) {
        const cells = cellsAs(text, delimiter, quotes);
        expect(cells.length).toBeGreaterThan(attacks.length * 2);
        for (const cell of cells) expect(looksLikeFormula(cell), `${delimiter} ${JSON.stringify(cell)}`).toBe(false);
      }
    }
    // With ';' (the shop's separator) every value comes back whole, only the apostrophes added.
    const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows.slice(1).map((r) => r[1]!.replace(/'/g, ''))).toEqual(attacks.map((a) => a.replace(/'/g, '')));
  });

  it('holds for any text (property)', async () => {
    const piece = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', ' ', '"', "'", 'a', 'Ë', '1', 'cmd|');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
          { minLength: 1, maxLength: 4 },
        ),
        async (texts) => {
          const text = await fileOf(
            texts.map((_, i) => `k${i}`),
            [texts],
          );
          for (const delimiter of [',', ';'] as const) {
            const cells = [...cellsIfReadable(text, delimiter), ...cellsAs(text, delimiter, false)];
            for (const cell of cells) expect(looksLikeFormula(cell), `${delimiter} ${JSON.stringify(cell)}`).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('issue 26: phones as text', () => {
  it('writes a phone by the shared rule without the apostrophe, and guards anything else in a phone column', async () => {
    const text = await fileOf(
      ['Telefoni', 'Shënimi'],
      [
        [csvPhone('+383 44 123 456'), '+383 44 123 456'],
        [csvPhone('044 123 456'), ''],
        [csvPhone('+1+1+1'), ''],
        [csvPhone('-044 123 456'), ''],
        [csvPhone('+383 44 123 456,=cmd|x'), ''],
        [csvPhone(null), ''],
        [csvPhone('\t044 123 456'), ''],
      ],
    );
    const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      '+383 44 123 456',
      '044 123 456',
      "'+1+1+1",
      "'-044 123 456",
      "'+383 44 123 456,'=cmd|x",
      '',
      "'\t044 123 456",
    ]);
    // The same text in a cell that is not a phone's keeps the guard.
    expect(rows[1]![1]).toBe("'+383 44 123 456");
    // Still quoted, as every text.
    expect(text).toContain('\r\n"+383 44 123 456";');
  });
});
