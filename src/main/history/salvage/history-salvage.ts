// A desk must never be bricked by its own record. Before the history is trusted at start, it is checked
// (inspectHistory); a damaged one is set aside and salvaged (salvageHistory), and the desk opens on a
// fresh history that holds everything that could be read back:
// 1. the damaged file and its -wal and -shm are MOVED (renamed, never written or deleted) to
//    `<data>/damaged/history-<UTC time>.sqlite…`; all reading is done on a copy of them;
// 2. the newest backup that passes its check (history-backups.ts) is the base;
// 3. every row and entry still readable in the damaged copy (salvage-read.ts) is laid on top when newer
//    than the base's (a row by its updated_at, an entry by its seq);
// 4. pay-ins the desk's log names (log-payins.ts) whose rows nothing brought back: still open there
//    (pending, a bank page, unknown) they are rebuilt as outcome_unknown, since nobody can say whether
//    money moved; settled there, they are listed in the notice, not rebuilt;
// 5. the result is written into a fresh file made by the ordinary migrations, rows with their own ids,
//    order numbers and statuses, entries with their own seqs and hashes — copied, never sealed again:
//    what the damaged file could prove is still proved by the audit key, what it could not (a gap, a row
//    that no longer matches its entry) the audit checks report as they would have. The only new entries
//    are sealSalvage's, which say what they are (the salvage, each rebuilt row), under this desk's key.
// A team desk (team/team-restore.ts) adds a source: its own rows and entries from the team database,
// verified there first, laid over steps 2 and 3 (team-copy.ts); the fresh file then carries on replicating
// above what the team holds. The same path, with no damaged file, restores a desk on a new PC.
// The report (the start-up notice) is kept beside the damaged copy as JSON until acknowledged.
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  type HistorySalvageNotice,
  historySalvageNoticeSchema,
  type SalvageOrderRef,
} from '@shared/history-startup';
import { isOpenStatus } from '@shared/payin-lifecycle';
import { appendAudit, parseDetail, type RawEntry } from '../audit/audit-chain';
import type { AuditTrust } from '../audit/audit-trust';
import { digestInputSql, rowDigest } from '../audit/row-digest';
import { backupsDirOf, checkBackup, fileStamp, listBackups } from '../backups/history-backups';
import { withWordIndexRebuilt } from '../search/word-index';
import { toMinorUnits } from '../store/amount-minor';
import { LATEST_SCHEMA_VERSION, migrate } from '../store/migrations';
import { type LoggedPayIn, readLoggedPayIns } from './log-payins';
import {
  maxKey,
  ROW_COLUMNS,
  readBackup,
  readDamagedHistory,
  type SalvagedRow,
  updatedAtOf,
} from './salvage-read';
import {
  continueReplication,
  mergeTeamCopy,
  outboxAbove,
  type RowSource,
  type TeamCopy,
  type TeamCopyUnavailable,
  type TeamMerge,
} from './team-copy';

export const DAMAGED_FOLDER = 'damaged';
const LISTED = 200;
const SIDE_FILES = ['', '-wal', '-shm'] as const;
/** SQLite's result codes that mean the file is not what it should be (primary codes). */
const CORRUPT = 11;
const NOT_A_DATABASE = 26;

export type HistoryInspection =
  | { state: 'absent' }
  /** deferred: the file is too large for quick_check at start; it runs in the background (history-startup.ts). */
  | { state: 'sound'; ms: number; deferred: boolean }
  | { state: 'damaged'; reason: string; ms: number }
  | { state: 'newer'; version: number; latest: number };

/** A history written by a newer Paydesk: never migrated down, never salvaged over. */
export class HistoryTooNewError extends Error {
  override name = 'HistoryTooNewError';
  constructor(
    readonly version: number,
    readonly latest: number,
  ) {
    super(
      `The history file was written by a newer Paydesk (schema version ${version}; this Paydesk knows up to ${latest}). ` +
        'Paydesk does not change a newer file: install the newer Paydesk, or open this one on a copy of its data folder.',
    );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether an error from SQLite says the file is damaged (not busy, not a permission, not a full disk). */
function isDamageError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'errcode' in error ? error.errcode : undefined;
  if (typeof code === 'number') return (code & 0xff) === CORRUPT || (code & 0xff) === NOT_A_DATABASE;
  return /malformed|not a database/i.test(errorText(error));
}

/** The file is shorter than its own header says (a cut file): found without reading the pages. */
function truncation(file: string): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(100);
    if (readSync(fd, header, 0, 100, 0) < 100) return 'it is shorter than a SQLite header';
    if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0') return 'its header is not a SQLite header';
    const raw = header.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    const pages = header.readUInt32BE(28);
    // The page count in the header is only valid when written by the same change as the counter.
    if (header.readUInt32BE(92) !== header.readUInt32BE(24) || pages === 0) return undefined;
    const size = statSync(file).size;
    return size < pages * pageSize
      ? `it is ${size} bytes, where its header counts ${pages * pageSize}`
      : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Files up to this size get SQLite's quick_check at start (about 0.2 s at this size on the bench
 * machine; 3 s at a million rows, bench/history-damage.ts). A larger file gets the cheap checks at start
 * and its quick_check in a worker thread right after (history-startup.ts): damage found there is
 * salvaged at the next start.
 */
const QUICK_CHECK_AT_START_BYTES = 64 * 2 ** 20;

/** SQLite's quick_check of `file` (every page of every table and index), read-only: 'ok' or the findings. */
export function quickCheck(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('PRAGMA quick_check(10)')
      .all()
      .map((row) => String(Object.values(row)[0]))
      .join('; ');
  } finally {
    db.close();
  }
}

/**
 * Checks the history file before it is trusted: its header against its size, that SQLite opens it and its
 * schema, its version, its newest and oldest rows and entries (the pages a start reads first), SQLite's
 * quick_check when the file is small enough (QUICK_CHECK_AT_START_BYTES, else `deferred`), and, with the
 * anchor from the keychain, that the file still holds the newest entry it had (a lost WAL, a cut tail).
 * Opens the file read-only; throws what is not damage (a permission, a busy file).
 */
export function inspectHistory(
  file: string,
  anchor?: { seq: number; hash: string },
  options: { quickCheckUpToBytes?: number } = {},
): HistoryInspection {
  // Anything but a file (nothing yet, a folder in its place): the store's open says what is wrong.
  if (!existsSync(file) || !statSync(file).isFile()) return { state: 'absent' };
  const started = performance.now();
  const ms = () => performance.now() - started;
  const cut = truncation(file);
  if (cut) return { state: 'damaged', reason: `The history file is cut short: ${cut}.`, ms: ms() };
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
    if (version > LATEST_SCHEMA_VERSION) return { state: 'newer', version, latest: LATEST_SCHEMA_VERSION };
    const tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => String(row.name)),
    );
    if (tables.has('history_rows')) {
      db.prepare(
        'SELECT * FROM (SELECT * FROM history_rows ORDER BY id DESC LIMIT 50) UNION ALL SELECT * FROM (SELECT * FROM history_rows ORDER BY id LIMIT 50)',
      ).all();
    }
    if (tables.has('audit_log')) {
      db.prepare(
        'SELECT * FROM (SELECT * FROM audit_log ORDER BY seq DESC LIMIT 50) UNION ALL SELECT * FROM (SELECT * FROM audit_log ORDER BY seq LIMIT 50)',
      ).all();
    }
    if (anchor && anchor.seq > 0 && tables.has('audit_log')) {
      const newest = Number(db.prepare('SELECT max(seq) AS s FROM audit_log').get()?.s ?? 0);
      const at = db.prepare('SELECT hash FROM audit_log WHERE seq = ?').get(anchor.seq);
      if (newest < anchor.seq || (at && String(at.hash) !== anchor.hash)) {
        return {
          state: 'damaged',
          reason: `The history file lost writes it had committed: its newest audit entry is ${newest}, where the keychain's anchor says ${anchor.seq} (a WAL file deleted or an older copy put back).`,
          ms: ms(),
        };
      }
    }
    db.close();
    const size = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
    if (size > (options.quickCheckUpToBytes ?? QUICK_CHECK_AT_START_BYTES)) {
      return { state: 'sound', ms: ms(), deferred: true };
    }
    const verdict = quickCheck(file);
    if (verdict !== 'ok') {
      return { state: 'damaged', reason: `SQLite's check of the file found: ${verdict}`, ms: ms() };
    }
    return { state: 'sound', ms: ms(), deferred: false };
  } catch (error) {
    if (isDamageError(error)) {
      return {
        state: 'damaged',
        reason: `SQLite cannot read the history file: ${errorText(error)}.`,
        ms: ms(),
      };
    }
    throw error;
  } finally {
    if (db?.isOpen) db.close();
  }
}

type SalvageInput = {
  historyFile: string;
  dataDir: string;
  /** The desk's log, a source of pay-ins whose rows were lost. */
  logFile?: string | undefined;
  reason: string;
  now: number;
  /** The anchor's seq, when the keychain had one: entries up to it were committed. */
  anchoredSeq?: number;
  /** A team desk's rows and entries from the team database, verified (or why they could not be had). */
  team?: TeamCopy | TeamCopyUnavailable;
};

export type SalvagePlan = {
  notice: HistorySalvageNotice;
  /** Pay-ins to rebuild from the log, sealed by sealSalvage once the audit key is at hand. */
  rebuild: LoggedPayIn[];
  reportFile: string;
};

function orderRef(row: SalvagedRow): SalvageOrderRef | undefined {
  const value = (name: (typeof ROW_COLUMNS)[number]) => row.values[ROW_COLUMNS.indexOf(name)];
  if (value('kind') !== 'payin') return undefined;
  return {
    historyId: row.id,
    merchantTradeNo: String(value('merchant_trade_no') ?? ''),
    amount: String(value('amount') ?? ''),
    currency: String(value('currency') ?? ''),
    status: String(value('status')),
  };
}

/** Ascending ids as [from, to] ranges: a lost page is a run of ids, listed whole however long. */
function asRanges(ids: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const id of ids) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === id - 1) last[1] = id;
    else ranges.push([id, id]);
  }
  return ranges;
}

/** Moves the damaged file set aside under `stamp`; answers the paths it now has. */
function moveAside(historyFile: string, damagedDir: string, stamp: string): string[] {
  mkdirSync(damagedDir, { recursive: true, mode: 0o700 });
  const moved: string[] = [];
  for (const suffix of SIDE_FILES) {
    const from = `${historyFile}${suffix}`;
    if (!existsSync(from)) continue;
    const to = join(damagedDir, `history-${stamp}.sqlite${suffix}`);
    renameSync(from, to);
    moved.push(to);
  }
  return moved;
}

/** Inserts salvaged rows and entries into the fresh file at `file` (made by the migrations). */
function writeFresh(
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
function mismatchedRows(file: string): number[] {
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

function teamNotice(
  team: TeamCopy | TeamCopyUnavailable,
  merge: TeamMerge | undefined,
): NonNullable<HistorySalvageNotice['team']> {
  if (!('rows' in team) || !merge) {
    return {
      deskId: team.deskId,
      outcome: 'outcome' in team ? team.outcome : 'unreachable',
      summary:
        'outcome' in team && team.outcome === 'refused'
          ? `The team database's copy of this desk was NOT restored: it does not verify. ${team.reason}`
          : `The team database could not be reached to restore this desk's rows: ${'reason' in team ? team.reason : ''}`,
      rows: 0,
      entries: 0,
      newestSeq: 0,
      localOnlyRows: 0,
      localOnlyEntries: 0,
      auditKey: null,
    };
  }
  return {
    deskId: team.deskId,
    outcome: 'restored',
    summary:
      `${team.rows.size.toLocaleString('en')} rows and ${team.entries.size.toLocaleString('en')} audit entries of desk "${team.deskName}" came back from the team database, ` +
      `their chain verified there (Ed25519 signatures, links, row hashes, anchor at entry ${team.anchorSeq}). ` +
      `${merge.localOnlyRows.length} rows and ${merge.localOnlyEntries.length} entries only this desk held are kept and will be replicated.`,
    rows: merge.fromTeam,
    entries: team.entries.size,
    newestSeq: maxKey(team.entries),
    localOnlyRows: merge.localOnlyRows.length,
    localOnlyEntries: merge.localOnlyEntries.length,
    auditKey: null,
  };
}

/**
 * Sets the damaged history aside and builds the fresh one in its place (see the top of this file).
 * Writes nothing to the damaged files; the fresh file appears under the history's name only when whole.
 */
export function salvageHistory(input: SalvageInput): SalvagePlan {
  const { historyFile, dataDir, now } = input;
  const stamp = fileStamp(now);
  const damagedDir = join(dataDir, DAMAGED_FOLDER);
  const damagedFiles = moveAside(historyFile, damagedDir, stamp);
  const temporary = `${historyFile}.salvage-${stamp}`;
  const reportFile = join(damagedDir, `history-${stamp}.report.json`);
  let work: string | undefined;
  try {
    work = mkdtempSync(join(damagedDir, '.work-'));
    const copy = join(work, 'history.sqlite');
    for (const file of damagedFiles) {
      copyFileSync(file, `${copy}${file.slice(file.lastIndexOf('.sqlite') + '.sqlite'.length)}`);
    }
    const damaged = existsSync(copy)
      ? readDamagedHistory(copy)
      : { rows: new Map(), entries: new Map(), sequence: 0, headSeq: 0, notes: ['No main file to read.'] };

    // The newest backup that passes its check is the base.
    const backupsSkipped: HistorySalvageNotice['backupsSkipped'] = [];
    let base: ReturnType<typeof readBackup> | undefined;
    let backupUsed: HistorySalvageNotice['backupUsed'] = null;
    for (const candidate of listBackups(backupsDirOf(dataDir))) {
      const check = checkBackup(candidate.file);
      if (!check.ok || check.userVersion > LATEST_SCHEMA_VERSION) {
        backupsSkipped.push({
          file: candidate.file,
          reason: check.ok ? `written by a newer Paydesk (schema ${check.userVersion})` : check.reason,
        });
        continue;
      }
      try {
        base = readBackup(candidate.file);
        backupUsed = { file: candidate.file, rows: base.rows.size, at: candidate.at };
        break;
      } catch (error) {
        backupsSkipped.push({ file: candidate.file, reason: errorText(error) });
      }
    }

    // Rows: the base, then what the damaged file holds that is newer.
    const rows = new Map<number, SalvagedRow>(base?.rows ?? []);
    const source = new Map<number, RowSource>();
    for (const id of rows.keys()) source.set(id, 'backup');
    for (const [id, row] of damaged.rows) {
      const known = rows.get(id);
      if (!known || updatedAtOf(row) > updatedAtOf(known)) {
        rows.set(id, row);
        source.set(id, 'damaged');
      }
    }
    const entries = new Map<number, RawEntry>(base?.entries ?? []);
    for (const [seq, entry] of damaged.entries) if (!entries.has(seq)) entries.set(seq, entry);
    const teamCopy = input.team && 'rows' in input.team ? input.team : undefined;
    const merge: TeamMerge | undefined = teamCopy
      ? mergeTeamCopy(teamCopy, rows, entries, source)
      : undefined;

    // The log: pay-ins whose rows nothing brought back.
    const logged = readLoggedPayIns(input.logFile);
    const rebuild: LoggedPayIn[] = [];
    const settledInLogOnly: SalvageOrderRef[] = [];
    for (const payIn of logged.values()) {
      if (rows.has(payIn.historyId)) continue;
      const ref = {
        historyId: payIn.historyId,
        merchantTradeNo: payIn.merchantTradeNo,
        amount: payIn.amount,
        currency: payIn.currency,
        status: payIn.status ?? 'pending',
      };
      if (isOpenStatus(payIn.status)) rebuild.push(payIn);
      else settledInLogOnly.push(ref);
    }

    let maxSeq = maxKey(entries);
    let highestEntryRow = 0;
    for (const entry of entries.values()) {
      if (entry.row_id !== null && entry.row_id > highestEntryRow) highestEntryRow = entry.row_id;
    }
    const highestId = Math.max(
      maxKey(rows),
      highestEntryRow,
      damaged.sequence,
      base?.sequence ?? 0,
      teamCopy ? maxKey(teamCopy.rows) : 0,
      ...rebuild.map((payIn) => payIn.historyId),
    );
    const newest = entries.get(maxSeq);
    // Seqs the damaged file or the anchor had given out stay given out: a gap the checks report as one.
    const headSeq = Math.max(maxSeq, damaged.headSeq, input.anchoredSeq ?? 0);
    maxSeq = headSeq;

    for (const suffix of SIDE_FILES) rmSync(`${temporary}${suffix}`, { force: true });
    const ordered = [...rows.values()].sort((a, b) => a.id - b.id);
    const orderedEntries = [...entries.values()].sort((a, b) => a.seq - b.seq);
    const refused = writeFresh(
      temporary,
      ordered,
      orderedEntries,
      highestId,
      newest ? { seq: headSeq, hash: newest.hash } : undefined,
    );
    for (const id of refused) {
      rows.delete(id);
      source.delete(id);
    }
    if (teamCopy && merge) {
      const kept = merge.localOnlyRows.filter((id) => rows.has(id));
      continueReplication(temporary, teamCopy.maxVersion, kept, merge.localOnlyEntries, now);
    } else if (input.team?.maxVersion !== undefined) {
      outboxAbove(temporary, input.team.maxVersion);
    }
    const mismatched = mismatchedRows(temporary);

    const missing: number[] = [];
    const rebuiltIds = new Set(rebuild.map((payIn) => payIn.historyId));
    for (let id = 1; id <= highestId; id += 1) if (!rows.has(id) && !rebuiltIds.has(id)) missing.push(id);
    let missingEntries = 0;
    for (let seq = 1; seq <= maxSeq; seq += 1) if (!entries.has(seq)) missingEntries += 1;
    const open = ordered
      .filter((row) => rows.has(row.id))
      .map(orderRef)
      .filter((ref): ref is SalvageOrderRef => ref !== undefined && isOpenStatus(ref.status));
    const notice: HistorySalvageNotice = {
      v: 1,
      id: `history-${stamp}`,
      at: now,
      reason: input.reason,
      damagedFiles,
      backupUsed,
      backupsSkipped,
      rows: {
        recovered: rows.size + rebuild.length,
        fromBackup: [...source.values()].filter((from) => from === 'backup').length,
        fromDamagedFile: [...source.values()].filter((from) => from === 'damaged').length,
        fromLog: rebuild.length,
      },
      entries: { recovered: entries.size, missing: missingEntries },
      missingRows: asRanges(missing),
      missingRowCount: missing.length,
      mismatchedRowIds: mismatched.slice(0, LISTED),
      mismatchedRowCount: mismatched.length,
      openPayIns: [
        ...open,
        ...rebuild.map((payIn) => ({
          historyId: payIn.historyId,
          merchantTradeNo: payIn.merchantTradeNo,
          amount: payIn.amount,
          currency: payIn.currency,
          status: 'outcome_unknown',
        })),
      ].slice(0, LISTED),
      settledInLogOnly: settledInLogOnly.slice(0, LISTED),
      ...(input.team && { team: teamNotice(input.team, merge) }),
      acknowledgedAt: null,
      acknowledgedBy: null,
    };
    writeFileSync(reportFile, `${JSON.stringify(notice, null, 2)}\n`, { mode: 0o600 });
    // Last: the fresh file whole under the history's name (its WAL checkpointed by its close).
    renameSync(temporary, historyFile);
    for (const suffix of ['-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
    return { notice, rebuild, reportFile };
  } catch (error) {
    // Anything short of a whole salvage (a full disk, most likely) puts the damaged file back where it
    // was, untouched, so that the next start finds it and tries again: nothing half-done is left.
    for (const suffix of SIDE_FILES) rmSync(`${temporary}${suffix}`, { force: true });
    rmSync(reportFile, { force: true });
    for (const file of damagedFiles) {
      const suffix = file.slice(file.lastIndexOf('.sqlite') + '.sqlite'.length);
      renameSync(file, `${historyFile}${suffix}`);
    }
    throw error;
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Once the audit key is at hand: rebuilds the log's pay-ins as outcome_unknown rows under their own ids,
 * each with an entry saying where it came from, and seals one `history.salvaged` entry with the counts.
 * New entries only, each naming what it is: nothing salvaged is sealed again.
 */
export function sealSalvage(historyFile: string, trust: AuditTrust, plan: SalvagePlan, now: number): void {
  const db = new DatabaseSync(historyFile);
  let last: { seq: number; hash: string } | undefined;
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    const insert = db.prepare(
      `INSERT INTO history_rows (id, kind, status, created_at, updated_at, profile, operator, api_version,
         merchant_trade_no, masked_pan, last4, amount, amount_minor, currency, order_id, traceid, note_json)
       VALUES (?, 'payin', 'outcome_unknown', ?, ?, ?, 'system', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const digest = db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`);
    for (const payIn of plan.rebuild) {
      const note = {
        kind: 'outcome_unknown',
        message: `Rebuilt from Paydesk's log after the history file was damaged (the log's last word: ${payIn.status ?? 'sent, no answer'}). It may have reached the gateway: check before charging again.`,
      };
      const at = payIn.sentAt || now;
      insert.run(
        payIn.historyId,
        at,
        now,
        payIn.profile ?? '(unknown: rebuilt from the log)',
        payIn.apiVersion ?? null,
        payIn.merchantTradeNo,
        payIn.maskedPan ?? null,
        payIn.maskedPan ? payIn.maskedPan.slice(-4) : null,
        payIn.amount,
        toMinorUnits(payIn.amount),
        payIn.currency,
        payIn.orderId ?? null,
        payIn.traceid ?? null,
        JSON.stringify(note),
      );
      const rowHash = rowDigest(String(digest.get(payIn.historyId)?.d));
      last = appendAudit(
        db,
        trust,
        {
          operator: 'system',
          event: 'payin.rebuilt_from_log',
          outcome: 'failure',
          resource: payIn.merchantTradeNo,
          rowId: payIn.historyId,
          detail: {
            status: 'outcome_unknown',
            amount: payIn.amount,
            currency: payIn.currency,
            logStatus: payIn.status ?? null,
            rowHash,
          },
        },
        now,
      );
    }
    const { notice } = plan;
    last = appendAudit(
      db,
      trust,
      {
        operator: 'system',
        event: 'history.salvaged',
        outcome: 'failure',
        resource: 'history',
        detail: {
          report: notice.id,
          damagedFiles: notice.damagedFiles.map((file) => basename(file)),
          backupUsed: notice.backupUsed ? basename(notice.backupUsed.file) : null,
          rows: notice.rows,
          entries: notice.entries,
          missingRowCount: notice.missingRowCount,
          mismatchedRowCount: notice.mismatchedRowCount,
        },
      },
      now,
    );
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
  const anchor = trust.anchor;
  if (last && anchor) trust.setAnchor({ ...anchor, seq: last.seq, hash: last.hash });
}

/**
 * Once the audit key is loaded: says in each unacknowledged team restore's report whether this keychain
 * holds the key that sealed the restored entries ('here': History's check proves them as before) or not
 * ('team': a new PC, a new key sealing from after them; they are proved by the desk's Ed25519 signatures
 * in the team database, checked at the restore and by npm run team:verify).
 */
export function markTeamAuditKey(dataDir: string, trust: AuditTrust): void {
  for (const file of reportFiles(dataDir)) {
    const notice = readReport(file);
    if (!notice?.team || notice.acknowledgedAt !== null) continue;
    if (notice.team.outcome !== 'restored' || notice.team.auditKey !== null) continue;
    const here = notice.team.newestSeq > 0 && trust.ruleFor(notice.team.newestSeq) !== 'unproved';
    const auditKey = here ? 'here' : 'team';
    const summary = here
      ? `${notice.team.summary} This keychain holds the desk's audit key: History's own check proves the restored entries as before.`
      : `${notice.team.summary} This keychain does not hold the audit key that sealed them (a new PC): History lists entries 1–${notice.team.newestSeq} as unproved by its own check; their proof is the desk's signatures in the team database (npm run team:verify). New entries are sealed under this PC's key.`;
    writeFileSync(
      file,
      `${JSON.stringify({ ...notice, team: { ...notice.team, auditKey, summary } }, null, 2)}\n`,
      { mode: 0o600 },
    );
  }
}

/** The damaged-history reports in the data folder, newest first. */
function reportFiles(dataDir: string): string[] {
  const dir = join(dataDir, DAMAGED_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^history-[0-9TZ-]+\.report\.json$/.test(name))
    .sort()
    .reverse()
    .map((name) => join(dir, name));
}

function readReport(file: string): HistorySalvageNotice | undefined {
  try {
    const parsed = historySalvageNoticeSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The newest salvage report nobody has acknowledged yet, or null. */
export function pendingSalvageNotice(dataDir: string): HistorySalvageNotice | null {
  for (const file of reportFiles(dataDir)) {
    const notice = readReport(file);
    if (notice && notice.acknowledgedAt === null) return notice;
  }
  return null;
}

/** Marks every unacknowledged report acknowledged by `operator`; answers how many. */
export function acknowledgeSalvageNotices(dataDir: string, operator: string, now: number): number {
  let count = 0;
  for (const file of reportFiles(dataDir)) {
    const notice = readReport(file);
    if (!notice || notice.acknowledgedAt !== null) continue;
    writeFileSync(
      file,
      `${JSON.stringify({ ...notice, acknowledgedAt: now, acknowledgedBy: operator }, null, 2)}\n`,
      {
        mode: 0o600,
      },
    );
    count += 1;
  }
  return count;
}
