// Spreadsheet and JSON values as the text a person typed or sees, so every format reaches normalization
// in the same form.

/** A number as its digits: 4915112345678 → "4915112345678", 42 → "42", never "4.9e12" or "42.0". */
export function numberText(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) >= 1e21) return BigInt(value).toString();
  return String(value);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A spreadsheet date as YYYY-MM-DD. Spreadsheet dates carry no zone, and exceljs reads them as UTC. */
export function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}
