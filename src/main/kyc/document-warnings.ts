// A batch's document-date warnings (checking/document-dates.ts) and the officer's confirmations of them.
// The rows whose documents warn are noted as rows settle (an integer comparison each) and found again by
// one scan only when the day turns or the rows are checked anew; a confirmation holds for the dates it
// was given on, so a date changed since asks again. Rows invalid or not checked yet have no warning.
import type { KycRowWarning } from '@shared/kyc-batch';
import { inEnglish } from '../i18n/words';
import { deskToday, documentDateWarningList, documentDateWarnings } from './checking/document-dates';

/** What the warnings read of their batch. */
interface WarnedBatch {
  /** A row's state as batch-store.ts codes it; `sendable(code)` says which may ever be sent. */
  stateCode(row: number): number;
  sendable(code: number): boolean;
  isValid(code: number): boolean;
  /** Changes whenever a row's state changes. */
  stateVersion(): number;
  /** The row's document start (`end` false) or end, as a day number (0: not a date). */
  documentDay(row: number, end: boolean): number;
  /** Rows checked so far: 0 to settled() (excluded). */
  settled(): number;
}

export class DocumentWarnings {
  /** The desk's day (a day number) by main's clock: batches.ts sets the app's. */
  today: () => number = () => deskToday(Date.now());
  /** Rows whose documents warn on `day`, ascending, whatever their state. */
  private rows: number[] = [];
  private day = 0;
  private version = 0;
  private readonly confirmed = new Map<number, string>();
  private readonly cache = { key: '', indices: new Int32Array(0) };

  constructor(private readonly batch: WarnedBatch) {}

  /** A check of every row begins: rows are noted as they settle. */
  restart(): void {
    this.rows = [];
    this.day = this.today();
    this.version++;
  }

  private bitsAt(row: number, today: number): number {
    return documentDateWarnings(this.batch.documentDay(row, false), this.batch.documentDay(row, true), today);
  }

  /** Row `row` has been checked (rows settle in file order). */
  settledRow(row: number): void {
    if (this.bitsAt(row, this.day) !== 0) this.rows.push(row);
  }

  /** Every row checked anew (a remapping), or the day turned. */
  rescan(today = this.today()): void {
    const rows: number[] = [];
    const settled = this.batch.settled();
    for (let i = 0; i < settled; i++) if (this.bitsAt(i, today) !== 0) rows.push(i);
    this.rows = rows;
    this.day = today;
    this.version++;
  }

  /** A fixed row joins or leaves the rows whose documents warn. */
  fixedRow(row: number): void {
    const rows = this.rows;
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (rows[middle]! < row) low = middle + 1;
      else high = middle;
    }
    const listed = rows[low] === row;
    const warns = this.bitsAt(row, this.day) !== 0;
    if (listed && !warns) rows.splice(low, 1);
    else if (!listed && warns) rows.splice(low, 0, row);
    this.version++;
  }

  private rowsOn(today: number): readonly number[] {
    if (today !== this.day) this.rescan(today);
    return this.rows;
  }

  /** The row's warnings today (document-dates.ts bits); none for a row that could never be sent. */
  of(row: number, today = this.today()): number {
    return this.batch.sendable(this.batch.stateCode(row)) ? this.bitsAt(row, today) : 0;
  }

  private key(row: number): string {
    return `${this.batch.documentDay(row, false)}/${this.batch.documentDay(row, true)}`;
  }

  isConfirmed(row: number): boolean {
    return this.confirmed.get(row) === this.key(row);
  }

  /** Rows with a warning today that nobody confirmed, in any state that could be sent: they are not sent. */
  awaiting(today = this.today()): number[] {
    return this.rowsOn(today).filter((row) => this.of(row, today) !== 0 && !this.isConfirmed(row));
  }

  /** The officer confirmed these rows' warnings (checked by warning-confirmations.ts). */
  confirm(rows: Iterable<number>): void {
    for (const row of rows) this.confirmed.set(row, this.key(row));
    this.version++;
  }

  /** Valid rows whose warning awaits confirmation: the Warnings filter and count. */
  awaitingValid(): Int32Array {
    const today = this.today();
    const rows = this.rowsOn(today);
    const key = `${this.batch.stateVersion()}:${this.version}:${today}`;
    if (this.cache.key !== key) {
      const awaiting = rows.filter(
        (row) => this.batch.isValid(this.batch.stateCode(row)) && !this.isConfirmed(row),
      );
      this.cache.key = key;
      this.cache.indices = Int32Array.from(awaiting);
    }
    return this.cache.indices;
  }

  /** The row's warnings in words, as the grid shows them. */
  listOf(row: number): KycRowWarning[] {
    const today = this.today();
    const list = documentDateWarningList(
      this.of(row, today),
      this.batch.documentDay(row, false),
      this.batch.documentDay(row, true),
      today,
    );
    const confirmed = list.length > 0 && this.isConfirmed(row);
    return list.map(({ field, words }) => ({
      field,
      message: inEnglish()(words.key, words.values),
      words,
      confirmed,
    }));
  }
}
