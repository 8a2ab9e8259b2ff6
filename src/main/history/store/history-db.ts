// The history file's SQLite connection as the store writes through it: opened with the settings a payment
// record needs, migrated, its statements compiled once, and one write transaction at a time — the audit
// entry it appends committed with the change it describes, and the anchor moved on only after the commit.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { type AuditEntry, type AuditEvent, appendAudit } from '../audit/audit-chain';
import type { AuditTrust } from '../audit/audit-trust';
import { migrate } from './migrations';

const MAX_CACHED_STATEMENTS = 256;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type HistoryDb = ReturnType<typeof openHistoryDb>;

/** Opens (creating and migrating as needed) the history file at `filePath`. */
export function openHistoryDb(filePath: string, trust: AuditTrust, now: () => number) {
  const db = new DatabaseSync(filePath);
  // WAL: the list stays readable while a pay-in is written. synchronous=FULL: a committed 'pending'
  // row must survive a power cut, since it is what tells the operator a charge may have happened.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA busy_timeout = 5000');
  // Deleted card-free rows still leave old page bytes behind; zero them rather than leave residue.
  db.exec('PRAGMA secure_delete = ON');
  migrate(db);
  // Lets the planner gather statistics on tables that grew since last time (SQLite's advice at open).
  db.exec('PRAGMA optimize = 0x10002');

  // Every read comes back with BigInt integers: amount_minor may exceed 2^53, and reading it as a
  // number would throw. Ids and times are converted with Number() where they are read.
  function prepareFresh(sql: string): StatementSync {
    const statement = db.prepare(sql);
    statement.setReadBigInts(true);
    return statement;
  }

  // A pay-in runs the same dozen statements several times over: compiling each once takes about a quarter
  // of Paydesk's own time per pay-in off (bench/payin-overhead.ts). Filter queries vary, hence the cap.
  const statements = new Map<string, StatementSync>();
  function prepare(sql: string): StatementSync {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = prepareFresh(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  /** The newest entry appended by the transaction under way: the anchor follows it once committed. */
  let appended: AuditEntry | undefined;

  /** That entry, once: read through a function, since TypeScript does not see `work()` set it. */
  function takeAppended(): AuditEntry | undefined {
    const entry = appended;
    appended = undefined;
    return entry;
  }

  function append(event: AuditEvent): AuditEntry {
    const entry = appendAudit(db, trust, event, now());
    appended = entry;
    return entry;
  }

  function transaction<T>(work: () => T): T {
    if (db.isTransaction) return nested(work);
    db.exec('BEGIN IMMEDIATE');
    appended = undefined;
    try {
      const result = work();
      db.exec('COMMIT');
      // After the commit, never before: the anchor may lag the file after a crash, never lead it.
      const entry = takeAppended();
      const anchor = trust.anchor;
      if (entry && anchor) trust.setAnchor({ ...anchor, seq: entry.seq, hash: entry.hash });
      return result;
    } catch (error) {
      appended = undefined;
      // SQLite may already have rolled back (a full disk, an I/O error): a failing ROLLBACK must not
      // replace the error that says what went wrong.
      if (db.isTransaction) {
        try {
          db.exec('ROLLBACK');
        } catch (rollbackError) {
          throw new AggregateError([error, rollbackError], errorText(error), { cause: error });
        }
      }
      throw error;
    }
  }

  /**
   * A write inside another (a batch of notifications settled together) joins it: one commit for all.
   * Its own savepoint undoes just its part when it fails, so a caller that goes on never keeps half of it.
   */
  function nested<T>(work: () => T): T {
    const before = appended;
    db.exec('SAVEPOINT nested_write');
    try {
      const result = work();
      db.exec('RELEASE nested_write');
      return result;
    } catch (error) {
      appended = before;
      if (db.isTransaction) {
        db.exec('ROLLBACK TO nested_write');
        db.exec('RELEASE nested_write');
      }
      throw error;
    }
  }

  return {
    db,
    /** A statement from the cache: for the statements that run again and again. */
    prepare,
    /** A statement of its own, e.g. for an iteration that anything running the cached one would reset. */
    prepareFresh,
    /** Appends an audit entry, in the caller's transaction. */
    append,
    transaction,
  };
}
