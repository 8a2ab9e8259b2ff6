// The desk's side of team replication, in the history file: the outbox that migration 6's triggers fill
// in the same transaction as every row write and audit entry (so nothing written can miss it, and
// nothing rolled back can reach it), read in order by team/replicator.ts and emptied as PostgreSQL
// confirms. Without team mode the triggers do nothing and this is never called.
import type { HistoryDb } from './history-db';

export type OutboxEntry = {
  /** The outbox's own order; for a row, its version on the team store. */
  seq: number;
  kind: 'row' | 'audit';
  /** The row's id, or the audit entry's seq. */
  ref: number;
  /** The row or entry as written, JSON (migration 6's team_row_payload, team_audit_payload). */
  payload: string;
};

export type TeamOutbox = ReturnType<typeof teamOutbox>;

export function teamOutbox(history: HistoryDb, now: () => number) {
  const { prepare } = history;
  return {
    enabled(): boolean {
      return prepare('SELECT 1 AS on_ FROM team_replication').get() !== undefined;
    },

    /**
     * Starts queueing every write for the team store. The first time, everything the file already holds is
     * queued too, in the same transaction, so the team store gets the desk's whole history exactly once.
     * Returns how many entries that queued (0 when already on).
     */
    enable(): number {
      return history.transaction(() => {
        if (prepare('SELECT 1 AS on_ FROM team_replication').get()) return 0;
        prepare('INSERT INTO team_replication (id, enabled_at) VALUES (1, ?)').run(now());
        const rows = prepare(
          `INSERT INTO team_outbox (kind, ref, payload)
             SELECT 'row', id, payload FROM team_row_payload ORDER BY id`,
        ).run();
        const entries = prepare(
          `INSERT INTO team_outbox (kind, ref, payload)
             SELECT 'audit', seq, payload FROM team_audit_payload ORDER BY seq`,
        ).run();
        return Number(rows.changes) + Number(entries.changes);
      });
    },

    /** Stops queueing and forgets what was not sent (team mode turned off). */
    disable(): void {
      history.transaction(() => {
        prepare('DELETE FROM team_replication').run();
        prepare('DELETE FROM team_outbox').run();
      });
    },

    /** The oldest `limit` entries still to send, in order. */
    peek(limit: number): OutboxEntry[] {
      return prepare('SELECT seq, kind, ref, payload FROM team_outbox ORDER BY seq LIMIT ?')
        .all(limit)
        .map((row) => ({
          seq: Number(row.seq),
          kind: row.kind === 'audit' ? 'audit' : 'row',
          ref: Number(row.ref),
          payload: String(row.payload),
        }));
    },

    /** Drops the entries up to `seq`: the team store has committed them. */
    acknowledge(seq: number): void {
      prepare('DELETE FROM team_outbox WHERE seq <= ?').run(seq);
    },

    pending(): number {
      return Number(prepare('SELECT count(*) AS n FROM team_outbox').get()?.n ?? 0);
    },
  };
}
