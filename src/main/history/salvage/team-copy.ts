// A team desk's own rows and audit entries as the team database holds them (read and verified by
// team/team-restore.ts), and what the history file does with them: merged with what a salvage or backup
// brought back (mergeTeamCopy), then the file made to carry on replicating above what the team database
// already has (continueReplication). Kept on the history's side, with no PostgreSQL in it, so that the
// salvage (history-salvage.ts) can take a team copy without knowing where it came from.
//
// The merge: an entry the team holds wins over the local one of the same seq (the team's is signed and
// verified); a row the team holds wins too, unless this file wrote it again after the team's newest entry
// (a local entry past the team's newest names it, and the row still matches that entry's rowHash): that
// write had not been replicated yet. Whatever only the file holds is kept, and queued for the team.
// Carrying on: the outbox's seq is each row's version in the team database (team/replicator.ts upserts a
// row only when the version is newer), so the fresh file's outbox starts above the highest version the
// team holds; a lower one would have every later write of a restored row ignored there.
import { DatabaseSync } from 'node:sqlite';
import type { HistorySalvageNotice } from '@shared/history-startup';
import { joined, worded } from '../../i18n/worded';
import { parseDetail, type RawEntry } from '../audit/audit-chain';
import { DIGEST_COLUMNS, rowDigest } from '../audit/row-digest';
import { maxKey, ROW_COLUMNS, type SalvagedRow } from './salvage-read';

export type TeamCopy = {
  deskId: string;
  deskName: string;
  rows: Map<number, SalvagedRow>;
  entries: Map<number, RawEntry>;
  /** The highest row version the team database holds for the desk (the outbox seq of that write). */
  maxVersion: number;
  /** The team anchor's seq: the desk's newest replicated entry. */
  anchorSeq: number;
};

/** A team copy that could not be used: the reason, and the highest version the team holds if known. */
export type TeamCopyUnavailable = {
  deskId: string;
  outcome: 'refused' | 'unreachable';
  reason: string;
  maxVersion?: number;
};

/** Why a team desk's copy was not asked for: Paydesk's own words, said in the reader's language. */
export const NO_TEAM_PASSWORD = 'the team password is not in the keychain';

/** SQLite's quote() of a salvaged value: the row digest's input (row-digest.ts), computed without SQLite. */
function quoted(value: SalvagedRow['values'][number]): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return String(value);
  if (value instanceof Uint8Array) return `X'${Buffer.from(value).toString('hex').toUpperCase()}'`;
  return `'${value.replaceAll("'", "''")}'`;
}

/** The row digest of a salvaged row, as audit entries record it. */
function salvagedRowDigest(row: SalvagedRow): string {
  const values = DIGEST_COLUMNS.slice(1).map((name) => quoted(row.values[ROW_COLUMNS.indexOf(name)] ?? null));
  return rowDigest([String(row.id), ...values].join(','));
}

export type TeamMerge = {
  /** Rows taken from the team copy. */
  fromTeam: number;
  /** Rows only this file held, or held newer than the team: queued for the team. */
  localOnlyRows: number[];
  /** Entries past the team's newest: queued for the team. */
  localOnlyEntries: number[];
};

/**
 * Lays the team copy over `rows` and `entries` (what the backup and the damaged file gave), in place;
 * `source` is told which rows now come from the team.
 */
/** Where a salvaged row came from. */
export type RowSource = 'backup' | 'damaged' | 'team';

export function mergeTeamCopy(
  copy: TeamCopy,
  rows: Map<number, SalvagedRow>,
  entries: Map<number, RawEntry>,
  source: Map<number, RowSource>,
): TeamMerge {
  const teamNewest = maxKey(copy.entries);
  // Rows a local entry past the team's newest names, with that entry's rowHash (the newest such entry).
  const localWrites = new Map<number, string | undefined>();
  for (const entry of [...entries.values()].sort((a, b) => a.seq - b.seq)) {
    if (entry.seq <= teamNewest || entry.row_id === null) continue;
    const rowHash = parseDetail(entry.detail_json)?.rowHash;
    localWrites.set(entry.row_id, typeof rowHash === 'string' ? rowHash : undefined);
  }
  let fromTeam = 0;
  for (const [id, row] of copy.rows) {
    const local = rows.get(id);
    const recorded = localWrites.get(id);
    if (local && recorded !== undefined && salvagedRowDigest(local) === recorded) continue;
    rows.set(id, row);
    source.set(id, 'team');
    fromTeam += 1;
  }
  for (const [seq, entry] of copy.entries) entries.set(seq, entry);
  const localOnlyRows = [...rows.keys()].filter((id) => source.get(id) !== 'team').sort((a, b) => a - b);
  const localOnlyEntries = [...entries.keys()].filter((seq) => seq > teamNewest).sort((a, b) => a - b);
  return { fromTeam, localOnlyRows, localOnlyEntries };
}

/** Numbers the outbox from above `maxVersion` (AUTOINCREMENT's counter: the next seq is above it). */
function numberOutboxAbove(db: DatabaseSync, maxVersion: number): void {
  db.prepare("DELETE FROM sqlite_sequence WHERE name = 'team_outbox'").run();
  db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('team_outbox', ?)").run(maxVersion);
}

/**
 * Turns replication on in the fresh file at `file`, its outbox numbered from above `maxVersion`, with only
 * `rowIds` and `entrySeqs` queued (what the team does not hold yet), rows first. One transaction.
 */
export function continueReplication(
  file: string,
  maxVersion: number,
  rowIds: readonly number[],
  entrySeqs: readonly number[],
  now: number,
): void {
  const db = new DatabaseSync(file);
  try {
    db.exec('BEGIN IMMEDIATE');
    numberOutboxAbove(db, maxVersion);
    const row = db.prepare(
      "INSERT INTO team_outbox (kind, ref, payload) SELECT 'row', id, payload FROM team_row_payload WHERE id = ?",
    );
    for (const id of rowIds) row.run(id);
    const entry = db.prepare(
      "INSERT INTO team_outbox (kind, ref, payload) SELECT 'audit', seq, payload FROM team_audit_payload WHERE seq = ?",
    );
    for (const seq of entrySeqs) entry.run(seq);
    db.prepare('INSERT OR REPLACE INTO team_replication (id, enabled_at) VALUES (1, ?)').run(now);
    db.exec('COMMIT');
  } finally {
    if (db.isTransaction) db.exec('ROLLBACK');
    db.close();
  }
}

/** Only the outbox's numbering set above `maxVersion` (a team copy refused: replication starts as before). */
export function outboxAbove(file: string, maxVersion: number): void {
  const db = new DatabaseSync(file);
  try {
    numberOutboxAbove(db, maxVersion);
  } finally {
    db.close();
  }
}

/** What the salvage's notice says of the team copy: restored (with the counts), refused or unreachable. */
export function teamNotice(
  team: TeamCopy | TeamCopyUnavailable,
  merge: TeamMerge | undefined,
): NonNullable<HistorySalvageNotice['team']> {
  if (!('rows' in team) || !merge) {
    const refused = 'outcome' in team && team.outcome === 'refused';
    // The team side's reason is its own words (PostgreSQL's, the verification's), kept as said.
    const reason = 'reason' in team ? team.reason : '';
    const sum = joined([
      refused
        ? worded('history.salvage.team.refused', { reason })
        : reason === NO_TEAM_PASSWORD
          ? worded('history.salvage.team.noPassword')
          : worded('history.salvage.team.unreachable', { reason }),
    ]);
    return {
      deskId: team.deskId,
      outcome: 'outcome' in team ? team.outcome : 'unreachable',
      summary: sum.message,
      words: sum.words,
      rows: 0,
      entries: 0,
      newestSeq: 0,
      localOnlyRows: 0,
      localOnlyEntries: 0,
      auditKey: null,
    };
  }
  const sum = joined([
    worded('history.salvage.team.restored', {
      rows: team.rows.size,
      entries: team.entries.size,
      desk: team.deskName,
      anchor: team.anchorSeq,
      localRows: merge.localOnlyRows.length,
      localEntries: merge.localOnlyEntries.length,
    }),
  ]);
  return {
    deskId: team.deskId,
    outcome: 'restored',
    summary: sum.message,
    words: sum.words,
    rows: merge.fromTeam,
    entries: team.entries.size,
    newestSeq: maxKey(team.entries),
    localOnlyRows: merge.localOnlyRows.length,
    localOnlyEntries: merge.localOnlyEntries.length,
    auditKey: null,
  };
}
