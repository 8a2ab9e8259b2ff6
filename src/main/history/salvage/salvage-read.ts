// Reads what is left of a damaged history file: every row and audit entry that can still be read, from a
// COPY of it (never the damaged file itself: SQLite would write its -shm and checkpoint its WAL).
// Two ways in, both always tried:
// - SQL, where the b-tree still leads: the copy is opened (its WAL replayed and checkpointed into it),
//   then history_rows and audit_log are read a range of ids at a time; a range that fails is split until
//   the bad part is small, and skipped. What SQL reads is the current version of a row.
// - The pages themselves (sqlite-pages.ts): every table-leaf page of the copy, whether or not anything
//   still points at it. A row or entry found only there is taken too; two page copies of one row (a page
//   left behind by a split) are settled by the newer updated_at.
// Each record is checked for the shape of its table before it is taken: the first schema's 27 columns or
// more, up to the row table's (card_key came with migration 6), the rowid alias NULL, the kinds and outcomes the schema allows, hashes of 64 hex.
import { DatabaseSync, type SQLOutputValue } from 'node:sqlite';
import type { RawEntry } from '../audit/audit-chain';
import { columnNamed, FILE_COLUMNS, FIRST_SCHEMA_WIDTH, SALVAGED_COLUMNS } from '../row-table/columns';
import { type PageValue, scanTableRecords } from './sqlite-pages';

/** history_rows's columns a salvage reads, after id, in the file's order (SALVAGED_COLUMNS of the row table). */
export const ROW_COLUMNS = SALVAGED_COLUMNS;
/**
 * The SELECT list of `['id', ...ROW_COLUMNS]` for the file `db`: a file from before history migration 9 (a
 * damaged one, or a backup) names the note's column error_json, so it is read under its new name; one from
 * before the migration that added a column reads it as NULL.
 */
function rowSelectList(db: DatabaseSync): string {
  let named: Set<string>;
  try {
    named = new Set(
      db
        .prepare("SELECT name FROM pragma_table_info('history_rows')")
        .all()
        .map((row) => String(row.name)),
    );
  } catch {
    named = new Set();
  }
  const oldNote = !named.has('note_json') && named.has('error_json');
  return ['id', ...ROW_COLUMNS]
    .map((column) => {
      if (column === 'note_json' && oldNote) return 'error_json AS note_json';
      const added = columnNamed(column)?.added;
      return added && named.size > 0 && !named.has(column) ? `NULL AS ${column}` : column;
    })
    .join(', ');
}
export type RowValues = (string | bigint | number | Uint8Array | null)[];
/** A row as salvaged: its id and its values in ROW_COLUMNS order. */
export type SalvagedRow = { id: number; values: RowValues };

const KIND = ROW_COLUMNS.indexOf('kind');
const STATUS = ROW_COLUMNS.indexOf('status');
const UPDATED_AT = ROW_COLUMNS.indexOf('updated_at');
const HEX64 = /^[0-9a-f]{64}$/;

export function updatedAtOf(row: SalvagedRow): bigint {
  const value = row.values[UPDATED_AT];
  return typeof value === 'bigint' ? value : BigInt(Number(value ?? 0));
}

type DamagedRead = {
  rows: Map<number, SalvagedRow>;
  entries: Map<number, RawEntry>;
  /** The highest row id the file gave out (sqlite_sequence), 0 when unreadable. */
  sequence: number;
  /** The newest seq audit_head named, 0 when unreadable. */
  headSeq: number;
  /** What went wrong on the way, in words (for the log). */
  notes: string[];
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isInt(value: unknown): value is bigint {
  return typeof value === 'bigint';
}

/** Where each salvaged column stands in a record of the file (the file's order, id first). */
const RECORD_PLACES = ROW_COLUMNS.map((name) => FILE_COLUMNS.indexOf(name));

/** A row SQL read by name, as a record of the file holds its values. */
function inFileOrder(raw: Record<string, SQLOutputValue>): SQLOutputValue[] {
  return FILE_COLUMNS.map((name) => raw[name] ?? null);
}

/**
 * A history_rows record (rowid and values after it), or undefined when it is not one. A record of a file
 * from before a column was added (migration 6's card_key, and any later one) lacks it: read as NULL.
 */
function asRow(id: bigint, values: readonly (PageValue | SQLOutputValue)[]): SalvagedRow | undefined {
  if (id <= 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  if (values.length < FIRST_SCHEMA_WIDTH || values.length > FILE_COLUMNS.length) return undefined;
  const rest = RECORD_PLACES.map((place) => (values[place] ?? null) as RowValues[number]);
  const kind = rest[KIND];
  if (kind !== 'payin' && kind !== 'kyc_batch') return undefined;
  if (typeof rest[STATUS] !== 'string') return undefined;
  for (const name of ['created_at', 'updated_at'] as const) {
    if (!isInt(rest[ROW_COLUMNS.indexOf(name)])) return undefined;
  }
  for (const name of ['profile', 'operator'] as const) {
    if (typeof rest[ROW_COLUMNS.indexOf(name)] !== 'string') return undefined;
  }
  return { id: Number(id), values: rest };
}

function asEntry(seq: bigint, values: readonly (PageValue | SQLOutputValue)[]): RawEntry | undefined {
  if (values.length !== 10 || seq <= 0n || seq > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [, at, operator, event, outcome, resource, rowId, detail, prevHash, hash] = values;
  if (!isInt(at) || typeof operator !== 'string' || typeof event !== 'string') return undefined;
  if (outcome !== 'success' && outcome !== 'failure') return undefined;
  if (typeof resource !== 'string' || typeof detail !== 'string') return undefined;
  if (rowId !== null && !isInt(rowId)) return undefined;
  if (typeof prevHash !== 'string' || !HEX64.test(prevHash)) return undefined;
  if (typeof hash !== 'string' || !HEX64.test(hash)) return undefined;
  return {
    seq: Number(seq),
    at: Number(at),
    operator,
    event,
    outcome,
    resource,
    row_id: rowId === null ? null : Number(rowId),
    detail_json: detail,
    prev_hash: prevHash,
    hash,
  };
}

/** The largest key of a map (0 when empty): a spread of a million keys would overflow the stack. */
export function maxKey(map: ReadonlyMap<number, unknown>): number {
  let max = 0;
  for (const key of map.keys()) if (key > max) max = key;
  return max;
}

/** SQL reads of [from, to) a range at a time; a failing range is split down to MIN_SPLIT ids, then skipped. */
const RANGE = 512;
const MIN_SPLIT = 16;

function readRanges(
  db: DatabaseSync,
  sql: string,
  upTo: number,
  take: (row: Record<string, SQLOutputValue>) => void,
): number {
  const statement = db.prepare(sql);
  statement.setReadBigInts(true);
  let failed = 0;
  const read = (from: number, to: number): void => {
    try {
      for (const row of statement.iterate(from, to)) take(row);
    } catch {
      if (to - from <= MIN_SPLIT) {
        failed += 1;
        return;
      }
      const middle = from + Math.floor((to - from) / 2);
      read(from, middle);
      read(middle, to);
    }
  };
  for (let from = 1; from <= upTo; from += RANGE) read(from, from + RANGE);
  return failed;
}

/** Everything readable in the copy at `copyFile` (which this may change: it is a copy). */
export function readDamagedHistory(copyFile: string): DamagedRead {
  const rows = new Map<number, SalvagedRow>();
  const entries = new Map<number, RawEntry>();
  const notes: string[] = [];
  let sequence = 0;
  let headSeq = 0;

  // 1. The WAL into the copy's main file, so that the page scan sees the newest pages too.
  try {
    const db = new DatabaseSync(copyFile);
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch (error) {
    notes.push(`The copy could not be opened to replay its WAL: ${errorText(error)}`);
  }

  // 2. Every table-leaf page.
  try {
    for (const record of scanTableRecords(copyFile)) {
      const { rowid, values } = record;
      if (values.length === 10) {
        const entry = asEntry(BigInt(rowid), values);
        if (entry && !entries.has(entry.seq)) entries.set(entry.seq, entry);
      } else if (values.length === 2 && values[0] === 'history_rows' && isInt(values[1])) {
        sequence = Math.max(sequence, Number(values[1]));
      } else if (values.length === 3 && values[0] === null && rowid === 1 && isInt(values[1])) {
        if (typeof values[2] === 'string' && HEX64.test(values[2]))
          headSeq = Math.max(headSeq, Number(values[1]));
      } else {
        const row = asRow(BigInt(rowid), values);
        if (!row) continue;
        const known = rows.get(row.id);
        if (!known || updatedAtOf(row) > updatedAtOf(known)) rows.set(row.id, row);
      }
    }
  } catch (error) {
    notes.push(`The pages could not all be read: ${errorText(error)}`);
  }

  // 3. SQL where the b-tree still leads: the current version of each row, over the page copies.
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(copyFile, { readOnly: true });
    const tryNumber = (sql: string): number => {
      try {
        return Number(Object.values((db as DatabaseSync).prepare(sql).get() ?? {})[0] ?? 0) || 0;
      } catch {
        return 0;
      }
    };
    sequence = Math.max(sequence, tryNumber("SELECT seq FROM sqlite_sequence WHERE name = 'history_rows'"));
    headSeq = Math.max(headSeq, tryNumber('SELECT seq FROM audit_head WHERE id = 1'));
    const maxId = Math.max(sequence, tryNumber('SELECT max(id) FROM history_rows'), maxKey(rows));
    const maxSeq = Math.max(headSeq, tryNumber('SELECT max(seq) FROM audit_log'), maxKey(entries));
    const columns = rowSelectList(db);
    const failedRows = readRanges(
      db,
      `SELECT ${columns} FROM history_rows WHERE id >= ? AND id < ? ORDER BY id`,
      maxId,
      (raw) => {
        const row = asRow(raw.id as bigint, inFileOrder(raw));
        if (row) rows.set(row.id, row);
      },
    );
    const failedEntries = readRanges(
      db,
      'SELECT seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash FROM audit_log WHERE seq >= ? AND seq < ? ORDER BY seq',
      maxSeq,
      (raw) => {
        const entry = asEntry(raw.seq as bigint, Object.values(raw));
        if (entry) entries.set(entry.seq, entry);
      },
    );
    if (failedRows + failedEntries > 0) {
      notes.push(`${failedRows + failedEntries} small ranges could not be read through SQLite (pages only).`);
    }
  } catch (error) {
    notes.push(`SQLite could not read the copy: ${errorText(error)}`);
  } finally {
    if (db?.isOpen) db.close();
  }
  return { rows, entries, sequence, headSeq, notes };
}

/** The rows and entries of a good backup, read plainly. */
export function readBackup(file: string): {
  rows: Map<number, SalvagedRow>;
  entries: Map<number, RawEntry>;
  sequence: number;
} {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = new Map<number, SalvagedRow>();
    const entries = new Map<number, RawEntry>();
    const columns = rowSelectList(db);
    const rowStatement = db.prepare(`SELECT ${columns} FROM history_rows ORDER BY id`);
    rowStatement.setReadBigInts(true);
    for (const raw of rowStatement.iterate()) {
      const row = asRow(raw.id as bigint, inFileOrder(raw));
      if (row) rows.set(row.id, row);
    }
    const entryStatement = db.prepare(
      'SELECT seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash FROM audit_log ORDER BY seq',
    );
    entryStatement.setReadBigInts(true);
    for (const raw of entryStatement.iterate()) {
      const entry = asEntry(raw.seq as bigint, Object.values(raw));
      if (entry) entries.set(entry.seq, entry);
    }
    const sequence = Number(
      db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'history_rows'").get()?.seq ?? 0,
    );
    return { rows, entries, sequence };
  } finally {
    db.close();
  }
}
