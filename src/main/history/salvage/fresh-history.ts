// The salvage's fresh history file: what was brought back written into a file the ordinary migrations
// made (rows with their own ids, entries with their own seqs and hashes, never sealed again), and the rows
// whose newest entry no longer matches them, for the notice.
import { DatabaseSync } from 'node:sqlite';
import { parseDetail, type RawEntry } from '../audit/audit-chain';
import { digestInputSql, rowDigest } from '../audit/row-digest';
import { withWordIndexRebuilt } from '../search/word-index';
import { migrate } from '../store/migrations';
import { ROW_COLUMNS, type SalvagedRow } from './salvage-read';

/** Inserts salvaged rows and entries into the fresh file at `file` (made by the migrations). */
export function writeFresh(
  file: string,
  rows: readonly SalvagedRow[],
  entries: readonly RawEntry[],
  sequence: number,
  head: { seq: number; hash: string } | undefined,
): number[] {
  const db = new DatabaseSync(file);
  const refused: number[] = [];
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    migrate(db);
    db.exec('BEGIN IMMEDIATE');
    const columns = ['id', ...ROW_COLUMNS];
    const insertRow = db.prepare(
      `INSERT INTO history_rows (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    withWordIndexRebuilt(db, () => {
      for (const row of rows) {
        try {
          insertRow.run(row.id, ...row.values);
        } catch {
          // A record that parsed but breaks the schema's CHECKs: damage that looked like a row.
          refused.push(row.id);
        }
      }
    });
    const insertEntry = db.prepare(
      `INSERT INTO audit_log (seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const e of entries) {
      insertEntry.run(
        e.seq,
        e.at,
        e.operator,
        e.event,
        e.outcome,
        e.resource,
        e.row_id,
        e.detail_json,
        e.prev_hash,
        e.hash,
      );
    }
    if (head) db.prepare('INSERT INTO audit_head (id, seq, hash) VALUES (1, ?, ?)').run(head.seq, head.hash);
    // AUTOINCREMENT's promise kept across the salvage: an id the damaged file gave out is never given again.
    if (sequence > 0) {
      const known = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'history_rows'").get();
      if (known) {
        db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'history_rows'").run(sequence);
      } else {
        db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('history_rows', ?)").run(sequence);
      }
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  return refused;
}

/** Rows whose newest entry recorded another rowHash than the row now has (or that have no entry). */
export function mismatchedRows(file: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const found: number[] = [];
    const statement = db.prepare(
      `SELECT r.id, ${digestInputSql('r')} AS d, a.detail_json
       FROM history_rows AS r
       LEFT JOIN audit_log AS a ON a.seq = (SELECT MAX(seq) FROM audit_log WHERE row_id = r.id)
       ORDER BY r.id`,
    );
    for (const raw of statement.iterate()) {
      const recorded = raw.detail_json === null ? undefined : parseDetail(String(raw.detail_json))?.rowHash;
      if (recorded !== rowDigest(String(raw.d))) found.push(Number(raw.id));
    }
    return found;
  } finally {
    db.close();
  }
}
