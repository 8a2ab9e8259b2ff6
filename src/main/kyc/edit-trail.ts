// What a batch remembers of the operator's hand edits: which cells differ from the file (and the file's
// text, for the grid's mark), the edits made since each row was last sent, and the edits whose record
// has left in a request but are not in History yet. Only these last ever reach History (README, "KYC
// batches": an edit trail holds the old and new values, so it is kept only for records the gateway got).
import type { KycField } from '@shared/kyc-batch';
import type { KycCellChange, KycEdit } from '@shared/kyc-edits';
import type { RawCell } from './reading/cell-store';

/** A cell as text: an empty one is '', a list (a JSON array) its items joined as the grid shows them. */
export function cellText(cell: RawCell): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.join('; ');
}

type PendingEdit = Pick<KycEdit, 'field' | 'old' | 'new' | 'operator' | 'at'>;

export class KycEditTrail {
  /** Per row, the edits made since the row was last sent, in order. */
  private readonly pending = new Map<number, PendingEdit[]>();
  /** Edits of records that left Paydesk, waiting to be written to History. */
  private unsaved: KycEdit[] = [];
  /** Per row, the cells that differ from the file: the file's text and why. */
  private readonly changes = new Map<number, Partial<Record<KycField, KycCellChange>>>();

  /** An edit made here: `file` is the file's own text of the cell, `now` its text after the edit. */
  edited(index: number, edit: PendingEdit, file: string): void {
    const list = this.pending.get(index) ?? [];
    list.push(edit);
    this.pending.set(index, list);
    this.mark(index, edit.field, edit.new === file ? undefined : { file, from: 'edit' });
  }

  /** A value sent with an earlier batch, put back in place of the file's when the file is opened again. */
  restoredSent(index: number, field: KycField, file: string, sent: string): void {
    this.mark(index, field, sent === file ? undefined : { file, from: 'sent' });
  }

  private mark(index: number, field: KycField, change: KycCellChange | undefined): void {
    const row = this.changes.get(index) ?? {};
    if (change) row[field] = change;
    else delete row[field];
    if (Object.keys(row).length > 0) this.changes.set(index, row);
    else this.changes.delete(index);
  }

  /** The cells of a row that differ from the file, or undefined when none does. */
  changedOf(index: number): Partial<Record<KycField, KycCellChange>> | undefined {
    const row = this.changes.get(index);
    return row ? { ...row } : undefined;
  }

  /** How many rows show values sent with an earlier batch. */
  sentValueRows(): number {
    let rows = 0;
    for (const row of this.changes.values()) {
      if (Object.values(row).some((change) => change?.from === 'sent')) rows++;
    }
    return rows;
  }

  /**
   * These rows left Paydesk in a request (whatever its answer): their edits so far become History's.
   * `rowNumbers[k]` and `userIds[k]` are those of `rows[k]` as sent.
   */
  sent(rows: ArrayLike<number>, rowNumberOf: (index: number) => number, userIds: readonly string[]): void {
    for (let k = 0; k < rows.length; k++) {
      const index = rows[k]!;
      const edits = this.pending.get(index);
      if (!edits) continue;
      this.pending.delete(index);
      const row = rowNumberOf(index);
      for (const edit of edits) this.unsaved.push({ row, index, userId: userIds[k] ?? '', ...edit });
    }
    // Oldest first, as History lists them (a chunk's rows leave in file order, not edit order).
    this.unsaved.sort((a, b) => a.at - b.at);
  }

  /** The sent edits not written to History yet, oldest first. */
  unsavedEdits(): readonly KycEdit[] {
    return this.unsaved;
  }

  /** The first `count` unsaved edits are in History now. */
  saved(count: number): void {
    this.unsaved = this.unsaved.slice(count);
  }
}

/**
 * The edits History holds for a file, reduced to what the gateway kept: the edits of each row whose last
 * sent userId the gateway accepted, oldest first. Applied in order, they give the values last sent.
 */
export function acceptedEdits(edits: readonly KycEdit[], accepted: ReadonlySet<string>): KycEdit[] {
  const byRow = new Map<number, KycEdit[]>();
  for (const edit of [...edits].sort((a, b) => a.at - b.at)) {
    const list = byRow.get(edit.index) ?? [];
    list.push(edit);
    byRow.set(edit.index, list);
  }
  const kept: KycEdit[] = [];
  for (const list of byRow.values()) {
    if (accepted.has(list[list.length - 1]!.userId)) kept.push(...list);
  }
  return kept.sort((a, b) => a.at - b.at);
}
