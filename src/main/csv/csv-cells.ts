// CSV cells for spreadsheets, written once for every export (History, KYC rejected rows) and read back by
// the KYC reader. RFC 4180 (CRLF lines, every cell quoted, quotes doubled) plus OWASP's CSV-injection
// guard: a cell, or any `;`- or `,`-separated segment of it, that a spreadsheet would read as a formula
// (starting, after spaces, with = + - @ TAB or CR) gets an apostrophe in front. The segments matter: Excel in
// a locale whose list separator is `;` (de-DE, fr-FR, …) may split "x;=cmd|' /C calc'!A0" into cells of its
// own. Every cell is quoted, so a separator inside a cell never starts a new one where quotes are honoured.
// Text that already starts with apostrophes before a formula start gets one more, so that reading back
// removes exactly the one the guard added.
const GUARDED_START = /^'*[ ]*[=+\-@\t\r]/;
const SEGMENT_TO_GUARD = /([;,])([ \t]*)(?='*[ ]*[=+\-@\t\r])/g;
const GUARDED_SEGMENT = /([;,][ \t]*)'(?='*[ ]*[=+\-@\t\r])/g;

/** The text with every formula start (of the cell and of each `;`/`,` segment) behind an apostrophe. */
export function neutralizeFormulas(text: string): string {
  const guarded = text.replace(SEGMENT_TO_GUARD, "$1$2'");
  return GUARDED_START.test(guarded) ? `'${guarded}` : guarded;
}

/** What neutralizeFormulas wrote, read back: Paydesk's own exports open again with the text as it was. */
export function undoFormulaGuards(text: string): string {
  const cell = text.charCodeAt(0) === 39 && GUARDED_START.test(text.slice(1)) ? text.slice(1) : text;
  return cell.replace(GUARDED_SEGMENT, '$1');
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  return `"${neutralizeFormulas(String(value)).replaceAll('"', '""')}"`;
}

/** One record and its CRLF: `,` between cells, or `;` for a spreadsheet whose locale writes decimal commas. */
export function csvLine(
  cells: readonly (string | number | null | undefined)[],
  separator: ',' | ';' = ',',
): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}
