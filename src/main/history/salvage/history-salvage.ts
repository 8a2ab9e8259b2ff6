// A desk must never be bricked by its own record. Before the history is trusted at start, it is checked
// (inspect-history.ts); a damaged one is set aside and salvaged (salvageHistory), and the desk opens on a
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
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistorySalvageNotice, SalvageOrderRef } from '@shared/history-startup';
import type { RefusalWords } from '@shared/ipc-error';
import { isOpenStatus } from '@shared/payin-lifecycle';
import { type Worded, worded } from '../../i18n/worded';
import type { RawEntry } from '../audit/audit-chain';
import { backupsDirOf, checkBackup, fileStamp, listBackups } from '../backups/history-backups';
import { LATEST_SCHEMA_VERSION } from '../store/migrations';
import { mismatchedRows, writeFresh } from './fresh-history';
import { errorText } from './inspect-history';
import { type LoggedPayIn, readLoggedPayIns } from './log-payins';
import {
  maxKey,
  ROW_COLUMNS,
  readBackup,
  readDamagedHistory,
  type SalvagedRow,
  updatedAtOf,
} from './salvage-read';
import { DAMAGED_FOLDER } from './salvage-reports';
import {
  continueReplication,
  mergeTeamCopy,
  outboxAbove,
  type RowSource,
  type TeamCopy,
  type TeamCopyUnavailable,
  type TeamMerge,
  teamNotice,
} from './team-copy';

const LISTED = 200;
const SIDE_FILES = ['', '-wal', '-shm'] as const;

type SalvageInput = {
  historyFile: string;
  dataDir: string;
  /** The desk's log, a source of pay-ins whose rows were lost. */
  logFile?: string | undefined;
  reason: string;
  /** `reason` as the catalogue's words (a damage noted by a previous version has none). */
  reasonWords?: RefusalWords;
  now: number;
  /** The anchor's seq, when the keychain had one: entries up to it were committed. */
  anchoredSeq?: number;
  /** A team desk's rows and entries from the team database, verified (or why they could not be had). */
  team?: TeamCopy | TeamCopyUnavailable;
};

const reasonOf = ({ message, words }: Worded) => ({ reason: message, words });

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
        // SQLite's own verdict stays as it said it; a newer version's file is said in the reader's words.
        const skipped = check.ok
          ? reasonOf(worded('history.salvage.backup.newer', { version: check.userVersion }))
          : { reason: check.reason };
        backupsSkipped.push({ file: candidate.file, ...skipped });
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
      ...(input.reasonWords && { reasonWords: input.reasonWords }),
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
