// When the history file's audit trail is checked, and what the latest check found: at open (the entries
// since the last verified one), catching up between full checks (what this session wrote), the full check
// in the background or on demand, every row as it is read, and a row before asking again rebuilds a request from it.
// The walks and checks themselves are audit-verify.ts; the chain they walk, audit-chain.ts.
import { DatabaseSync } from 'node:sqlite';
import type { AuditStatus, HistoryRow, HistoryVerification, RowAudit } from '@shared/history';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc';
import { englishOf, wordsOf } from '../../i18n/refuse';
import type { HistoryDb } from '../store/history-db';
import { HistoryClosedError, RowFailsVerificationError } from '../store/history-errors';
import { toRow } from '../store/row-mapping';
import { entryHolds, toRawEntry } from './audit-chain';
import { type AuditTrust, newAnchor } from './audit-trust';
import {
  addIncidents,
  CHAIN_START,
  type ChainPoint,
  type ChainWalk,
  checkHead,
  checkRow,
  drain,
  orphanEntries,
  ProblemList,
  ROW_WITH_LATEST_SQL,
  rowAuditOf,
  summarize,
  toRowWithLatest,
  walkChain,
  walkRows,
} from './audit-verify';
import { legacyRowDigest } from './row-digest';

/** The check at start walks at most this many new entries (about a quarter of a second); beyond, the full check does. */
const STARTUP_WALK_LIMIT = 50_000;

/** What asking again is told about the row it would be rebuilt from (verifyRow). */
type RowVerdict =
  | { ok: true }
  | { ok: false; state: 'failed' | 'unproved'; message: string; words: RefusalWords };

/** A verdict against asking again, in the catalogue's words (its message their English, for the log). */
function refused(state: 'failed' | 'unproved', key: MessageKey, values?: MessageValues): RowVerdict {
  const words = wordsOf(key, values);
  return { ok: false, state, message: englishOf(words), words };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Checks what is new since the last verified entry (at open), and keeps the checks' state from then on. */
export function startAuditChecks(
  history: HistoryDb,
  options: {
    filePath: string;
    trust: AuditTrust;
    now: () => number;
    /** Told when a check finishes (the app passes it on to the renderer as history.auditChanged). */
    onAuditStatus?: ((status: AuditStatus) => void) | undefined;
    /** How many new entries the check at start walks before leaving them to the full check (tests). */
    startupWalkLimit?: number | undefined;
  },
) {
  const { db, prepare } = history;
  const { filePath, trust, now } = options;

  /** The row's digest by the legacy rule, read through `source` (the full check has its own connection). */
  function legacyDigestVia(source: DatabaseSync, id: number): string | undefined {
    const statement = source.prepare('SELECT * FROM history_rows WHERE id = ?');
    statement.setReadBigInts(true);
    const row = statement.get(id);
    return row ? legacyRowDigest(toRow(row)) : undefined;
  }

  /** The problems of the latest check (at start, then each full check): rows they name are flagged. */
  let known: ProblemList | undefined;
  let latest: HistoryVerification;
  /** The newest entry the latest check walked (or left to the full check): catchUp goes on from here. */
  let covered: ChainPoint = CHAIN_START;
  let fullRun: Promise<HistoryVerification> | undefined;
  let reader: DatabaseSync | undefined;
  let closed = false;
  /** A full check has completed since the file was opened. */
  let fullyChecked = false;

  function entryAt(seq: number): ChainPoint | undefined {
    const row = prepare('SELECT seq, hash, at FROM audit_log WHERE seq = ?').get(seq);
    return row ? { seq: Number(row.seq), hash: String(row.hash), at: Number(row.at) } : undefined;
  }

  /**
   * One row against its newest entry, the entry's own seal included: what every read goes through.
   * `checkEntry: false` after a walk that has checked the entries already (one problem, reported once).
   */
  function checkOne(id: number, checkEntry = true) {
    const raw = prepare(`${ROW_WITH_LATEST_SQL} WHERE r.id = ?`).get(id);
    if (!raw) return undefined;
    return checkRow(trust, toRowWithLatest(raw), () => legacyDigestVia(db, id), { checkEntry });
  }

  function rowAudit(id: number): RowAudit | undefined {
    const check = checkOne(id);
    return check && rowAuditOf(check, known, id);
  }

  /** Refuses to build on a row that fails its check: the new entry would seal whatever was edited. */
  function assertIntact(row: HistoryRow): void {
    const audit = rowAudit(row.id);
    if (audit?.state !== 'failed') return;
    const what = row.kind === 'payin' ? `pay-in ${row.merchantTradeNo}` : `KYC batch ${row.id}`;
    throw new RowFailsVerificationError(
      `The history row of ${what} fails verification against the audit trail (${audit.reasons.join(' ')}) Paydesk records nothing on top of it; see the audit alert in History.`,
    );
  }

  type CheckResult = { verification: HistoryVerification; problems: ProblemList; last: ChainPoint };

  function keep(result: CheckResult): HistoryVerification {
    latest = result.verification;
    known = result.problems;
    covered = result.last;
    return latest;
  }

  /**
   * Between full checks: the entries written since the latest check (by this session, as a rule) are
   * read back and checked with the rows they touched, so that "verified up to" stays current. Cheap: a
   * few entries each time History asks.
   */
  function catchUp(): void {
    if (fullRun || !known) return;
    const newest = prepare('SELECT MAX(seq) AS seq FROM audit_log').get();
    if (Number(newest?.seq ?? 0) <= covered.seq) return;
    const problems = known;
    const before = problems.count;
    const touched = new Set<number>();
    const walk = drain(
      walkChain(db, trust, covered, problems, (entry) => {
        if (entry.row_id !== null) touched.add(entry.row_id);
      }),
    );
    for (const id of touched) {
      const check = checkOne(id, false);
      if (check?.state === 'failed') problems.add(check.problem);
    }
    drain(orphanEntries(db, problems, touched));
    const clean = problems.count === before && walk.cleanUpTo.seq === walk.last.seq;
    // "Verified up to" moves on only when it had reached what the latest check covered.
    const extends_ = clean && (latest.verifiedUpTo?.seq ?? 0) === covered.seq;
    const anchor = trust.anchor;
    if (extends_ && problems.count === 0 && anchor && anchor.verifiedSeq === covered.seq) {
      trust.setAnchor({
        ...anchor,
        verifiedSeq: walk.last.seq,
        verifiedHash: walk.last.hash,
        verifiedAt: now(),
      });
    }
    latest = {
      ...latest,
      ok: problems.count === 0,
      entries: walk.last.seq,
      verifiedUpTo: extends_ ? { seq: walk.last.seq, at: walk.last.at } : latest.verifiedUpTo,
      problems: problems.listed,
      problemCount: problems.count,
      notices: trust.notices.map((notice) => notice.message),
      noticeWords: trust.notices.map((notice) => notice.words),
    };
    covered = walk.last;
  }

  function publish(result: CheckResult): void {
    keep(result);
    options.onAuditStatus?.({ verification: latest, checking: fullRun !== undefined });
  }

  /**
   * At open: the entries after the last verified one (trusted, from the anchor), the rows they touched,
   * the chain's head, and the anchor — which catches a file that lost committed entries. Advances the
   * verified point only when nothing was found, so a problem is found again at every start.
   */
  function startupCheck(): HistoryVerification {
    const checkedAt = now();
    const problems = new ProblemList();
    const anchor = trust.anchor;
    let from = CHAIN_START;
    if (anchor && anchor.verifiedSeq > 0) {
      const verified = entryAt(anchor.verifiedSeq);
      // An entry verified before and now different: walk it all, whatever changed shows there.
      if (verified?.hash === anchor.verifiedHash) from = verified;
    }
    const newest = prepare('SELECT seq, hash, at FROM audit_log ORDER BY seq DESC LIMIT 1').get();
    const head: ChainPoint = newest
      ? { seq: Number(newest.seq), hash: String(newest.hash), at: Number(newest.at) }
      : CHAIN_START;
    const touched = new Set<number>();
    let walk: ChainWalk;
    if (head.seq - from.seq <= (options.startupWalkLimit ?? STARTUP_WALK_LIMIT)) {
      walk = drain(
        walkChain(db, trust, from, problems, (entry) => {
          if (entry.row_id !== null) touched.add(entry.row_id);
        }),
      );
      checkHead(db, walk.last, problems);
      for (const id of touched) {
        const check = checkOne(id, false);
        if (check?.state === 'failed') problems.add(check.problem);
      }
      drain(orphanEntries(db, problems, touched));
    } else {
      // A long backlog (a history adopted from the previous version, an anchor lost): start stays fast,
      // the full check in the background walks it, and says so when it is done.
      walk = { last: head, cleanUpTo: from };
    }
    const clean = problems.count === 0 && walk.cleanUpTo.seq === walk.last.seq;

    const next = anchor
      ? { ...anchor, incidents: [...anchor.incidents] }
      : newAnchor(walk.last.seq, walk.last.hash, CHAIN_START, checkedAt);
    const incident = (kind: 'rolled_back' | 'anchor_missing', anchoredSeq: number) => {
      next.incidents = [
        ...next.incidents,
        { kind, detectedAt: checkedAt, anchoredSeq, foundSeq: walk.last.seq },
      ].slice(-5);
      next.incidentCount += 1;
    };
    if (!anchor) {
      incident('anchor_missing', 0);
    } else if (anchor.seq > walk.last.seq || (anchor.seq > 0 && entryAt(anchor.seq)?.hash !== anchor.hash)) {
      incident('rolled_back', anchor.seq);
    }
    next.seq = walk.last.seq;
    next.hash = walk.last.hash;
    if (clean) {
      next.verifiedSeq = walk.last.seq;
      next.verifiedHash = walk.last.hash;
      next.verifiedAt = checkedAt;
    }
    trust.setAnchor(next);
    addIncidents(next, problems);
    return keep({
      verification: summarize(trust, 'startup', checkedAt, walk, problems, touched.size),
      problems,
      last: walk.last,
    });
  }

  /** Every entry and every row, on `source`, a slice at a time. */
  function* fullCheck(source: DatabaseSync): Generator<void, CheckResult> {
    const checkedAt = now();
    const problems = new ProblemList();
    const walk = yield* walkChain(source, trust, CHAIN_START, problems);
    checkHead(source, walk.last, problems);
    const rowsChecked = yield* walkRows(source, trust, problems, (id) => legacyDigestVia(source, id));
    const anchor = trust.anchor;
    if (problems.count === 0 && anchor && walk.last.seq > anchor.verifiedSeq) {
      trust.setAnchor({
        ...anchor,
        verifiedSeq: walk.last.seq,
        verifiedHash: walk.last.hash,
        verifiedAt: checkedAt,
      });
    }
    addIncidents(trust.anchor, problems);
    return {
      verification: summarize(trust, 'full', checkedAt, walk, problems, rowsChecked),
      problems,
      last: walk.last,
    };
  }

  startupCheck();

  const checks = {
    /** The row against the audit trail, as the detail drawer shows it; undefined when there is no row. */
    rowAudit,

    /** Refuses to build on a row that fails its check: the new entry would seal whatever was edited. */
    assertIntact,

    /**
     * Before asking again rebuilds a request from a row: waits for a full check under way, then checks the row, every
     * audit entry of it, and what the checks found about the chain since the row's first entry (a gap
     * or a rollback there may have taken one of its entries). Anything short of verified is refused.
     */
    async verifyRow(id: number): Promise<RowVerdict> {
      // Backed by a full check of this session: the check at start walks only what is new, and a row's
      // older entries are only as good as the chain after them.
      if (fullRun || !fullyChecked) {
        try {
          await checks.verifyAll();
        } catch (error) {
          return refused('failed', 'refusal.payin.auditUncheckable', { reason: errorText(error) });
        }
      }
      const audit = rowAudit(id);
      if (!audit) return refused('failed', 'refusal.payin.historyRowMissing', { id: String(id) });
      const reasons = audit.state === 'failed' ? [...audit.reasons] : [];
      let unproved = audit.state === 'unproved';
      const entries = prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq')
        .all(id)
        .map(toRawEntry);
      for (const entry of entries) {
        const holds = entryHolds(trust, entry);
        if (holds === 'unproved') unproved = true;
        const reason = `Audit entry ${entry.seq} (${entry.event}, row ${id}) was changed after it was written.`;
        if (holds === false && !reasons.includes(reason)) reasons.push(reason);
      }
      const first = entries[0]?.seq ?? 0;
      for (const problem of known?.chainWide ?? []) {
        if (problem.seq > first && !reasons.includes(problem.reason)) reasons.push(problem.reason);
      }
      if (reasons.length > 0) {
        // The reasons are the audit check's own findings (as History's audit check lists them).
        return refused('failed', 'refusal.payin.auditFailed', { reasons: reasons.join(' ') });
      }
      if (unproved) {
        return refused('unproved', 'refusal.payin.auditUnproved');
      }
      return { ok: true };
    },

    /** The latest check's result, and whether a full check is under way. */
    auditStatus(): AuditStatus {
      catchUp();
      return { verification: latest, checking: fullRun !== undefined };
    },

    /** Every entry and every row, at once (tests, diagnostics): blocks until done. */
    verifyHistory(): HistoryVerification {
      const result = drain(fullCheck(db));
      fullyChecked = true;
      return keep(result);
    },

    /**
     * Every entry and every row, a slice at a time on a read-only connection of its own (one snapshot of
     * the file, so writes meanwhile neither block nor confuse it). One at a time: a second call while
     * one runs gets its result.
     */
    verifyAll(): Promise<HistoryVerification> {
      if (closed) return Promise.reject(new HistoryClosedError('The history is closed.'));
      fullRun ??= (async () => {
        // Starts on the next turn: the caller holds the promise before anything can settle it.
        await new Promise((resolve) => setImmediate(resolve));
        if (closed) throw new HistoryClosedError('The history was closed before the check.');
        const source = new DatabaseSync(filePath, { readOnly: true });
        reader = source;
        try {
          source.exec('BEGIN');
          const walk = fullCheck(source);
          for (;;) {
            const step = walk.next();
            if (step.done) {
              fullRun = undefined;
              fullyChecked = true;
              publish(step.value);
              return step.value.verification;
            }
            await new Promise((resolve) => setImmediate(resolve));
            if (closed) throw new HistoryClosedError('The history was closed during the check.');
          }
        } finally {
          fullRun = undefined;
          reader = undefined;
          if (source.isOpen) {
            if (source.isTransaction) source.exec('COMMIT');
            source.close();
          }
        }
      })();
      return fullRun;
    },

    /** Stops a full check under way (it ends with HistoryClosedError) and closes its connection. */
    close(): void {
      closed = true;
      // The full check's connection first: the last one to close removes the WAL.
      if (reader?.isOpen) reader.close();
    },
  };
  return checks;
}
