// Cell text to the form the gateway expects. Only rewrites that cannot change meaning are made; anything
// else is passed on as typed, so that validation names the problem instead of Paydesk guessing.

import { KYC_FIELDS } from '@shared/gateway/kyc';
import type { KycDateOrder, KycField } from '@shared/kyc-batch';
import { ambiguousDateWords, type KycProblemWords } from '@shared/kyc-problems';
import { undoFormulaGuards } from '../../csv/csv-cells';
import type { RawCell } from '../reading/table';

export type NormalizedValue = string | readonly string[];
export type NormalizedRecord = Partial<Record<KycField, NormalizedValue>>;

const isListField = (field: KycField): boolean => field === 'idCardUrls' || field === 'documentUrls';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const pad2 = (part: string | number) => String(part).padStart(2, '0');

/** Day and month before the year, by dots, slashes or dashes (one kind in a date): 7.3.1979, 07/03/1979. */
const NUMBERS_THEN_YEAR = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const couldBe = (day: number, month: number) => day >= 1 && day <= 31 && month >= 1 && month <= 12;

/**
 * The two numbers before the year read both ways, day first (07.03 = 7 March) and month first (07.03 =
 * 3 July): the readings that are dates. Dots are day-first in most of Europe, slashes either way round by
 * country, and files mix both, so neither is assumed (assumption A32).
 */
function readingsOf(first: number, second: number): { day: number; month: number }[] {
  const readings = couldBe(first, second) ? [{ day: first, month: second }] : [];
  if (first !== second && couldBe(second, first)) readings.push({ day: second, month: first });
  return readings;
}

/** The two numbers before the year of a day-and-month date (07.03.1979: 7 and 3), or undefined. */
export function dateParts(text: string): { first: number; second: number } | undefined {
  const match = NUMBERS_THEN_YEAR.exec(text);
  return match ? { first: Number(match[1]), second: Number(match[3]) } : undefined;
}

/**
 * YYYY-MM-DD, YYYY/MM/DD, a midnight ISO timestamp, and a day and month before the year that only one
 * reading makes a date (17.03.1979, 03/17/1979, 07.07.1979) become YYYY-MM-DD. Nothing else does: a
 * date whose day and month could be swapped (07.03.1979) is never guessed; it stays as typed, and the
 * check says why (ambiguousDateProblem) — unless `order` says which way round its column writes dates,
 * as other rows of the column prove (date-order.ts).
 */
export function normalizeDate(text: string, order?: KycDateOrder): string {
  if (ISO_DATE.test(text)) return text;
  let match = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(text);
  if (match) return `${match[1]}-${pad2(match[3]!)}-${pad2(match[4]!)}`;
  match = NUMBERS_THEN_YEAR.exec(text);
  if (match) {
    const readings = readingsOf(Number(match[1]), Number(match[3]));
    const reading =
      readings.length === 1
        ? readings[0]
        : order && readings.length === 2
          ? readings[order === 'day-first' ? 0 : 1]
          : undefined;
    if (!reading) return text;
    return `${match[4]}-${pad2(reading.month)}-${pad2(reading.day)}`;
  }
  // JSON exports write dates as timestamps; at UTC midnight the day is not in doubt.
  match = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?$/.exec(text);
  if (match) return match[1]!;
  return text;
}

/**
 * Why a date cell is not taken when its day and month could be swapped: "07.03.1979 could be 7 March or
 * 3 July: type it as YYYY-MM-DD." (and the same as the catalogue's words); undefined for any other text.
 */
export function ambiguousDateProblem(text: string): { message: string; words: KycProblemWords } | undefined {
  const match = NUMBERS_THEN_YEAR.exec(text);
  if (!match) return undefined;
  const readings = readingsOf(Number(match[1]), Number(match[3]));
  if (readings.length < 2) return undefined;
  const [a, b] = readings as [{ day: number; month: number }, { day: number; month: number }];
  return {
    message: `${text} could be ${a.day} ${MONTHS[a.month - 1]} or ${b.day} ${MONTHS[b.month - 1]}: type it as YYYY-MM-DD.`,
    words: ambiguousDateWords(text, a, b),
  };
}

function cleanText(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  // Paydesk's own export guards formula starts with an apostrophe (csv/csv-cells.ts): read back, the
  // text is what it was (e.g. "+49"). 39 is the apostrophe: checking for it first keeps the common cell
  // off the regex path.
  return trimmed.includes("'") ? undoFormulaGuards(trimmed).trim() : trimmed;
}

const LIST_SEPARATORS = /[;|,\r\n]+/;
const LIST_SEPARATOR = /[;|,\r\n]/;

function normalizeList(cell: string | readonly string[]): readonly string[] | undefined {
  // Most list cells hold one URL: no split, no array of parts (a million-record file has one or two per row).
  if (typeof cell === 'string' && !LIST_SEPARATOR.test(cell)) {
    const value = cleanText(cell);
    return value === undefined ? undefined : [value];
  }
  const items = typeof cell === 'string' ? cell.split(LIST_SEPARATORS) : cell;
  const list: string[] = [];
  for (const item of items) {
    const value = cleanText(item);
    if (value !== undefined) list.push(value);
  }
  return list.length > 0 ? list : undefined;
}

const ALL_DIGITS = /^\d+$/;

/** Grouping people add for reading ("+49 151 1234-5678") is not part of the number. */
function normalizeMobile(text: string): string {
  if (ALL_DIGITS.test(text)) return text;
  const compact = text.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  // Only when what remains is all digits: "4.91511E+12" must stay visible as the mangled number it is.
  return ALL_DIGITS.test(compact) ? compact : text;
}

/** The field's own rewrite of cleaned text. A switch, not a table of functions: this runs per cell. */
function applyRule(field: KycField, text: string, order: KycDateOrder | undefined): string {
  switch (field) {
    case 'birthday':
    case 'certificateDateStart':
    case 'certificateDateEnd':
      return normalizeDate(text, order);
    case 'gender':
      return text.toLowerCase();
    case 'country':
      return text.toUpperCase();
    case 'iddCode':
      // "+49" and "0049" are how people write the calling code 49.
      return text.replace(/^(\+|00)/, '');
    case 'mobile':
      return normalizeMobile(text);
    default:
      return text;
  }
}

/** `order`: which way round the cell's column writes its dates, when its rows prove it (date-order.ts). */
export function normalizeValue(
  field: KycField,
  cell: RawCell,
  order?: KycDateOrder,
): NormalizedValue | undefined {
  if (cell === undefined) return undefined;
  if (isListField(field)) return normalizeList(cell);
  // A list where one value belongs: a single item is that value; more are left for validation to refuse.
  if (typeof cell !== 'string') return cell.length === 1 ? normalizeValue(field, cell[0], order) : cell;
  const text = cleanText(cell);
  return text === undefined ? undefined : applyRule(field, text, order);
}

/**
 * One record from a row: `columnFields[c]` is the field column c feeds, `dateOrders[c]` the order its dates
 * are written in when the column proves it; `edits` win over the cells.
 */
export function normalizeRow(
  cells: readonly RawCell[],
  columnFields: readonly (KycField | null)[],
  edits: Partial<Record<KycField, string>> | undefined,
  dateOrders: readonly (KycDateOrder | undefined)[] = [],
): NormalizedRecord {
  const record: NormalizedRecord = {};
  for (let column = 0; column < columnFields.length; column++) {
    const field = columnFields[column];
    if (field == null) continue;
    const value = normalizeValue(field, cells[column], dateOrders[column]);
    if (value !== undefined) record[field] = value;
  }
  if (edits) {
    for (const [field, text] of Object.entries(edits) as [KycField, string][]) {
      const value = normalizeValue(field, text);
      if (value === undefined) delete record[field];
      else record[field] = value;
    }
  }
  return record;
}

/** Where each field's value sits in a row of normalized values: the order of the schema's fields. */
export const FIELD_SLOT: Readonly<Record<KycField, number>> = Object.fromEntries(
  KYC_FIELDS.map((field, slot) => [field, slot]),
) as Record<KycField, number>;

/** A row's normalized values, by FIELD_SLOT: normalizeRow without building an object for every record. */
export type NormalizedValues = (NormalizedValue | undefined)[];

/**
 * normalizeRow into `values` (cleared first), for the check of 100,000 rows in a row: an array written
 * by position is far cheaper than an object given up to 15 keys by name. `columnSlots[c]` is the slot
 * column c feeds, or -1.
 */
export function normalizeRowInto(
  values: NormalizedValues,
  cells: readonly RawCell[],
  columnSlots: readonly number[],
  columnFields: readonly (KycField | null)[],
  edits: Partial<Record<KycField, string>> | undefined,
  dateOrders: readonly (KycDateOrder | undefined)[] = [],
): void {
  values.fill(undefined);
  for (let column = 0; column < columnSlots.length; column++) {
    const slot = columnSlots[column]!;
    if (slot < 0) continue;
    const value = normalizeValue(columnFields[column]!, cells[column], dateOrders[column]);
    if (value !== undefined) values[slot] = value;
  }
  if (edits) {
    for (const [field, text] of Object.entries(edits) as [KycField, string][]) {
      values[FIELD_SLOT[field]] = normalizeValue(field, text);
    }
  }
}

/** A record as text for display and editing: lists joined with "; ", which normalization splits again. */
export function recordText(record: NormalizedRecord): Partial<Record<KycField, string>> {
  const text: Partial<Record<KycField, string>> = {};
  for (const [field, value] of Object.entries(record) as [KycField, NormalizedValue][]) {
    text[field] = typeof value === 'string' ? value : value.join('; ');
  }
  return text;
}
