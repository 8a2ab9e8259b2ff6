// One opened file held in main: its cells (packed, as the worker made them), what checking its rows found,
// fixes, and row states. Row states live in a Uint8Array and filtered row lists are cached per state
// version, so paging 100,000 rows never re-validates anything. Checking the rows (on opening, and again
// for a new mapping) is the workers' job (check-run.ts); main only indexes the answers, a few
// milliseconds at a time. While the file's first check runs, the rows not reached yet are `checking`.
import {
  KYC_ROW_STATES,
  type KycChunkResult,
  type KycColumnMapping,
  type KycCounts,
  type KycDateOrder,
  type KycField,
  type KycRowError,
  type KycRowFilter,
  type KycRowState,
  type KycRowView,
} from '@shared/kyc-batch';
import type { KycEdit } from '@shared/kyc-edits';
import { duplicateUserIdWords } from '@shared/kyc-problems';
import { inEnglish } from '../i18n/words';
import { CheckRun, type CheckRunOptions } from './check-run';
import { type ColumnDateProof, DATE_FIELDS, dateOrdersOf } from './checking/date-order';
import { type NormalizedRecord, normalizeRow, recordText } from './checking/normalize';
import { type FileVerdicts, noteOf, type PackedNotes } from './checking/packed-checks';
import { rowChecker } from './checking/row-checker';
import { DocumentWarnings } from './document-warnings';
import { acceptedEdits, cellText, KycEditTrail } from './edit-trail';
import { CellStore, type RawCell } from './reading/cell-store';
import type { KycFileFormat } from './reading/table';
import type { OpenedFile } from './worker/open-file';
import { sliceClock, yieldToEventLoop } from './yield';

export const STATE = {
  valid: 0,
  invalid: 1,
  accepted: 2,
  rejected: 3,
  sending: 4,
  checking: 5,
} as const satisfies Record<KycRowState, number>;
type StateCode = (typeof STATE)[KycRowState];

export interface ChunkPlan {
  index: number;
  /** Record indices in the order they are sent, so data[k] in a refusal is rows[k]. */
  rows: Int32Array;
  result?: KycChunkResult;
}

/** What a check of every row needs besides the batch's own cells and fixes: the workers and limits. */
export type CheckWith = Pick<CheckRunOptions, 'workers' | 'limits'>;

export class KycBatch {
  readonly headers: string[];
  readonly cells: CellStore;
  readonly rowNumbers: Int32Array;
  readonly notes: PackedNotes;
  readonly warnings: string[];
  /** Per column, the rows that prove which way round it writes day and month (date-order.ts). */
  readonly dateProofs: readonly ColumnDateProof[];
  /** The order the officer set for a date column (by column), over what its rows prove. */
  readonly chosenDateOrders = new Map<number, KycDateOrder>();
  mapping: KycColumnMapping[];
  /**
   * Normalized records are not kept: they are rebuilt from the cells when shown or sent (a page or a
   * chunk at a time), which keeps a 100,000-row batch to its packed cells plus what checking found.
   */
  private verdicts!: FileVerdicts;
  /** The first check of the file while it runs: its rows are shown as they are checked. */
  private firstCheck: CheckRun | undefined;
  /** Rows whose cells were fixed in Paydesk: the fixed copy stands in for the stored cells. */
  readonly fixedRows = new Map<number, RawCell[]>();
  readonly gatewayErrors = new Map<number, KycRowError>();
  /** Fixes to fields that no column feeds; fixes to mapped fields are written into the cell itself. */
  readonly edits = new Map<number, Partial<Record<KycField, string>>>();
  /** The operator's edits: the cells marked as changed, and what History is to keep of them. */
  readonly trail = new KycEditTrail();
  readonly states: Uint8Array;
  private readonly stateCounts = new Int32Array(KYC_ROW_STATES.length);
  private version = 0;
  private readonly filterCache = new Map<KycRowFilter, { version: number; indices: Int32Array }>();
  /** Set while a submission runs: edits and remapping wait until it ends. */
  busy = false;
  /** Identity documents expired or not valid yet on the desk's day, and their confirmations. */
  readonly dateWarnings = new DocumentWarnings({
    stateCode: (row) => this.states[row]!,
    sendable: (code) => code !== STATE.invalid && code !== STATE.checking,
    isValid: (code) => code === STATE.valid,
    stateVersion: () => this.version,
    documentDay: (row, end) => this.verdicts.documentDay(row, end),
    settled: () => this.verdicts.settled,
  });
  chunks: ChunkPlan[] = [];

  private constructor(
    readonly id: string,
    readonly fileName: string,
    readonly format: KycFileFormat,
    readonly sha256: string,
    opened: OpenedFile,
  ) {
    this.headers = opened.headers;
    this.cells = new CellStore(opened.cells);
    this.rowNumbers = opened.rowNumbers;
    this.notes = opened.notes;
    this.warnings = opened.warnings;
    this.dateProofs = opened.dateProofs;
    this.mapping = opened.mapping;
    this.states = new Uint8Array(this.cells.rows).fill(STATE.checking);
    this.stateCounts[STATE.checking] = this.cells.rows;
  }

  /** A batch of a file a worker read, every row `checking` until check() reaches it. */
  static create(id: string, fileName: string, opened: OpenedFile): KycBatch {
    return new KycBatch(id, fileName, opened.format, opened.sha256, opened);
  }

  /**
   * The file's first check, under the mapping it has now: each row takes its state as soon as it is
   * checked (rows the gateway accepted before, `acceptedBefore`, become accepted). `done` settles at the
   * end; stop() ends it early.
   */
  check(checkWith: CheckWith, onProgress?: () => void): CheckRun {
    const run = new CheckRun({
      ...checkWith,
      job: this.checkJob(this.mapping),
      rows: this.size,
      onSettled: (row) => this.settled(row),
      ...(onProgress && { onProgress }),
    });
    this.verdicts = run.verdicts;
    this.firstCheck = run;
    this.dateWarnings.restart();
    const finished = () => {
      if (this.firstCheck === run) this.firstCheck = undefined;
    };
    run.done.then(finished, finished);
    return run;
  }

  /** Whether the file's first check is still running: what needs every row waits for it. */
  get checking(): boolean {
    return this.firstCheck?.checking ?? false;
  }

  /** Set once the batch is let go: its check, if it runs, stops. */
  closed = false;

  close(): void {
    this.closed = true;
    this.firstCheck?.stop();
  }

  private settled(row: number): void {
    const first = this.verdicts.userIdFirst[row]!;
    if (first === row && this.acceptedBefore.has(this.userIdOf(row)!)) this.setState(row, 'accepted');
    else this.refresh(row);
    this.dateWarnings.settledRow(row);
  }

  private checkJob(mapping: readonly KycColumnMapping[]) {
    return {
      cells: this.cells.packed,
      columnFields: mapping.map((column) => column.field),
      notes: this.notes,
      fixedRows: this.fixedRows,
      edits: this.edits,
      dateOrders: this.dateOrders(mapping),
    };
  }

  isDateColumn(header: string): boolean {
    const field = this.mapping.find((column) => column.header === header)?.field;
    return field !== undefined && field !== null && DATE_FIELDS.has(field);
  }

  /** The officer's order for a date column (null: as its rows prove); check every row again after. */
  chooseDateOrder(header: string, order: KycDateOrder | null): void {
    const column = this.mapping.findIndex((entry) => entry.header === header);
    if (order) this.chosenDateOrders.set(column, order);
    else this.chosenDateOrders.delete(column);
  }

  /** Per column, the order a mapped date column's undecided dates are read in, where its rows prove it. */
  private dateOrders(mapping: readonly KycColumnMapping[] = this.mapping): (KycDateOrder | undefined)[] {
    return dateOrdersOf(mapping, this.dateProofs, this.chosenDateOrders);
  }

  get size(): number {
    return this.cells.rows;
  }

  private columnFields(): (KycField | null)[] {
    return this.mapping.map((column) => column.field);
  }

  /** Row states from the current verdicts, a few milliseconds at a time. */
  private async index(): Promise<void> {
    const clock = sliceClock();
    for (let i = 0; i < this.size; i++) {
      this.refresh(i);
      if ((i & 1023) === 1023 && clock.due()) await yieldToEventLoop();
    }
  }

  /**
   * Normalize and validate every row under a new mapping (in the worker), then index the result. The
   * mapping changes only with its verdicts: pages read while the worker works still match each other.
   */
  async rebuild(mapping: KycColumnMapping[], checkWith: CheckWith): Promise<void> {
    const run = new CheckRun({ ...checkWith, job: this.checkJob(mapping), rows: this.size });
    await run.done;
    this.mapping = mapping;
    this.verdicts = run.verdicts;
    await this.index();
    this.dateWarnings.rescan();
  }

  userIdOf(index: number): string | undefined {
    return this.verdicts.userIdOf(index);
  }

  recordOf(index: number): NormalizedRecord {
    return normalizeRow(this.cellsOf(index), this.columnFields(), this.edits.get(index), this.dateOrders());
  }

  /** The first row with the same userId, when this row is not it: later duplicates are the errors. */
  private duplicateOf(index: number): number | undefined {
    const first = this.verdicts.userIdFirst[index]!;
    return first >= 0 && first !== index ? first : undefined;
  }

  /** Rows whose userId is `userId`, in order: one scan, comparing in place. */
  private rowsWithUserId(userId: string): number[] {
    const rows: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.verdicts.hasUserId(i, userId)) rows.push(i);
    return rows;
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
    if (index >= this.verdicts.settled) this.setState(index, 'checking');
    else if (this.verdicts.hasErrors(index) || this.duplicateOf(index) !== undefined) {
      this.setState(index, 'invalid');
    } else if (this.gatewayErrors.has(index)) {
      this.setState(index, 'rejected');
    } else {
      this.setState(index, 'valid');
    }
  }

  errorsOf(index: number): KycRowError[] {
    const errors = [...this.verdicts.errorsOf(index)];
    const first = this.duplicateOf(index);
    if (first !== undefined) {
      const words = duplicateUserIdWords(this.rowNumbers[first]!);
      errors.push({ field: 'userId', message: inEnglish()(words.key, words.values), words, source: 'file' });
    }
    const gateway = this.gatewayErrors.get(index);
    if (gateway) errors.push(gateway);
    return errors;
  }

  view(index: number): KycRowView {
    const changed = this.trail.changedOf(index);
    return {
      index,
      row: this.rowNumbers[index]!,
      record: recordText(this.recordOf(index)),
      errors: this.errorsOf(index),
      state: this.stateOf(index),
      ...(changed && { changed }),
      warnings: this.dateWarnings.listOf(index),
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
      checking: c[STATE.checking]!,
      warnings: this.dateWarnings.awaitingValid().length,
    };
  }

  /** Row indices in one state, rebuilt by one scan of the state array only after a state changed. */
  indicesFor(filter: Exclude<KycRowFilter, 'all'>): Int32Array {
    if (filter === 'warnings') return this.dateWarnings.awaitingValid();
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
  /** The userIds the gateway accepted from this file before it was opened (its earlier batches). */
  acceptedBefore: ReadonlySet<string> = new Set();

  async markAccepted(userIds: ReadonlySet<string>): Promise<void> {
    if (userIds.size === 0) return;
    const clock = sliceClock();
    const first = this.verdicts.userIdFirst;
    for (let i = 0; i < this.size; i++) {
      if (first[i] === i && userIds.has(this.userIdOf(i)!)) this.setState(i, 'accepted');
      if ((i & 1023) === 1023 && clock.due()) await yieldToEventLoop();
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

  /** The text of a field's cell: as fixed in Paydesk, or (`file`) as the file has it. */
  private fieldText(index: number, field: KycField, file = false): string {
    const column = this.mapping.findIndex((entry) => entry.field === field);
    if (column >= 0) return cellText((file ? this.cells.row(index) : this.cellsOf(index))[column]);
    return file ? '' : (this.edits.get(index)?.[field] ?? '');
  }

  /** Writes a value: into the cell of the column feeding the field, or as an edit when no column does. */
  private write(index: number, field: KycField, value: string): void {
    const column = this.mapping.findIndex((entry) => entry.field === field);
    if (column >= 0) {
      const cells = this.fixedRows.get(index) ?? this.cells.row(index);
      while (cells.length <= column) cells.push(undefined);
      cells[column] = value;
      this.fixedRows.set(index, cells);
    } else {
      const edits = this.edits.get(index) ?? {};
      edits[field] = value;
      this.edits.set(index, edits);
    }
  }

  /**
   * The values History says were sent with earlier batches of the file, for the rows whose userIds the
   * gateway accepted: written before the file's first check, so that those rows are checked, and shown,
   * as they were sent.
   */
  restoreSent(edits: readonly KycEdit[], accepted: ReadonlySet<string>): void {
    for (const edit of acceptedEdits(edits, accepted)) {
      if (edit.index >= this.size) continue;
      const file = this.fieldText(edit.index, edit.field, true);
      this.write(edit.index, edit.field, edit.new);
      this.trail.restoredSent(edit.index, edit.field, file, edit.new);
    }
  }

  /**
   * One fix by `operator`, checked at once; answers the cell's text before it (what undo puts back).
   */
  update(index: number, field: KycField, value: string, operator = 'operator', at = Date.now()): string {
    const old = this.fieldText(index, field);
    const file = this.fieldText(index, field, true);
    this.write(index, field, value);
    if (value !== old) this.trail.edited(index, { field, old, new: value, operator, at }, file);
    const oldUserId = this.userIdOf(index);
    const check = rowChecker(this.columnFields(), this.dateOrders());
    this.verdicts.fix(index, check(this.cellsOf(index), this.edits.get(index), noteOf(this.notes, index)));
    // The gateway's complaint was about the old values: the fix answers it until the next refusal.
    this.gatewayErrors.delete(index);
    const newUserId = this.userIdOf(index);
    const touched = new Set<number>([index]);
    if (oldUserId !== newUserId) {
      // The rows of the old and the new userId get their first row again (a scan each: an edit is rare).
      const first = this.verdicts.userIdFirst;
      first[index] = -1;
      for (const userId of [oldUserId, newUserId]) {
        if (userId === undefined) continue;
        const rows = this.rowsWithUserId(userId);
        for (const row of rows) {
          first[row] = rows[0]!;
          touched.add(row);
        }
      }
    }
    for (const row of touched) this.refresh(row);
    this.dateWarnings.fixedRow(index);
    return old;
  }

  /** The row's cells as read, with fixes made in Paydesk: what the export of rows to fix writes back. */
  cellsOf(index: number): readonly RawCell[] {
    return this.fixedRows.get(index) ?? this.cells.row(index);
  }
}
