// The check of one row: its cells mapped to fields and normalized, then the compiled check
// (compiled-record-check.ts) for the common valid record, and only when that is not sure the wire schema
// itself, which names every issue (not just the first) as row errors. What the checks of all the rows
// found crosses to main packed (packed-checks.ts).
import { KYC_FIELDS, kycRecordSchema } from '@shared/gateway/kyc';
import type { KycDateOrder, KycField, KycRowError } from '@shared/kyc-batch';
import { kycIssueWords } from '@shared/kyc-problems';
import type { RawCell } from '../reading/table';
import { LIST_VALIDATION_CAPS, surelyValidValues } from './compiled-record-check';
import { DATE_FIELDS } from './date-order';
import { dayNumber } from './document-dates';
import {
  ambiguousDateProblem,
  FIELD_SLOT,
  type NormalizedRecord,
  type NormalizedValues,
  normalizeRow,
  normalizeRowInto,
} from './normalize';

const FIELDS: ReadonlySet<string> = new Set(KYC_FIELDS);
const isField = (key: unknown): key is KycField => typeof key === 'string' && FIELDS.has(key);

/** A list cut to one item past the schema's maximum: enough for every message a person needs to fix it. */
function capLists(record: NormalizedRecord): NormalizedRecord {
  let capped: NormalizedRecord | undefined;
  for (const [field, cap] of Object.entries(LIST_VALIDATION_CAPS) as [KycField, number][]) {
    const value = record[field];
    if (Array.isArray(value) && value.length > cap) {
      capped ??= { ...record };
      capped[field] = value.slice(0, cap);
    }
  }
  return capped ?? record;
}

/**
 * A date the schema refuses because normalization would not guess its order (07.03.1979) says so, rather
 * than only asking for YYYY-MM-DD.
 */
function dateProblem(record: NormalizedRecord, field: KycField) {
  const value = record[field];
  return DATE_FIELDS.has(field) && typeof value === 'string' ? ambiguousDateProblem(value) : undefined;
}

/** The record's errors, in English and as the catalogue's words, or undefined when the gateway's schema accepts it. */
export function validateRecord(record: NormalizedRecord): KycRowError[] | undefined {
  const result = kycRecordSchema.safeParse(capLists(record));
  if (result.success) return undefined;
  return result.error.issues.map((issue): KycRowError => {
    const [key, item] = issue.path;
    const field = isField(key) ? key : null;
    const value = field === null ? undefined : record[field];
    if (typeof item === 'number') {
      // A URL list's issue names the item: "URL 2: A web address starting with http:// or https://."
      const itemValue = Array.isArray(value) ? value[item] : undefined;
      return {
        field,
        message: `URL ${item + 1}: ${issue.message}`,
        words: kycIssueWords(issue, field, itemValue, item),
        source: 'file',
      };
    }
    const date = field === null ? undefined : dateProblem(record, field);
    if (date) return { field, ...date, source: 'file' };
    return { field, message: issue.message, words: kycIssueWords(issue, field, value), source: 'file' };
  });
}

export interface RowCheck {
  /** undefined: the row is fit to send (as far as the file goes). */
  errors: KycRowError[] | undefined;
  /** The normalized userId, for the one-person-once rule. */
  userId: string | undefined;
  /** The document's start and end as day numbers (document-dates.ts), 0 when not a date: for its warnings. */
  issued: number;
  expires: number;
}

/** A row of cells as the gateway would judge it, under one column mapping. */
type RowChecker = (
  cells: readonly RawCell[],
  edits: Partial<Record<KycField, string>> | undefined,
  /** A problem with the row as a whole (extra cells and the like). */
  note: Pick<KycRowError, 'message' | 'words'> | undefined,
) => RowCheck;

/**
 * Normalization, then the compiled check for the common valid record, and zod (with its messages) for
 * everything else. One checker serves every row of a mapping; it reuses its scratch array and the object
 * it answers with, so read the answer before checking the next row.
 */
export function rowChecker(
  columnFields: readonly (KycField | null)[],
  /** Per column, the order its dates are written in, where its rows prove it (date-order.ts). */
  dateOrders: readonly (KycDateOrder | undefined)[] = [],
): RowChecker {
  const columnSlots = columnFields.map((field) => (field === null ? -1 : FIELD_SLOT[field]));
  const values: NormalizedValues = new Array(KYC_FIELDS.length);
  const userIdSlot = FIELD_SLOT.userId;
  const issuedSlot = FIELD_SLOT.certificateDateStart;
  const expiresSlot = FIELD_SLOT.certificateDateEnd;
  const answer: RowCheck = { errors: undefined, userId: undefined, issued: 0, expires: 0 };
  return (cells, edits, note) => {
    normalizeRowInto(values, cells, columnSlots, columnFields, edits, dateOrders);
    const userIdValue = values[userIdSlot];
    answer.userId = typeof userIdValue === 'string' ? userIdValue : undefined;
    answer.issued = dayNumber(values[issuedSlot]);
    answer.expires = dayNumber(values[expiresSlot]);
    answer.errors = undefined;
    if (note === undefined && surelyValidValues(values)) return answer;
    const errors = validateRecord(normalizeRow(cells, columnFields, edits, dateOrders));
    answer.errors =
      note === undefined ? errors : [{ field: null, ...note, source: 'file' }, ...(errors ?? [])];
    return answer;
  };
}
