// What checking every row (row-checker.ts) found, packed to cross from the worker to main as a few buffers
// and strings rather than 100,000 objects (which main would have to rebuild in one long turn), and read
// back on demand.
import { KYC_FIELDS } from '@shared/gateway/kyc';
import type { KycField, KycRowError } from '@shared/kyc-batch';
import { FIELD_SLOT } from './normalize';
import type { RowCheck } from './row-checker';

export interface PackedChecks {
  /** The rows checked: `from` to `from + rows` (excluded), a range of the file's rows. */
  from: number;
  rows: number;
  /** Each row's normalized userId, joined; row from + r's is userIds.slice(userIdEnds[r - 1] ?? 0, userIdEnds[r]). */
  userIds: string;
  userIdEnds: Uint32Array;
  /** Rows with errors (the file's row indices), ascending; the errors of errorRows[k] are entries errorStarts[k] to errorStarts[k + 1]. */
  errorRows: Int32Array;
  errorStarts: Int32Array;
  /** Field slot of each error (FIELD_SLOT), or -1 for the row as a whole. */
  errorFields: Int8Array;
  errorMessages: Int32Array;
  /** Each distinct problem once (its English and its words): 100,000 rows with the same problem share one. */
  messages: PackedProblem[];
  /** Row from + r's document start and end (day numbers, 0: not a date) at 2r and 2r + 1. */
  documentDays: Int32Array;
}

/** A problem as it crosses: its English message and the catalogue's words. */
export type PackedProblem = Pick<KycRowError, 'message' | 'words'>;

/** Problems with a row as a whole (extra cells, …), as rows ascending with their messages. */
export interface PackedNotes {
  rows: Int32Array;
  messages: PackedProblem[];
}

export function packNotes(notes: ReadonlyMap<number, PackedProblem>): PackedNotes {
  const rows = Int32Array.from([...notes.keys()].sort((a, b) => a - b));
  return { rows, messages: Array.from(rows, (row) => notes.get(row)!) };
}

/** The note of `row`, by binary search. */
export function noteOf(notes: PackedNotes, row: number): PackedProblem | undefined {
  let low = 0;
  let high = notes.rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = notes.rows[middle]!;
    if (found === row) return notes.messages[middle];
    if (found < row) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/**
 * The first row of each userId, by open addressing over an Int32Array: for 100,000 userIds a Map of
 * strings spends most of its time growing and rehashing; this table is sized once.
 */
class FirstRows {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(
    capacity: number,
    private readonly hasUserId: (row: number, userId: string) => boolean,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
  }

  /** The first row holding `userId`; `row` itself when none came before it. */
  firstOf(userId: string, row: number): number {
    // FNV-1a over the UTF-16 code units.
    let hash = 0x811c9dc5;
    for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const held = this.slots[slot]!;
      if (held < 0) {
        this.slots[slot] = row;
        return row;
      }
      if (this.hasUserId(held, userId)) return held;
    }
  }
}

/** What checking rows `from` to `to` found, row by row, in order. */
export class ChecksBuilder {
  private readonly userIds: string[] = [];
  private readonly userIdEnds: Uint32Array;
  private userIdLength = 0;
  private readonly errorRows: number[] = [];
  private readonly errorStarts: number[] = [0];
  private readonly errorFields: number[] = [];
  private readonly errorMessages: number[] = [];
  private readonly messageIds = new Map<string, number>();
  private readonly messages: PackedProblem[] = [];
  private readonly documentDays: Int32Array;

  constructor(
    private readonly from: number,
    to: number,
  ) {
    this.userIdEnds = new Uint32Array(Math.max(0, to - from));
    this.documentDays = new Int32Array(2 * Math.max(0, to - from));
  }

  /** Rows must be added in order, every one of them. */
  add(row: number, check: RowCheck): void {
    if (check.userId !== undefined) {
      this.userIds.push(check.userId);
      this.userIdLength += check.userId.length;
    }
    this.userIdEnds[row - this.from] = this.userIdLength;
    this.documentDays[2 * (row - this.from)] = check.issued;
    this.documentDays[2 * (row - this.from) + 1] = check.expires;
    if (check.errors === undefined) return;
    this.errorRows.push(row);
    for (const error of check.errors) {
      // The English names the values; the key tells apart two problems worded alike in English.
      const identity = error.words ? `${error.words.key}\u0000${error.message}` : error.message;
      let id = this.messageIds.get(identity);
      if (id === undefined) {
        id = this.messages.length;
        this.messages.push(
          error.words ? { message: error.message, words: error.words } : { message: error.message },
        );
        this.messageIds.set(identity, id);
      }
      this.errorFields.push(error.field === null ? -1 : FIELD_SLOT[error.field]);
      this.errorMessages.push(id);
    }
    this.errorStarts.push(this.errorFields.length);
  }

  build(): PackedChecks {
    return {
      from: this.from,
      rows: this.userIdEnds.length,
      userIds: this.userIds.join(''),
      userIdEnds: this.userIdEnds,
      errorRows: Int32Array.from(this.errorRows),
      errorStarts: Int32Array.from(this.errorStarts),
      errorFields: Int8Array.from(this.errorFields),
      errorMessages: Int32Array.from(this.errorMessages),
      messages: this.messages,
      documentDays: this.documentDays,
    };
  }
}

export const checksTransferables = (checks: PackedChecks): ArrayBuffer[] =>
  [
    checks.userIdEnds,
    checks.errorRows,
    checks.errorStarts,
    checks.errorFields,
    checks.errorMessages,
    checks.documentDays,
  ].map((array) => array.buffer as ArrayBuffer);

/**
 * The file's verdict on each row, as main reads it: the checked ranges (each a worker's answer, arriving
 * in any order), with the rows fixed since on top. The one-person-once rule is settled here, row by row in
 * file order (settleNext), since the ranges are checked apart: a row's userId is a duplicate when an
 * earlier row has it. Rows up to `settled` have their full verdict; the rest are still being checked.
 */
export class FileVerdicts {
  private readonly ranges: (PackedChecks | undefined)[];
  /** Per row: its entry in its range's errorRows, or -1. */
  private readonly errorIndex: Int32Array;
  /** Per row, the first row with the same userId (itself when it is the first), or -1 without a userId. */
  readonly userIdFirst: Int32Array;
  private firstRows: FirstRows | undefined;
  private readonly fixedErrors = new Map<number, KycRowError[] | undefined>();
  private readonly fixedUserIds = new Map<number, string | undefined>();
  private readonly fixedDays = new Map<number, readonly [number, number]>();
  /** Rows 0 to settled (excluded) are checked and their duplicates settled. */
  settled = 0;

  constructor(
    readonly rows: number,
    /** Rows per range: range k holds rows k × rangeRows to (k + 1) × rangeRows. */
    readonly rangeRows: number,
  ) {
    this.ranges = new Array(Math.ceil(rows / rangeRows));
    this.errorIndex = new Int32Array(rows).fill(-1);
    this.userIdFirst = new Int32Array(rows).fill(-1);
    this.firstRows = new FirstRows(rows, (row, userId) => this.hasUserId(row, userId));
  }

  /** A range a worker checked. */
  add(checks: PackedChecks): void {
    this.ranges[Math.floor(checks.from / this.rangeRows)] = checks;
    checks.errorRows.forEach((row, k) => {
      this.errorIndex[row] = k;
    });
  }

  /** Whether the next row to settle has been checked. */
  get canSettle(): boolean {
    return this.settled < this.rows && this.rangeOf(this.settled) !== undefined;
  }

  /** Settles the next row's duplicate (canSettle first); answers that row. */
  settleNext(): number {
    const row = this.settled++;
    const userId = this.userIdOf(row);
    if (userId !== undefined) this.userIdFirst[row] = this.firstRows!.firstOf(userId, row);
    // Its table is needed only until the last row: fixes later scan for their rows instead.
    if (this.settled === this.rows) this.firstRows = undefined;
    return row;
  }

  private rangeOf(row: number): PackedChecks | undefined {
    return this.ranges[Math.floor(row / this.rangeRows)];
  }

  hasErrors(row: number): boolean {
    if (this.fixedErrors.has(row)) return this.fixedErrors.get(row) !== undefined;
    return this.errorIndex[row]! >= 0;
  }

  errorsOf(row: number): readonly KycRowError[] {
    if (this.fixedErrors.has(row)) return this.fixedErrors.get(row) ?? [];
    const k = this.errorIndex[row]!;
    const range = this.rangeOf(row);
    if (k < 0 || !range) return [];
    const { errorStarts, errorFields, errorMessages, messages } = range;
    const errors: KycRowError[] = [];
    for (let at = errorStarts[k]!; at < errorStarts[k + 1]!; at++) {
      const slot = errorFields[at]!;
      const field: KycField | null = slot < 0 ? null : KYC_FIELDS[slot]!;
      errors.push({ field, ...messages[errorMessages[at]!]!, source: 'file' });
    }
    return errors;
  }

  /** Where the row's userId lies in its range's joined userIds. */
  private userIdSpan(row: number): { range: PackedChecks; start: number; end: number } | undefined {
    const range = this.rangeOf(row);
    if (!range) return undefined;
    const r = row - range.from;
    return { range, start: r === 0 ? 0 : range.userIdEnds[r - 1]!, end: range.userIdEnds[r]! };
  }

  userIdOf(row: number): string | undefined {
    if (this.fixedUserIds.has(row)) return this.fixedUserIds.get(row);
    const span = this.userIdSpan(row);
    return span && span.end > span.start ? span.range.userIds.slice(span.start, span.end) : undefined;
  }

  /** Whether the row's userId is `userId`, without cutting a string for each row compared. */
  hasUserId(row: number, userId: string): boolean {
    if (this.fixedUserIds.has(row)) return this.fixedUserIds.get(row) === userId;
    const span = this.userIdSpan(row);
    return (
      span !== undefined &&
      span.end - span.start === userId.length &&
      span.range.userIds.startsWith(userId, span.start)
    );
  }

  /** The row's document start (`end`: false) or end date as a day number; 0 when not a date or not checked. */
  documentDay(row: number, end: boolean): number {
    const fixed = this.fixedDays.size === 0 ? undefined : this.fixedDays.get(row);
    if (fixed) return fixed[end ? 1 : 0];
    const range = this.rangeOf(row);
    return range ? range.documentDays[2 * (row - range.from) + (end ? 1 : 0)]! : 0;
  }

  /** A row checked again after a fix. */
  fix(row: number, check: RowCheck): void {
    this.fixedErrors.set(row, check.errors);
    this.fixedUserIds.set(row, check.userId);
    this.fixedDays.set(row, [check.issued, check.expires]);
  }
}
