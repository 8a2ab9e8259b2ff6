// Group commit: the pay-in writes made in one turn of the event loop share one SQLite transaction,
// committed when the turn's I/O has been handled (setImmediate), and a pay-in's answer waits for that
// commit. Under load the requests of all open connections arrive in the same turn (ten at the bench's ten
// connections), and with a data file a commit per order wrote each b-tree page it touched to the WAL again
// (about 24 KB an order) and brought a checkpoint, with its fsyncs, every ~170 orders (docs/BENCHMARKS.md).
// What an answer reports is committed before it leaves, as before; a failed commit rolls the whole group
// back and every request of the group fails (HTTP 500: outcome unknown, A1).
import type { DatabaseSync } from 'node:sqlite';

type Group = {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
};

export class GroupCommit {
  readonly #db: DatabaseSync;
  #open: Group | undefined;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Runs `write` in the open group, opening one (committed at the end of this turn) if none is. */
  write<T>(write: () => T): T {
    if (!this.#open) {
      this.#db.exec('BEGIN');
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const committed = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      // A group nobody waits for (its requests gone) must not fail as an unhandled rejection.
      committed.catch(() => undefined);
      this.#open = { committed, resolve, reject };
      setImmediate(() => this.commit());
    }
    // A statement that fails is undone alone (SQLite's statement journal); the group stays open.
    return write();
  }

  /** Settles when the writes made so far are committed; rejects when their commit failed. */
  committed(): Promise<void> {
    return this.#open?.committed ?? Promise.resolve();
  }

  /** Commits the open group now: before a write or read outside the group, and before closing. */
  commit(): void {
    const group = this.#open;
    if (!group) return;
    this.#open = undefined;
    try {
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      group.reject(error);
      return;
    }
    group.resolve();
  }
}
