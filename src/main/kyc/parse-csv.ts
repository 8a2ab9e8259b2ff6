// CSV text to a raw table. Papaparse's one-shot parse of a 25 MB string blocks the event loop for
// hundreds of milliseconds, so the text is cut into ~1 MB slices at line ends that lie outside quoted
// cells, each slice parsed on its own turn of the event loop.
import Papa from 'papaparse';
import { type RawCell, type RawTable, uniqueHeaders } from './table';
import { yieldToEventLoop } from './yield';

const SLICE_CHARS = 1_000_000;
const DELIMITERS = [',', ';', '\t', '|'] as const;
const MAX_WARNINGS = 10;

/** The delimiter that occurs most often, outside quotes, in the header line; a comma when none does. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(char))
      counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = counts.get(delimiter) ?? 0;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

function detectNewline(text: string): '\r\n' | '\n' | '\r' {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  if (lf >= 0) return '\n';
  return text.includes('\r') ? '\r' : '\n';
}

function countQuotes(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('"', from); i >= 0 && i < to; i = text.indexOf('"', i + 1)) count++;
  return count;
}

/**
 * End of the slice starting at `start`: the first line end after SLICE_CHARS where the number of quote
 * characters since `start` is even. RFC 4180 escapes a quote by doubling it, so an even count means the
 * line end is not inside a quoted cell.
 */
function sliceEnd(text: string, start: number): number {
  let end = Math.min(start + SLICE_CHARS, text.length);
  if (end === text.length) return end;
  let quotes = countQuotes(text, start, end);
  for (;;) {
    const lineEnd = text.indexOf('\n', end);
    if (lineEnd < 0) return text.length;
    quotes += countQuotes(text, end, lineEnd + 1);
    end = lineEnd + 1;
    if (quotes % 2 === 0) return end;
  }
}

export async function parseCsv(text: string): Promise<RawTable> {
  const delimiter = detectDelimiter(text);
  const newline = detectNewline(text);
  let header: string[] | undefined;
  const rows: RawCell[][] = [];
  const warnings: string[] = [];
  for (let start = 0; start < text.length; ) {
    const end = sliceEnd(text, start);
    const result = Papa.parse<string[]>(text.slice(start, end), {
      delimiter,
      newline,
      quoteChar: '"',
      skipEmptyLines: 'greedy',
    });
    const rowsBefore = rows.length;
    for (const error of result.errors) {
      if (warnings.length >= MAX_WARNINGS) break;
      const row = error.row === undefined ? '' : `Row ${rowsBefore + error.row + (header ? 2 : 1)}: `;
      warnings.push(`${row}${error.message}`);
    }
    for (const cells of result.data) {
      if (header === undefined) header = cells;
      else rows.push(cells);
    }
    start = end;
    await yieldToEventLoop();
  }
  const headers = uniqueHeaders(header ?? []);
  const rowNotes = new Map<number, string>();
  const rowNumbers = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    // Blank lines are skipped, so this is the record's position counting the header as row 1.
    rowNumbers[i] = i + 2;
    const cells = rows[i]!;
    if (
      cells.length > headers.length &&
      cells.slice(headers.length).some((cell) => typeof cell === 'string' && cell.trim() !== '')
    ) {
      rowNotes.set(
        i,
        `This row has ${cells.length} cells but the header has ${headers.length}: check for an unquoted delimiter.`,
      );
    }
  }
  return { headers, rows, rowNumbers, rowNotes, warnings };
}
