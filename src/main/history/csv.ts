// CSV for spreadsheets (RFC 4180: CRLF, quotes doubled). A cell that a spreadsheet would read as a formula
// (starting with = + - @ TAB or CR) gets a leading apostrophe: a merchantTradeNo or remark typed by someone
// else must not run as a formula on the support agent's machine (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
