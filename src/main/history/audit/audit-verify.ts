// Checking the audit trail, and every row against the entry that last described it. Each check reports
// ALL it finds, not the first problem: after a problem the walk re-synchronises on what the file holds
// and goes on. The walks are generators that yield every SLICE entries or rows, so the same code runs to
// completion at once (the check at start, tests) or a slice at a time between other work (the full check
// in the background, which must not hold the main process for seconds at a million rows).
import type { DatabaseSync } from 'node:sqlite';
import {
  type AuditProblem,
  CHAIN_WIDE_PROBLEM_KINDS,
  type HistoryVerification,
  MAX_LISTED_PROBLEMS,
  type RowAudit,
} from '@shared/history';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import { worded } from '../../i18n/worded';
import {
  type ChainSeal,
  entryHolds,
  GENESIS_HASH,
  parseDetail,
  type RawEntry,
  toRawEntry,
} from './audit-chain';
import type { AuditAnchor, AuditIncident, AuditTrust } from './audit-trust';
import { digestInputSql, rowDigest } from './row-digest';

/** Entries or rows per slice: about 10-20 ms of work, the longest the full check holds the main process. */
const SLICE = 2_000;

/** A point in the chain: an entry's seq, hash and time (seq 0: before the first entry). */
export type ChainPoint = { seq: number; hash: string; at: number };
export const CHAIN_START: ChainPoint = { seq: 0, hash: GENESIS_HASH, at: 0 };

/** Problems about the chain as a whole: a row with entries before one of them cannot be vouched for. */
const CHAIN_WIDE: ReadonlySet<AuditProblem['kind']> = new Set(CHAIN_WIDE_PROBLEM_KINDS);

/** A problem worded from the catalogue (`audit.problem.*`): its English reason and its words. */
function auditProblem(
  kind: AuditProblem['kind'],
  where: { seq?: number; rowId?: number },
  key: MessageKey,
  values?: MessageValues,
): AuditProblem {
  const { message, words } = worded(key, values);
  return { kind, ...where, reason: message, words };
}

/** A reason with its words, as a row's audit gathers them. */
type RowReason = { reason: string; words?: RefusalWords };

/** Every problem found, counted; listed up to MAX_LISTED_PROBLEMS; indexed by row for flags and asking again. */
export class ProblemList {
  readonly listed: AuditProblem[] = [];
  count = 0;
  readonly byRow = new Map<number, RowReason[]>();
  /**
   * Problems of the chain itself, with their seq: a deleted, inserted or relinked entry, or a rollback,
   * may have taken an entry of any row written before it.
   */
  readonly chainWide: { seq: number; reason: string; words?: RefusalWords }[] = [];

  add(problem: AuditProblem): void {
    this.count += 1;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(problem);
    if (problem.rowId !== undefined) {
      const reasons = this.byRow.get(problem.rowId) ?? [];
      if (!reasons.some(({ reason }) => reason === problem.reason)) reasons.push(rowReason(problem));
      this.byRow.set(problem.rowId, reasons);
    }
    if (CHAIN_WIDE.has(problem.kind)) this.chainWide.push({ seq: problem.seq ?? 0, ...rowReason(problem) });
  }
}

function rowReason({ reason, words }: RowReason): RowReason {
  return words === undefined ? { reason } : { reason, words };
}

function withRow(problem: AuditProblem, rowId: number | null): AuditProblem {
  return rowId === null || rowId <= 0 ? problem : { ...problem, rowId };
}

export type ChainWalk = {
  /** The newest entry walked. */
  last: ChainPoint;
  /** The newest entry before the first problem this walk found (`last` when it found none). */
  cleanUpTo: ChainPoint;
};

const ENTRY_COLUMNS = 'seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash';

function arrayToEntry(row: unknown[]): RawEntry {
  const [seq, at, operator, event, outcome, resource, rowId, detailJson, prevHash, hash] = row;
  return {
    seq: Number(seq),
    at: Number(at),
    operator: String(operator),
    event: String(event),
    outcome: String(outcome),
    resource: String(resource),
    row_id: rowId === null ? null : Number(rowId),
    detail_json: String(detailJson),
    prev_hash: String(prevHash),
    hash: String(hash),
  };
}

/**
 * Walks the entries after `from` (trusted: verified before, or the start) to the newest: numbering,
 * links, and each entry's own hash under its rule. `onEntry` sees every entry walked.
 */
export function* walkChain(
  db: DatabaseSync,
  seal: ChainSeal,
  from: ChainPoint,
  problems: ProblemList,
  onEntry?: (entry: RawEntry) => void,
): Generator<void, ChainWalk> {
  const statement = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?`);
  // Arrays, not objects: a million entries read back in about half the time.
  statement.setReturnArrays(true);
  let last = from;
  let cleanUpTo: ChainPoint | undefined;
  const before = problems.count;
  for (;;) {
    // node:sqlite types all() as objects whatever setReturnArrays says: its typing's boundary.
    const rows = statement.all(last.seq, SLICE) as unknown as unknown[][];
    if (rows.length === 0) break;
    for (const row of rows) {
      const entry = arrayToEntry(row);
      const expected = last.seq + 1;
      const problemsBefore = problems.count;
      if (entry.seq > expected) {
        problems.add(
          entry.seq === expected + 1
            ? auditProblem('entry_missing', { seq: expected }, 'audit.problem.entryMissing', {
                seq: expected,
              })
            : auditProblem('entry_missing', { seq: expected }, 'audit.problem.entriesMissing', {
                from: expected,
                to: entry.seq - 1,
              }),
        );
      } else if (entry.prev_hash !== last.hash) {
        problems.add(
          withRow(
            auditProblem('entry_unlinked', { seq: entry.seq }, 'audit.problem.entryUnlinked', {
              seq: entry.seq,
            }),
            entry.row_id,
          ),
        );
      }
      if (entryHolds(seal, entry) === false) {
        problems.add(
          withRow(
            entry.row_id === null
              ? auditProblem('entry_changed', { seq: entry.seq }, 'audit.problem.entryChanged', {
                  seq: entry.seq,
                  event: entry.event,
                })
              : auditProblem('entry_changed', { seq: entry.seq }, 'audit.problem.rowEntryChanged', {
                  seq: entry.seq,
                  event: entry.event,
                  rowId: entry.row_id,
                }),
            entry.row_id,
          ),
        );
      }
      if (problems.count > problemsBefore && cleanUpTo === undefined) cleanUpTo = last;
      onEntry?.(entry);
      last = { seq: entry.seq, hash: entry.hash, at: entry.at };
    }
    yield;
  }
  return { last, cleanUpTo: problems.count > before ? (cleanUpTo ?? last) : last };
}

/** The chain's own record of its newest entry (audit_head) against what the walk found. */
export function checkHead(db: DatabaseSync, last: ChainPoint, problems: ProblemList): void {
  const head = db.prepare('SELECT seq, hash FROM audit_head WHERE id = 1').get();
  if (!head) {
    if (last.seq > 0) {
      problems.add(auditProblem('head_mismatch', { seq: last.seq }, 'audit.problem.headDeleted'));
    }
    return;
  }
  const headSeq = Number(head.seq);
  if (headSeq > last.seq) {
    problems.add(
      auditProblem('entry_missing', { seq: last.seq + 1 }, 'audit.problem.newestDeleted', {
        from: last.seq + 1,
        to: headSeq,
      }),
    );
  } else if (headSeq < last.seq) {
    problems.add(
      auditProblem('entries_added', { seq: headSeq + 1 }, 'audit.problem.entriesAdded', { seq: headSeq }),
    );
  } else if (String(head.hash) !== last.hash) {
    problems.add(
      auditProblem('head_mismatch', { seq: last.seq }, 'audit.problem.headReplaced', { seq: last.seq }),
    );
  }
}

/** A row with its newest audit entry, as one statement reads them (`r.id = ?` or a keyset page). */
export const ROW_WITH_LATEST_SQL = `SELECT r.id AS id, ${digestInputSql('r')} AS digest_input,
    a.seq AS seq, a.at AS at, a.operator AS operator, a.event AS event, a.outcome AS outcome,
    a.resource AS resource, a.row_id AS row_id, a.detail_json AS detail_json, a.prev_hash AS prev_hash,
    a.hash AS hash
  FROM history_rows AS r
  LEFT JOIN audit_log AS a ON a.seq = (SELECT MAX(seq) FROM audit_log WHERE row_id = r.id)`;

type RowWithLatest = { id: number; digestInput: string; latest: RawEntry | undefined };

export function toRowWithLatest(row: Record<string, unknown>): RowWithLatest {
  return {
    id: Number(row.id),
    digestInput: String(row.digest_input),
    latest: row.seq === null || row.seq === undefined ? undefined : toRawEntry(row),
  };
}

type RowCheck = { state: 'verified' | 'unproved' } | { state: 'failed'; problem: AuditProblem };

/**
 * One row against its newest entry: the digest that entry recorded, and (with `checkEntry`) the entry's
 * own seal. `legacyDigest` gives the row's digest by the legacy rule, for entries written under it.
 */
export function checkRow(
  seal: ChainSeal,
  row: RowWithLatest,
  legacyDigest: () => string | undefined,
  options: { checkEntry: boolean },
): RowCheck {
  const { id, latest } = row;
  if (!latest) {
    return {
      state: 'failed',
      problem: auditProblem('row_added', { rowId: id }, 'audit.problem.rowAdded', { rowId: id }),
    };
  }
  const holds = options.checkEntry ? entryHolds(seal, latest) : true;
  if (holds === false) {
    return {
      state: 'failed',
      problem: auditProblem(
        'entry_changed',
        { seq: latest.seq, rowId: id },
        'audit.problem.rowEntryChanged',
        { seq: latest.seq, event: latest.event, rowId: id },
      ),
    };
  }
  const rule = seal.ruleFor(latest.seq);
  const recorded = parseDetail(latest.detail_json)?.rowHash;
  const matches =
    (rule !== 'legacy' && recorded === rowDigest(row.digestInput)) ||
    (rule !== 'keyed' && recorded === legacyDigest());
  if (!matches) {
    return {
      state: 'failed',
      problem: auditProblem('row_changed', { seq: latest.seq, rowId: id }, 'audit.problem.rowChanged', {
        rowId: id,
        seq: latest.seq,
      }),
    };
  }
  return { state: rule === 'unproved' ? 'unproved' : 'verified' };
}

/** Every row against its newest entry, then entries whose row is gone. Returns the rows checked. */
export function* walkRows(
  db: DatabaseSync,
  seal: ChainSeal,
  problems: ProblemList,
  legacyDigest: (id: number) => string | undefined,
): Generator<void, number> {
  // Only what the row check reads: the chain walk has checked every entry's own seal already.
  const page = db.prepare(
    `SELECT r.id, ${digestInputSql('r')}, a.seq, a.event, a.detail_json
     FROM history_rows AS r
     LEFT JOIN audit_log AS a ON a.seq = (SELECT MAX(seq) FROM audit_log WHERE row_id = r.id)
     WHERE r.id > ? ORDER BY r.id LIMIT ?`,
  );
  page.setReturnArrays(true);
  let after = 0;
  let checked = 0;
  for (;;) {
    // node:sqlite types all() as objects whatever setReturnArrays says: its typing's boundary.
    const rows = page.all(after, SLICE) as unknown as unknown[][];
    if (rows.length === 0) break;
    for (const [id, digestInput, seq, event, detailJson] of rows) {
      const rowId = Number(id);
      const latest =
        seq === null
          ? undefined
          : ({ seq: Number(seq), event: String(event), detail_json: String(detailJson) } as RawEntry);
      const row = { id: rowId, digestInput: String(digestInput), latest };
      const check = checkRow(seal, row, () => legacyDigest(rowId), { checkEntry: false });
      if (check.state === 'failed') problems.add(check.problem);
      after = rowId;
      checked += 1;
    }
    yield;
  }
  yield* orphanEntries(db, problems);
  return checked;
}

/** Entries that name a row no longer in the file: the row was deleted outside Paydesk. */
export function* orphanEntries(db: DatabaseSync, problems: ProblemList, onlyRows?: Iterable<number>) {
  const deleted = (rowId: number, seq: number) =>
    auditProblem('row_deleted', { seq, rowId }, 'audit.problem.rowDeleted', { rowId });
  if (onlyRows) {
    const exists = db.prepare('SELECT 1 FROM history_rows WHERE id = ?');
    const first = db.prepare('SELECT MIN(seq) AS seq FROM audit_log WHERE row_id = ?');
    for (const rowId of onlyRows) {
      if (exists.get(rowId)) continue;
      problems.add(deleted(rowId, Number(first.get(rowId)?.seq ?? 0)));
    }
    return;
  }
  // A page of row ids at a time, in index order (audit_log (row_id, seq)), checked against the rows: one
  // statement over every entry would hold the main process for as long as it takes to aggregate them all.
  const page = db.prepare(
    `SELECT row_id, MIN(seq) AS seq FROM audit_log WHERE row_id > ? GROUP BY row_id ORDER BY row_id LIMIT ?`,
  );
  const exists = db.prepare('SELECT 1 FROM history_rows WHERE id = ?');
  let after = 0;
  for (;;) {
    const rows = page.all(after, SLICE);
    if (rows.length === 0) break;
    for (const row of rows) {
      const rowId = Number(row.row_id);
      after = rowId;
      if (rowId > 0 && !exists.get(rowId)) {
        problems.add(deleted(rowId, Number(row.seq)));
      }
    }
    yield;
  }
}

function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function incidentProblem(incident: AuditIncident): AuditProblem {
  const when = utcMinute(incident.detectedAt);
  if (incident.kind === 'anchor_missing') {
    return auditProblem('anchor_missing', { seq: incident.foundSeq + 1 }, 'audit.problem.anchorMissing', {
      when,
      seq: incident.foundSeq,
    });
  }
  const seq = incident.foundSeq + 1;
  return incident.anchoredSeq > incident.foundSeq
    ? auditProblem('rolled_back', { seq }, 'audit.problem.rolledBack', {
        when,
        found: incident.foundSeq,
        anchored: incident.anchoredSeq,
      })
    : auditProblem('rolled_back', { seq }, 'audit.problem.replaced', { when, seq: incident.anchoredSeq });
}

/** The incidents the anchor keeps, as problems: they stay in every report from then on. */
export function addIncidents(anchor: AuditAnchor | undefined, problems: ProblemList): void {
  if (!anchor) return;
  for (const incident of anchor.incidents) problems.add(incidentProblem(incident));
  const older = anchor.incidentCount - anchor.incidents.length;
  if (older > 0) {
    problems.add(
      auditProblem('rolled_back', { seq: 0 }, 'audit.problem.earlierIncidents', {
        count: older,
        kept: anchor.incidents.length,
      }),
    );
  }
}

export function summarize(
  trust: AuditTrust,
  scope: HistoryVerification['scope'],
  checkedAt: number,
  walk: ChainWalk,
  problems: ProblemList,
  rowsChecked: number,
): HistoryVerification {
  const { legacyUpTo, sealedFrom } = trust.record;
  const newest = walk.last.seq;
  const unprovedTo = Math.min(sealedFrom - 1, newest);
  return {
    ok: problems.count === 0,
    scope,
    checkedAt,
    entries: newest,
    verifiedUpTo: walk.cleanUpTo.seq > 0 ? { seq: walk.cleanUpTo.seq, at: walk.cleanUpTo.at } : null,
    rowsChecked,
    keyStore: trust.kind,
    legacy: legacyUpTo > 0 ? { toSeq: legacyUpTo } : null,
    unproved: unprovedTo > legacyUpTo ? { fromSeq: legacyUpTo + 1, toSeq: unprovedTo } : null,
    notices: trust.notices.map((notice) => notice.message),
    noticeWords: trust.notices.map((notice) => notice.words),
    problems: problems.listed,
    problemCount: problems.count,
  };
}

/** A row as the list and the drawer show it: what its own check and the latest verification say. */
export function rowAuditOf(check: RowCheck, known: ProblemList | undefined, rowId: number): RowAudit {
  const reasons = [...(known?.byRow.get(rowId) ?? [])];
  if (check.state === 'failed' && !reasons.some(({ reason }) => reason === check.problem.reason))
    reasons.unshift(rowReason(check.problem));
  if (reasons.length > 0) return rowAudit('failed', reasons);
  return check.state === 'unproved'
    ? rowAudit('unproved', [rowReason(auditUnprovedReason())])
    : { state: 'verified', reasons: [] };
}

function auditUnprovedReason(): RowReason {
  const { message, words } = worded('audit.problem.unproved');
  return { reason: message, words };
}

/** A row's audit from its reasons: the English ones, and their words in step with them. */
function rowAudit(state: RowAudit['state'], reasons: readonly RowReason[]): RowAudit {
  return {
    state,
    reasons: reasons.map(({ reason }) => reason),
    words: reasons.map(({ words }) => words ?? null),
  };
}

/** Runs a walk to completion at once. */
export function drain<T>(walk: Generator<void, T>): T {
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}
