// What checking every row (row-checker.ts) found, packed to cross from the worker to main as a few buffers
// and strings rather than 100,000 objects (which main would have to rebuild in one long turn), and read
// back on demand.
import { KYC_FIELDS } from '@shared/gateway/kyc';
import type { KycField, KycRowError } from '@shared/kyc-batch';
import { FIELD_SLOT } from './normalize';
import type { RowCheck } from './row-checker';

export interface PackedChecks {
  rows: number;
  /** Every row's normalized userId, joined; row r's is userIds.slice(userIdEnds[r - 1] ?? 0, userIdEnds[r]). */
  userIds: string;
  userIdEnds: Uint32Array;
  /** Per row, the first row with the same userId (itself when it is the first), or -1 without a userId. */
  userIdFirst: Int32Array;
  /** Rows with errors, ascending; the errors of errorRows[k] are entries errorStarts[k] to errorStarts[k + 1]. */
  errorRows: Int32Array;
  errorStarts: Int32Array;
  /** Field slot of each error (FIELD_SLOT), or -1 for the row as a whole. */
  errorFields: Int8Array;
  errorMessages: Int32Array;
  /** Each distinct message once: 100,000 rows with the same problem share one string. */
  messages: string[];
}

/** Problems with a row as a whole (extra cells, …), as rows ascending with their messages. */
export interface PackedNotes {
  rows: Int32Array;
  messages: string[];
}

export function packNotes(notes: ReadonlyMap<number, string>): PackedNotes {
  const rows = Int32Array.from([...notes.keys()].sort((a, b) => a - b));
  return { rows, messages: Array.from(rows, (row) => notes.get(row)!) };
}

/** The note of `row`, by binary search. */
export function noteOf(notes: PackedNotes, row: number): string | undefined {
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
    private readonly userIdOf: (row: number) => string,
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
      if (this.userIdOf(held) === userId) return held;
    }
  }
}

export class ChecksBuilder {
  private readonly userIds: string[] = [];
  private readonly userIdEnds: Uint32Array;
  private readonly userIdFirst: Int32Array;
  /** userId of each row that has one, by row, while building. */
  private readonly userIdByRow: string[] = [];
  private readonly firstRows: FirstRows;
  private userIdLength = 0;
  private readonly errorRows: number[] = [];
  private readonly errorStarts: number[] = [0];
  private readonly errorFields: number[] = [];
  private readonly errorMessages: number[] = [];
  private readonly messageIds = new Map<string, number>();
  private readonly messages: string[] = [];

  constructor(private readonly rows: number) {
    this.userIdEnds = new Uint32Array(rows);
    this.userIdFirst = new Int32Array(rows).fill(-1);
    this.firstRows = new FirstRows(rows, (row) => this.userIdByRow[row]!);
  }

  /** Rows must be added in order, every one of them. */
  add(row: number, check: RowCheck): void {
    if (check.userId !== undefined) {
      this.userIds.push(check.userId);
      this.userIdLength += check.userId.length;
      this.userIdByRow[row] = check.userId;
      this.userIdFirst[row] = this.firstRows.firstOf(check.userId, row);
    }
    this.userIdEnds[row] = this.userIdLength;
    if (check.errors === undefined) return;
    this.errorRows.push(row);
    for (const error of check.errors) {
      let id = this.messageIds.get(error.message);
      if (id === undefined) {
        id = this.messages.length;
        this.messages.push(error.message);
        this.messageIds.set(error.message, id);
      }
      this.errorFields.push(error.field === null ? -1 : FIELD_SLOT[error.field]);
      this.errorMessages.push(id);
    }
    this.errorStarts.push(this.errorFields.length);
  }

  build(): PackedChecks {
    return {
      rows: this.rows,
      userIds: this.userIds.join(''),
      userIdEnds: this.userIdEnds,
      userIdFirst: this.userIdFirst,
      errorRows: Int32Array.from(this.errorRows),
      errorStarts: Int32Array.from(this.errorStarts),
      errorFields: Int8Array.from(this.errorFields),
      errorMessages: Int32Array.from(this.errorMessages),
      messages: this.messages,
    };
  }
}

export const checksTransferables = (checks: PackedChecks): ArrayBuffer[] =>
  [
    checks.userIdEnds,
    checks.userIdFirst,
    checks.errorRows,
    checks.errorStarts,
    checks.errorFields,
    checks.errorMessages,
  ].map((array) => array.buffer as ArrayBuffer);

/**
 * The file's verdict on each row, as main reads it: packed from the last full check, with the rows fixed
 * since then on top.
 */
export class FileVerdicts {
  /** Index into errorRows per row, or -1. */
  private readonly errorIndex: Int32Array;
  private readonly fixedErrors = new Map<number, KycRowError[] | undefined>();
  private readonly fixedUserIds = new Map<number, string | undefined>();

  constructor(private readonly packed: PackedChecks) {
    this.errorIndex = new Int32Array(packed.rows).fill(-1);
    packed.errorRows.forEach((row, k) => {
      this.errorIndex[row] = k;
    });
  }

  get rows(): number {
    return this.packed.rows;
  }

  hasErrors(row: number): boolean {
    if (this.fixedErrors.has(row)) return this.fixedErrors.get(row) !== undefined;
    return this.errorIndex[row]! >= 0;
  }

  errorsOf(row: number): readonly KycRowError[] {
    if (this.fixedErrors.has(row)) return this.fixedErrors.get(row) ?? [];
    const k = this.errorIndex[row]!;
    if (k < 0) return [];
    const { errorStarts, errorFields, errorMessages, messages } = this.packed;
    const errors: KycRowError[] = [];
    for (let at = errorStarts[k]!; at < errorStarts[k + 1]!; at++) {
      const slot = errorFields[at]!;
      const field: KycField | null = slot < 0 ? null : KYC_FIELDS[slot]!;
      errors.push({ field, message: messages[errorMessages[at]!]!, source: 'file' });
    }
    return errors;
  }

  userIdOf(row: number): string | undefined {
    if (this.fixedUserIds.has(row)) return this.fixedUserIds.get(row);
    const { userIds, userIdEnds } = this.packed;
    const start = row === 0 ? 0 : userIdEnds[row - 1]!;
    const end = userIdEnds[row]!;
    return end > start ? userIds.slice(start, end) : undefined;
  }

  /** Whether the row's userId is `userId`, without cutting a string for each row compared. */
  hasUserId(row: number, userId: string): boolean {
    if (this.fixedUserIds.has(row)) return this.fixedUserIds.get(row) === userId;
    const { userIds, userIdEnds } = this.packed;
    const start = row === 0 ? 0 : userIdEnds[row - 1]!;
    return userIdEnds[row]! - start === userId.length && userIds.startsWith(userId, start);
  }

  /** The first row with this row's userId (this row when it is the first); -1 without a userId. */
  get userIdFirst(): Int32Array {
    return this.packed.userIdFirst;
  }

  /** A row checked again after a fix. */
  fix(row: number, check: RowCheck): void {
    this.fixedErrors.set(row, check.errors);
    this.fixedUserIds.set(row, check.userId);
  }
}
