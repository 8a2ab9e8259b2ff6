// Whether an identity document is in force on the desk's day: expired (certificateDateEnd before today)
// or not yet valid (certificateDateStart after today). A warning, not an error: the record is well-formed
// for the gateway (assumption A37), and the compliance officer decides whether it goes
// (kyc/warning-confirmations.ts).
// A document is in force from its start date through its end date, both days included.
// Dates are compared as day numbers (2026-11-28 → 20261128, read from the normalized YYYY-MM-DD text),
// so a million rows cost an integer comparison each, never a Date.
import type { KycField } from '@shared/kyc-batch';
import { documentDateWords, type KycProblemWords } from '@shared/kyc-problems';

export const DOCUMENT_EXPIRED = 1;
export const DOCUMENT_NOT_YET_VALID = 2;

const DASH = 45;
const ZERO = 48;

/** 2026-11-28 → 20261128; 0 for anything that is not YYYY-MM-DD. */
export function dayNumber(text: unknown): number {
  if (typeof text !== 'string' || text.length !== 10) return 0;
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return 0;
  let day = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return 0;
    day = day * 10 + digit;
  }
  return day;
}

/** 20261128 → 2026-11-28. */
export function dayText(day: number): string {
  const text = String(day).padStart(8, '0');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/**
 * The warnings (DOCUMENT_EXPIRED, DOCUMENT_NOT_YET_VALID, as bits) of a document issued on `issued` and
 * expiring on `expires` (day numbers, 0 when unknown), on the day `today`.
 */
export function documentDateWarnings(issued: number, expires: number, today: number): number {
  let warnings = 0;
  if (expires !== 0 && expires < today) warnings |= DOCUMENT_EXPIRED;
  if (issued > today) warnings |= DOCUMENT_NOT_YET_VALID;
  return warnings;
}

/**
 * The desk's date at `now` (ms since the epoch): the calendar day in the desk's time zone, the operating
 * system's unless `timeZone` names one. A compliance officer reads "expired" against the day on the
 * wall of the office, not against UTC's. The system's zone is read through Date's local fields: an
 * Intl.DateTimeFormat would load about 8 MB of ICU data into main for one number a day.
 */
export function deskToday(now: number, timeZone?: string): number {
  if (timeZone === undefined) {
    const date = new Date(now);
    return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return dayNumber(`${part('year')}-${part('month')}-${part('day')}`);
}

interface DocumentDateWarning {
  field: KycField;
  kind: 'expired' | 'not_yet_valid';
  /** Its words in the catalogue (main words them in English with main/i18n, the renderer in the reader's). */
  words: KycProblemWords;
}

/** A row's warnings, for the grid and the summary. */
export function documentDateWarningList(
  warnings: number,
  issued: number,
  expires: number,
  today: number,
): DocumentDateWarning[] {
  const list: DocumentDateWarning[] = [];
  if (warnings & DOCUMENT_EXPIRED) {
    list.push({
      field: 'certificateDateEnd',
      kind: 'expired',
      words: documentDateWords('expired', dayText(expires), dayText(today)),
    });
  }
  if (warnings & DOCUMENT_NOT_YET_VALID) {
    list.push({
      field: 'certificateDateStart',
      kind: 'not_yet_valid',
      words: documentDateWords('not_yet_valid', dayText(issued), dayText(today)),
    });
  }
  return list;
}
