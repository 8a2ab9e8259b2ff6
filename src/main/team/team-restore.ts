// A team desk takes its own rows and audit entries back from the team database: at start when its history
// file is damaged (history-startup.ts hands the copy to the salvage), or on an operator's request on a new
// PC (npm run team:restore, scripts/team-restore.ts). The chain is verified first, exactly as a supervisor
// verifies it (team-verify.ts: Ed25519 signatures under the desk's registered keys, links, every row
// against its entry's row hash, the anchor); a chain that does not verify is refused, naming the desk, row
// and entry, and nothing of it is taken. Read as the desk's own role: row-level security shows it nothing
// else. What the history file then does with the copy is history/salvage/team-copy.ts's.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HistorySalvageNotice } from '@shared/history-startup';
import { settingsSchema } from '@shared/profile';
import type { TeamConnection } from '@shared/team';
import pg from 'pg';
import { toRawEntry } from '../history/audit/audit-chain';
import { peekHistory } from '../history/audit/audit-trust';
import { INTEGER_COLUMNS, TEAM_COLUMNS, teamColumnAs } from '../history/row-table/columns';
import { salvageHistory } from '../history/salvage/history-salvage';
import { ROW_COLUMNS, type SalvagedRow } from '../history/salvage/salvage-read';
import { NO_TEAM_PASSWORD, type TeamCopy, type TeamCopyUnavailable } from '../history/salvage/team-copy';
import { worded } from '../i18n/worded';
import { adoptDeskIdentity, DESK_FILE, deskIdentity } from './desk-identity';
import { teamPoolConfig } from './team-connection';
import { type DeskVerification, verifyTeamDesk } from './team-verify';

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

const PAGE = 5_000;
const SHOWN_PROBLEMS = 5;

/** The team's copy of a desk does not verify: nothing of it is restored. */
export class TeamRestoreRefusedError extends Error {
  override name = 'TeamRestoreRefusedError';
  constructor(
    readonly verification: DeskVerification,
    /** The highest row version the team holds for the desk: new writes must go above it all the same. */
    readonly maxVersion: number,
  ) {
    const listed = verification.problems
      .slice(0, SHOWN_PROBLEMS)
      .map((problem) => problem.reason)
      .join(' ');
    const more =
      verification.problemCount > SHOWN_PROBLEMS
        ? ` … and ${verification.problemCount - SHOWN_PROBLEMS} more.`
        : '';
    super(
      `Desk "${verification.deskName}" (${verification.deskId}): the team database's copy does not verify, so it is not restored. ${listed}${more}`,
    );
  }
}

function toSalvagedRow(row: Record<string, unknown>): SalvagedRow {
  return {
    id: Number(row.row_id),
    values: ROW_COLUMNS.map((column) => {
      const value = row[column];
      if (value === null || value === undefined) return null;
      return INTEGER_COLUMNS.has(column) ? BigInt(String(value)) : String(value);
    }),
  };
}

async function maxVersionOf(client: Queryable, deskId: string): Promise<number> {
  const { rows } = await client.query(
    'SELECT coalesce(max(version), 0)::text AS v FROM paydesk.history_rows WHERE desk_id = $1',
    [deskId],
  );
  return Number(rows[0]?.v ?? 0);
}

/**
 * One column of the SELECT: integers as text (bigint-safe), the note under its team column's name, NULL
 * for a column the team database at schema `version` does not have yet.
 */
function teamColumn(column: (typeof ROW_COLUMNS)[number], version: number): string {
  const since = TEAM_COLUMNS.find((team) => team.sql === column)?.since ?? 1;
  if (since > version) return `NULL AS ${column}`;
  return INTEGER_COLUMNS.has(column) ? `${column}::text` : teamColumnAs(column);
}

// The keyset is ordered by the tables' own integer columns, qualified: ORDER BY a bare name takes the
// output column of that name first, and row_id read as text sorted "10" before "9", so every page after
// the first skipped rows (a desk of 20,000 rows came back with 10,502).
const rowsPage = (
  version: number,
) => `SELECT row_id::text, ${ROW_COLUMNS.map((column) => teamColumn(column, version)).join(', ')}
  FROM paydesk.history_rows WHERE desk_id = $1 AND row_id > $2 ORDER BY history_rows.row_id LIMIT $3`;
const ENTRIES_PAGE = `SELECT seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash
  FROM paydesk.audit_entries WHERE desk_id = $1 AND seq > $2 ORDER BY audit_entries.seq LIMIT $3`;

/**
 * Every row of `sql`'s keyset pages ($1 the desk, $2 the key to read after, $3 the page size), read by
 * `read`, by `keyOf`.
 */
async function readPages<T>(
  client: Queryable,
  sql: string,
  page: { deskId: string; size: number },
  read: (row: Record<string, unknown>) => T,
  keyOf: (item: T) => number,
): Promise<Map<number, T>> {
  const found = new Map<number, T>();
  let after = 0;
  for (;;) {
    const { rows } = await client.query(sql, [page.deskId, after, page.size]);
    for (const row of rows) {
      const item = read(row);
      after = keyOf(item);
      found.set(after, item);
    }
    if (rows.length < page.size) return found;
  }
}

/**
 * The desk's rows and entries from the team database, once its chain verifies; refused otherwise.
 * `pageSize`: rows read per query (tests read small pages to cross many page boundaries).
 */
export async function readTeamCopy(client: Queryable, deskId: string, pageSize = PAGE): Promise<TeamCopy> {
  const verification = await verifyTeamDesk(client, deskId);
  const maxVersion = await maxVersionOf(client, deskId);
  if (!verification.ok) throw new TeamRestoreRefusedError(verification, maxVersion);
  const page = { deskId, size: pageSize };
  const schema = await client.query('SELECT coalesce(max(version), 0) AS v FROM paydesk.schema_version');
  const rowsSql = rowsPage(Number(schema.rows[0]?.v ?? 0));
  const rows = await readPages(client, rowsSql, page, toSalvagedRow, (row) => row.id);
  const entries = await readPages(client, ENTRIES_PAGE, page, toRawEntry, (entry) => entry.seq);
  return {
    deskId,
    deskName: verification.deskName,
    rows,
    entries,
    maxVersion,
    anchorSeq: verification.anchorSeq ?? 0,
  };
}

/** The id of this role's desk named `name`: one, or a refusal that lists them. */
async function deskIdByName(client: Queryable, name: string): Promise<string> {
  const { rows } = await client.query(
    'SELECT desk_id FROM paydesk.desks WHERE desk_name = $1 ORDER BY desk_id',
    [name],
  );
  if (rows.length === 0) throw new Error(`No desk named "${name}" that this role may read.`);
  if (rows.length > 1) {
    throw new Error(
      `${rows.length} desks are named "${name}" (${rows.map((row) => String(row.desk_id)).join(', ')}): name one with --desk-id.`,
    );
  }
  return String(rows[0]?.desk_id);
}

/** Reads and verifies the copy over one connection as the desk's role; `unavailable` says why not. */
async function fetchTeamCopy(
  connection: TeamConnection,
  password: string,
  deskId: string,
): Promise<TeamCopy | TeamCopyUnavailable> {
  const client = new pg.Client(teamPoolConfig(connection, password, 'replication'));
  // A connection broken mid-read reports it here too; unheard, it would take the process down.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    return {
      deskId,
      outcome: 'unreachable',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  try {
    return await readTeamCopy(client, deskId);
  } catch (error) {
    if (error instanceof TeamRestoreRefusedError) {
      return { deskId, outcome: 'refused', reason: error.message, maxVersion: error.maxVersion };
    }
    return { deskId, outcome: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

type TeamCopySource = () => Promise<TeamCopy | TeamCopyUnavailable | undefined>;

/**
 * At start, for a damaged history: the team copy, when this data folder is a team desk (its desk id file
 * is there) and the settings hold a team connection with its password in the vault; undefined otherwise.
 * Read from the settings store as it is, since the settings service is built after the history.
 */
export function teamCopyAtStart(options: {
  dataDir: string;
  settingsStore: { get(key: string): unknown };
  vault: { getTeamItem(item: 'password'): Promise<string | undefined> };
}): TeamCopySource {
  return async () => {
    if (!existsSync(join(options.dataDir, DESK_FILE))) return undefined;
    const settings = settingsSchema.safeParse(options.settingsStore.get('settings') ?? {});
    const connection = settings.success ? settings.data.team : undefined;
    if (!connection) return undefined;
    const deskId = deskIdentity(options.dataDir);
    const password = await options.vault.getTeamItem('password');
    if (!password) {
      return {
        deskId,
        outcome: 'unreachable',
        reason: NO_TEAM_PASSWORD,
      };
    }
    return fetchTeamCopy(connection, password, deskId);
  };
}

/**
 * An operator's restore (npm run team:restore): the desk named (or its id) becomes this data folder's
 * desk, its history rebuilt from the team database through the salvage's path (any backup in the folder
 * merged under it). Refuses a folder whose history already holds anything, or that is another desk. The
 * report is the start-up notice the next start shows (and completes with where the audit key is).
 */
export async function restoreDeskFromTeam(options: {
  client: Queryable;
  dataDir: string;
  desk: { name: string } | { id: string };
  now?: number;
}): Promise<{ deskId: string; notice: HistorySalvageNotice }> {
  const { client, dataDir } = options;
  const historyFile = join(dataDir, 'history.sqlite');
  const peek = peekHistory(historyFile);
  if (peek.seq > 0) {
    throw new Error(
      `${historyFile} already holds a history (${peek.seq} audit entries): move it aside first. A damaged history is restored by starting Paydesk.`,
    );
  }
  const deskId = 'id' in options.desk ? options.desk.id : await deskIdByName(client, options.desk.name);
  if (existsSync(join(dataDir, DESK_FILE)) && deskIdentity(dataDir) !== deskId) {
    throw new Error(
      `${join(dataDir, DESK_FILE)} names another desk (${deskIdentity(dataDir)}): move it aside first.`,
    );
  }
  const copy = await readTeamCopy(client, deskId);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const now = options.now ?? Date.now();
  const reason = worded('history.salvage.reason.restoredOnRequest', { desk: copy.deskName, deskId });
  const plan = salvageHistory({
    historyFile,
    dataDir,
    reason: reason.message,
    reasonWords: reason.words,
    now,
    team: copy,
  });
  adoptDeskIdentity(dataDir, deskId, () => now);
  return { deskId, notice: plan.notice };
}
