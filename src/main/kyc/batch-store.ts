// One opened file held in main: its raw cells, normalized records, errors and row states. Row states live
// in a Uint8Array and filtered row lists are cached per state version, so paging 100,000 rows never
// re-validates anything.
import {
  KYC_ROW_STATES,
  type KycBatchSummary,
  type KycChunkResult,
  type KycColumnMapping,
  type KycCounts,
  type KycField,
  type KycRowError,
  type KycRowFilter,
  type KycRowState,
  type KycRowView,
} from '../../shared/kyc-batch';
import { type NormalizedRecord, normalizeRow, recordText } from './normalize';
import type { RawCell, RawTable } from './table';
import { validateRecord } from './validate';
import { ROWS_PER_SLICE, yieldToEventLoop } from './yield';

export const STATE = { valid: 0, invalid: 1, accepted: 2, rejected: 3, sending: 4 } as const satisfies Record<
  KycRowState,
  number
>;
type StateCode = (typeof STATE)[KycRowState];

export interface ChunkPlan {
  index: number;
  /** Record indices in the order they are sent, so data[k] in a refusal is rows[k]. */
  rows: Int32Array;
  result?: KycChunkResult;
}

export type KycFileFormat = KycBatchSummary['format'];

export class KycBatch {
  readonly headers: string[];
  readonly raws: RawCell[][];
  readonly rowNumbers: Int32Array;
  readonly rowNotes: Map<number, string>;
  readonly warnings: string[];
  mapping: KycColumnMapping[];
  /**
   * Normalized records are not kept: they are rebuilt from the cells when shown or sent (a page or a
   * chunk at a time), which keeps a 100,000-row batch to its cells plus errors. userIds are kept for
   * the duplicate rule.
   */
  private userIds: (string | undefined)[] = [];
  fileErrors: (KycRowError[] | undefined)[] = [];
  readonly gatewayErrors = new Map<number, KycRowError>();
  /** Fixes to fields that no column feeds; fixes to mapped fields are written into the cell itself. */
  readonly edits = new Map<number, Partial<Record<KycField, string>>>();
  readonly states: Uint8Array;
  private readonly stateCounts = new Int32Array(KYC_ROW_STATES.length);
  private version = 0;
  private readonly filterCache = new Map<KycRowFilter, { version: number; indices: Int32Array }>();
  private userIdRows = new Map<string, number[]>();
  /** Set while a submission runs: edits and remapping wait until it ends. */
  busy = false;
  chunks: ChunkPlan[] = [];

  constructor(
    readonly id: string,
    readonly fileName: string,
    readonly format: KycFileFormat,
    readonly sha256: string,
    table: RawTable,
    mapping: KycColumnMapping[],
  ) {
    this.headers = table.headers;
    this.raws = table.rows;
    this.rowNumbers = table.rowNumbers;
    this.rowNotes = table.rowNotes;
    this.warnings = table.warnings;
    this.mapping = mapping;
    this.states = new Uint8Array(table.rows.length);
    this.stateCounts[STATE.valid] = table.rows.length;
  }

  get size(): number {
    return this.raws.length;
  }

  private columnFields(): (KycField | null)[] {
    return this.mapping.map((column) => column.field);
  }

  private computeFileErrors(index: number, record: NormalizedRecord): KycRowError[] | undefined {
    const errors = validateRecord(record);
    const note = this.rowNotes.get(index);
    if (note === undefined) return errors;
    return [{ field: null, message: note, source: 'file' }, ...(errors ?? [])];
  }

  /** Normalize and validate every row under the current mapping, yielding between slices. */
  async rebuild(): Promise<void> {
    const fields = this.columnFields();
    const userIds: (string | undefined)[] = new Array(this.size);
    const fileErrors: (KycRowError[] | undefined)[] = new Array(this.size);
    for (let start = 0; start < this.size; start += ROWS_PER_SLICE) {
      const end = Math.min(start + ROWS_PER_SLICE, this.size);
      for (let i = start; i < end; i++) {
        const record = normalizeRow(this.raws[i]!, fields, this.edits.get(i));
        userIds[i] = typeof record.userId === 'string' ? record.userId : undefined;
        fileErrors[i] = this.computeFileErrors(i, record);
      }
      await yieldToEventLoop();
    }
    this.userIds = userIds;
    this.fileErrors = fileErrors;
    this.userIdRows = new Map();
    for (let i = 0; i < this.size; i++) {
      const userId = this.userIdOf(i);
      if (userId === undefined) continue;
      const rows = this.userIdRows.get(userId);
      if (rows) rows.push(i);
      else this.userIdRows.set(userId, [i]);
    }
    for (let i = 0; i < this.size; i++) {
      this.refresh(i);
      if (i % (ROWS_PER_SLICE * 10) === 0) await yieldToEventLoop();
    }
  }

  userIdOf(index: number): string | undefined {
    return this.userIds[index];
  }

  recordOf(index: number): NormalizedRecord {
    return normalizeRow(this.raws[index] ?? [], this.columnFields(), this.edits.get(index));
  }

  /** The first row with the same userId, when this row is not it: later duplicates are the errors. */
  private duplicateOf(index: number): number | undefined {
    const userId = this.userIdOf(index);
    if (userId === undefined) return undefined;
    const first = this.userIdRows.get(userId)?.[0];
    return first !== undefined && first !== index ? first : undefined;
  }

  stateOf(index: number): KycRowState {
    return KYC_ROW_STATES[this.states[index]!]!;
  }

  setState(index: number, state: KycRowState): void {
    const code: StateCode = STATE[state];
    const old = this.states[index]!;
    if (old === code) return;
    this.stateCounts[old]!--;
    this.stateCounts[code]!++;
    this.states[index] = code;
    this.version++;
  }

  /** The state the row's errors give it; accepted and sending rows keep theirs. */
  refresh(index: number): void {
    const current = this.states[index];
    if (current === STATE.accepted || current === STATE.sending) return;
    if (this.fileErrors[index] !== undefined || this.duplicateOf(index) !== undefined) {
      this.setState(index, 'invalid');
    } else if (this.gatewayErrors.has(index)) {
      this.setState(index, 'rejected');
    } else {
      this.setState(index, 'valid');
    }
  }

  errorsOf(index: number): KycRowError[] {
    const errors = [...(this.fileErrors[index] ?? [])];
    const first = this.duplicateOf(index);
    if (first !== undefined) {
      errors.push({
        field: 'userId',
        message: `The same userId as row ${this.rowNumbers[first]}: each person once per file.`,
        source: 'file',
      });
    }
    const gateway = this.gatewayErrors.get(index);
    if (gateway) errors.push(gateway);
    return errors;
  }

  view(index: number): KycRowView {
    return {
      index,
      row: this.rowNumbers[index]!,
      record: recordText(this.recordOf(index)),
      errors: this.errorsOf(index),
      state: this.stateOf(index),
    };
  }

  counts(): KycCounts {
    const c = this.stateCounts;
    return {
      total: this.size,
      valid: c[STATE.valid]!,
      invalid: c[STATE.invalid]!,
      accepted: c[STATE.accepted]!,
      rejected: c[STATE.rejected]!,
      sending: c[STATE.sending]!,
    };
  }

  /** Row indices in one state, rebuilt by one scan of the state array only after a state changed. */
  indicesFor(filter: Exclude<KycRowFilter, 'all'>): Int32Array {
    const cached = this.filterCache.get(filter);
    if (cached && cached.version === this.version) return cached.indices;
    const code = STATE[filter];
    const indices = new Int32Array(this.stateCounts[code]!);
    let n = 0;
    for (let i = 0; i < this.size && n < indices.length; i++) if (this.states[i] === code) indices[n++] = i;
    this.filterCache.set(filter, { version: this.version, indices });
    return indices;
  }

  rows(offset: number, limit: number, filter: KycRowFilter): { total: number; rows: KycRowView[] } {
    if (filter === 'all') {
      const end = Math.min(offset + limit, this.size);
      const rows: KycRowView[] = [];
      for (let i = offset; i < end; i++) rows.push(this.view(i));
      return { total: this.size, rows };
    }
    const indices = this.indicesFor(filter);
    return {
      total: indices.length,
      rows: Array.from(indices.subarray(offset, offset + limit), (i) => this.view(i)),
    };
  }

  /** Marks rows whose userId the gateway already accepted in an earlier session (first occurrence only). */
  markAccepted(userIds: ReadonlySet<string>): void {
    for (const userId of userIds) {
      const first = this.userIdRows.get(userId)?.[0];
      if (first !== undefined) this.setState(first, 'accepted');
    }
  }

  acceptedUserIds(): string[] {
    const userIds: string[] = [];
    for (let i = 0; i < this.size; i++) {
      const userId = this.states[i] === STATE.accepted ? this.userIdOf(i) : undefined;
      if (userId !== undefined) userIds.push(userId);
    }
    return userIds;
  }

  /** One fix: into the cell of the column feeding the field, or kept as an edit when no column does. */
  update(index: number, field: KycField, value: string): void {
    const column = this.mapping.findIndex((entry) => entry.field === field);
    if (column >= 0) {
      const cells = this.raws[index]!;
      while (cells.length <= column) cells.push(undefined);
      cells[column] = value;
    } else {
      const edits = this.edits.get(index) ?? {};
      edits[field] = value;
      this.edits.set(index, edits);
    }
    const oldUserId = this.userIdOf(index);
    const record = this.recordOf(index);
    this.userIds[index] = typeof record.userId === 'string' ? record.userId : undefined;
    this.fileErrors[index] = this.computeFileErrors(index, record);
    // The gateway's complaint was about the old values: the fix answers it until the next refusal.
    this.gatewayErrors.delete(index);
    const newUserId = this.userIdOf(index);
    const touched = new Set<number>([index]);
    if (oldUserId !== newUserId) {
      if (oldUserId !== undefined) {
        const rows = this.userIdRows.get(oldUserId) ?? [];
        const at = rows.indexOf(index);
        if (at >= 0) rows.splice(at, 1);
        if (rows.length === 0) this.userIdRows.delete(oldUserId);
        for (const row of rows) touched.add(row);
      }
      if (newUserId !== undefined) {
        const rows = this.userIdRows.get(newUserId) ?? [];
        // Kept in row order, so the first of them stays the one that is not a duplicate.
        let at = rows.length;
        while (at > 0 && rows[at - 1]! > index) at--;
        rows.splice(at, 0, index);
        this.userIdRows.set(newUserId, rows);
        for (const row of rows) touched.add(row);
      }
    }
    for (const row of touched) this.refresh(row);
  }

  /** Original cells of a row with edits applied, for the export of rows to fix. */
  cellsOf(index: number): readonly RawCell[] {
    return this.raws[index] ?? [];
  }
}
