// What the team drills compare: a desk's own history file, read as it is on disk (read-only, beside the
// running desk), and what the team database holds for it, read as a supervisor. Rows are compared by id,
// version, status, amounts and times; audit entries by seq and hash. A row's version is the outbox seq of
// its newest write, which the desk's file no longer holds once sent, so a drill records it on the way
// out with `recordVersions`.
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { TeamOutbox } from '../../../src/main/history/store/team-outbox';

type ComparedRow = {
  row_id: string;
  status: string;
  amount: string;
  amount_minor: string;
  created_at: string;
  updated_at: string;
  merchant_trade_no: string;
};

type ComparedEntry = { seq: string; hash: string };

export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(20);
  }
}

/** The desk's history as its SQLite file holds it (WAL included), oldest row first. */
export function localState(historyFile: string): {
  rows: ComparedRow[];
  audit: ComparedEntry[];
  outboxPending: number;
} {
  const db = new DatabaseSync(historyFile, { readOnly: true });
  try {
    const rows = db
      .prepare(
        `SELECT id, status, amount, amount_minor, created_at, updated_at, merchant_trade_no
         FROM history_rows ORDER BY id`,
      )
      .all()
      .map((row) => ({
        row_id: String(row.id),
        status: String(row.status),
        amount: String(row.amount),
        amount_minor: String(row.amount_minor),
        created_at: String(row.created_at),
        updated_at: String(row.updated_at),
        merchant_trade_no: String(row.merchant_trade_no),
      }));
    const audit = db
      .prepare('SELECT seq, hash FROM audit_log ORDER BY seq')
      .all()
      .map((entry) => ({ seq: String(entry.seq), hash: String(entry.hash) }));
    const pending = db.prepare('SELECT count(*) AS n FROM team_outbox').get();
    return { rows, audit, outboxPending: Number(pending?.n ?? 0) };
  } finally {
    db.close();
  }
}

type TeamRow = ComparedRow & { version: string; xmin: string };

/** One desk's rows and entries in the team database (xmin: the transaction that wrote each row's tuple). */
export async function teamState(reader: pg.Pool | pg.Client, deskId: string) {
  const rows = await reader.query<TeamRow>(
    `SELECT row_id::text, status, amount, amount_minor::text, created_at::text, updated_at::text,
            merchant_trade_no, version::text, xmin::text
     FROM paydesk.history_rows WHERE desk_id = $1 ORDER BY history_rows.row_id`,
    [deskId],
  );
  const audit = await reader.query<ComparedEntry & { xmin: string }>(
    'SELECT seq::text, hash, xmin::text FROM paydesk.audit_entries WHERE desk_id = $1 ORDER BY audit_entries.seq',
    [deskId],
  );
  return { rows: rows.rows, audit: audit.rows };
}

/** Every desk's rows as the supervisor sees them: the team view, by desk and row. */
export async function teamView(reader: pg.Pool | pg.Client) {
  const { rows } = await reader.query<{ desk_id: string } & ComparedRow>(
    `SELECT desk_id, row_id::text, status, amount, amount_minor::text, created_at::text, updated_at::text,
            merchant_trade_no
     FROM paydesk.history_rows ORDER BY desk_id, history_rows.row_id`,
  );
  return rows;
}

/** The row without the team database's own columns, to compare with the desk's file. */
export function withoutTeamColumns({ version: _version, xmin: _xmin, ...row }: TeamRow): ComparedRow {
  return row;
}

/**
 * The outbox as the replicator reads it, noting each row's newest version on the way: every entry is read
 * at least once before it is dropped, since a send drops only what it read.
 */
export function recordVersions(outbox: TeamOutbox): { outbox: TeamOutbox; versions: Map<number, number> } {
  const versions = new Map<number, number>();
  return {
    versions,
    outbox: {
      ...outbox,
      peek(limit) {
        const entries = outbox.peek(limit);
        for (const entry of entries) {
          if (entry.kind === 'row')
            versions.set(entry.ref, Math.max(versions.get(entry.ref) ?? 0, entry.seq));
        }
        return entries;
      },
    },
  };
}
