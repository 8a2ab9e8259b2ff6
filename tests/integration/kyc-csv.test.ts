// Paydesk's own CSV tokenizer (parse-csv.ts) against papaparse, which it replaced on the open path: on
// well-formed files of any shape (quoted delimiters, quotes and line breaks, blank rows, CRLF or LF, four
// delimiters, non-ASCII text) both read the same cells; and where files go wrong, it says where.
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { KYC_LIMITS } from '../../src/main/kyc/limits';
import { parseCsv } from '../../src/main/kyc/reading/parse-csv';
import { Refusal } from '../../src/main/refusal';
import { utf8 } from '../support/kyc/open';

function readAll(text: string, limits = KYC_LIMITS) {
  const table = parseCsv(utf8(text), 0, limits);
  const rows = Array.from({ length: table.cells.rows }, (_, row) =>
    table.cells.row(row).map((cell) => (typeof cell === 'string' ? cell : '')),
  );
  return { table, rows };
}

function refusal(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    return error as Refusal;
  }
  throw new Error('expected a refusal');
}

const DELIMITERS = [',', ';', '\t', '|'] as const;
/** Cell text drawn from what trips CSV readers up. */
const cellText = fc
  .array(fc.constantFrom('a', 'Z', '7', ' ', ',', ';', '\t', '|', '"', '\r\n', '\n', 'é', 'ı', '😀', '='), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

const quote = (text: string, delimiter: string) =>
  text.includes(delimiter) || /["\r\n]/.test(text) || text.startsWith(' ') || text === ''
    ? `"${text.replaceAll('"', '""')}"`
    : text;

const files = fc
  .record({
    delimiter: fc.constantFrom(...DELIMITERS),
    newline: fc.constantFrom('\r\n', '\n'),
    width: fc.integer({ min: 2, max: 6 }),
    rows: fc.array(fc.array(cellText, { minLength: 6, maxLength: 6 }), { maxLength: 12 }),
    blankAfter: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    finalNewline: fc.boolean(),
  })
  .map(({ delimiter, newline, width, rows, blankAfter, finalNewline }) => {
    const header = Array.from({ length: width }, (_, column) => `h${column}`);
    const body = rows.map((row) => row.slice(0, width));
    const lines = [header.join(delimiter)];
    body.forEach((row, i) => {
      lines.push(row.map((cell) => quote(cell, delimiter)).join(delimiter));
      if (blankAfter[i]) lines.push('');
    });
    return { delimiter, text: lines.join(newline) + (finalNewline ? newline : '') };
  });

describe('Paydesk CSV tokenizer', () => {
  it('reads the same cells as papaparse from any well-formed file', () => {
    fc.assert(
      fc.property(files, ({ delimiter, text }) => {
        const papa = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
        const [header, ...records] = papa.data;
        const { table, rows } = readAll(text);
        expect(table.headers).toEqual(header);
        const width = header!.length;
        expect(rows).toEqual(records.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? '')));
      }),
      { numRuns: 1500 },
    );
  });

  it('numbers rows as a spreadsheet does: blank rows count, a line break inside quotes does not', () => {
    const { table, rows } = readAll('a,b\r\n\r\n1,"two\r\nlines"\r\n ,  \r\n3,4\r\n');
    expect(rows).toEqual([
      ['1', 'two\r\nlines'],
      ['3', '4'],
    ]);
    expect([...table.rowNumbers]).toEqual([3, 5]);
  });

  it('reads classic Mac line ends, a BOM-less UTF-8 header and a trailing delimiter', () => {
    expect(readAll('a;b\r1;2\r3;').rows).toEqual([
      ['1', '2'],
      ['3', ''],
    ]);
  });

  it('keeps going past a malformed quote, with a warning naming the row', () => {
    const { table, rows } = readAll('a,b\n"x"y,2\n3,4\n');
    expect(rows).toEqual([
      ['"x"y', '2'],
      ['3', '4'],
    ]);
    expect(table.warnings).toEqual([
      'Row 2: a quoted cell has text after its closing quote; it was read as typed.',
    ]);
  });

  it('notes rows with more filled cells than the header, and keeps only the header’s width', () => {
    const { table, rows } = readAll('a,b\n1,2,3\n4,5,,\n');
    expect(rows).toEqual([
      ['1', '2'],
      ['4', '5'],
    ]);
    expect([...table.rowNotes]).toEqual([
      [
        0,
        {
          message: 'This row has 3 cells but the header has 2: check for an unquoted delimiter.',
          words: { key: 'kyc.problem.extraCells', values: { cells: 3, width: 2 } },
        },
      ],
    ]);
  });

  it('refuses a quote that never closes, a wide header, a huge cell and too many cells, saying where', () => {
    expect(refusal(() => readAll('a,b\n1,2\n3,"4\n5,6\n')).message).toBe(
      'Row 3: a cell opens with a quote (") that never closes, so the rest of the file would read as one ' +
        'cell. Check the quotes in that row.',
    );
    const limits = { ...KYC_LIMITS, maxColumns: 3, maxCellChars: 10, maxCells: 6 };
    expect(refusal(() => readAll('a,b,c,d\n', limits)).message).toMatch(
      /^The header row has 4 columns; Paydesk reads at most 3\./,
    );
    expect(refusal(() => readAll('\n\na\tb\tc\td\n', limits)).message).toMatch(
      /^The header row has 4 columns/,
    );
    expect(refusal(() => readAll(`a,b\n1,${'é'.repeat(11)}\n`, limits)).message).toBe(
      'Row 2, column 2: a cell of 11 characters; Paydesk reads cells of at most 10 characters.',
    );
    // Ten characters of two bytes each are within a ten-character limit.
    expect(readAll(`a,b\n1,${'é'.repeat(10)}\n`, limits).rows).toEqual([['1', 'é'.repeat(10)]]);
    expect(refusal(() => readAll('a,b\n1,2\n3,4\n5,6\n7,8\n', limits)).message).toMatch(
      /^The file has more than 3 records of 2 columns; Paydesk reads at most 6 cells in one file\./,
    );
  });
});
