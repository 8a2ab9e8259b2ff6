// The history file: pay-ins and KYC batches, with their audit trail, in one SQLite file owned by main.
// Every change to a row and the audit entry describing it are written in ONE transaction, so the trail
// never misses a change and never describes one that did not happen. The renderer reaches this only
// through the named methods below.
// The trail proves itself (audit-chain.ts, audit-trust.ts, audit-checks.ts): at open, the entries
// written since the last verified one and the anchor are checked; a full check of every entry and row
// runs in the background and on demand; every row read for the list, the drawer, a change or asking again
// is checked against its newest entry. A change is refused on a row that fails that check: recording
// on top of a tampered row would seal (launder) it.
// This file is the store's face and its writes; its parts: history-db.ts (the connection, cached
// statements, transactions), write-schemas.ts (what a write may carry), row-mapping.ts (a row as read),
// history-queries.ts (lookups, pages, totals, the CSV export of csv-export.ts), audit-checks.ts,
// team-outbox.ts (what team mode still has to replicate).
import type { SQLInputValue } from 'node:sqlite';
import type {
  AuditStatus,
  HistoryNote,
  HistoryRow,
  HistoryStatus,
  KycBatchRow,
  PayInRow,
} from '@shared/history';
import type { OperatorDayQuery } from '@shared/operator-day';
import { canFollow, decide } from '@shared/payin-lifecycle';
import { worded } from '../../i18n/worded';
import { type AuditEntry, type AuditEvent, rowToEntry } from '../audit/audit-chain';
import { startAuditChecks } from '../audit/audit-checks';
import type { AuditTrust } from '../audit/audit-trust';
import { digestInputSql, rowDigest } from '../audit/row-digest';
import { insertSql } from '../row-table/columns';
import { historyQueries, NAMED_SQL } from '../search/history-queries';
import { operatorDay } from '../search/operator-day';
import { openHistoryDb } from './history-db';
import { HistoryStoreError } from './history-errors';
import { kycEditsInTrail } from './kyc-edit-trail';
import { notificationCursor } from './notification-cursor';
import { toRow } from './row-mapping';
import { teamOutbox } from './team-outbox';
import {
  type KycBatchPatch,
  kycBatchPatchColumns,
  kycBatchPatchSchema,
  type NewKycBatch,
  type NewPayIn,
  newKycBatchColumns,
  newKycBatchSchema,
  newPayInColumns,
  type PayInPatch,
  payInPatchColumns,
  payInPatchSchema,
} from './write-schemas';

export { HistoryClosedError, HistoryStoreError, RowFailsVerificationError } from './history-errors';

/** Operator name recorded for what Paydesk does by itself (startup recovery). */
export const SYSTEM_OPERATOR = 'system';

/** Statuses whose audit entry is written with the outcome 'failure'. */
const FAILURE_STATUSES: ReadonlySet<string> = new Set<HistoryStatus>([
  'declined',
  'refused',
  'not_sent',
  'outcome_unknown',
  'conflict',
  'partial',
]);

type HistoryStoreOptions = {
  now?: () => number;
  /** The audit key and anchor of this file (audit-trust.ts: loadAuditTrust, or sessionTrust in tests). */
  trust: AuditTrust;
  /** Told when a check finishes (the app passes it on to the renderer as history.auditChanged). */
  onAuditStatus?: (status: AuditStatus) => void;
  /** How many new entries the check at start walks before leaving them to the full check (tests). */
  startupWalkLimit?: number;
};

export type HistoryStore = ReturnType<typeof openHistoryStore>;

/** Opens (creating and migrating as needed) the history file at `filePath`. */
export function openHistoryStore(filePath: string, options: HistoryStoreOptions) {
  const now = options.now ?? Date.now;
  const trust = options.trust;
  const history = openHistoryDb(filePath, trust, now);
  const { db, prepare, append, transaction } = history;

  function loadRow(id: number): HistoryRow | undefined {
    const row = prepare('SELECT * FROM history_rows WHERE id = ?').get(id);
    return row ? toRow(row) : undefined;
  }

  function audit(event: Omit<AuditEvent, 'detail'> & { detail: Record<string, unknown> }, rowId: number) {
    const row = prepare(`SELECT ${digestInputSql()} AS digest_input FROM history_rows WHERE id = ?`).get(
      rowId,
    );
    if (!row) throw new HistoryStoreError(`History row ${rowId} does not exist.`);
    return append({
      ...event,
      rowId,
      detail: { ...event.detail, rowHash: rowDigest(String(row.digest_input)) },
    });
  }

  const checks = startAuditChecks(history, {
    filePath,
    trust,
    now,
    onAuditStatus: options.onAuditStatus,
    startupWalkLimit: options.startupWalkLimit,
  });
  const { rowAudit, assertIntact } = checks;
  const queries = historyQueries(history, rowAudit);

  function resourceOf(row: HistoryRow): string {
    return row.kind === 'payin' ? row.merchantTradeNo : `batch:${row.id}`;
  }

  function outcomeOf(status: string): 'success' | 'failure' {
    return FAILURE_STATUSES.has(status) ? 'failure' : 'success';
  }

  /** Applies `columns` to a row and audits it, in the caller's transaction. */
  function changeRow(
    current: HistoryRow,
    columns: Record<string, SQLInputValue>,
    operator: string,
    event: string,
    extraDetail: Record<string, unknown> = {},
  ): void {
    assertIntact(current);
    const names = Object.keys(columns);
    const at = now();
    // Column names come from write-schemas.ts and this file, never from the caller's input.
    const assignments = [...names.map((name) => `${name} = :${name}`), 'updated_at = :updatedAt'].join(', ');
    prepare(`UPDATE history_rows SET ${assignments} WHERE id = :id`).run({
      ...columns,
      updatedAt: at,
      id: current.id,
    });
    const status = typeof columns.status === 'string' ? columns.status : current.status;
    audit(
      {
        operator,
        event,
        outcome: outcomeOf(status),
        resource: resourceOf(current),
        detail: {
          from: current.status,
          to: status,
          changed: names.map((name) => name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())),
          ...extraDetail,
        },
      },
      current.id,
    );
  }

  const store = {
    /** The file's path, as opened. */
    filePath,

    insertPayIn(input: NewPayIn): number {
      const columns = newPayInColumns(input);
      const at = now();
      return transaction(() => {
        const values = { ...columns, created_at: at, updated_at: at };
        const result = prepare(insertSql(values)).run(values);
        const id = Number(result.lastInsertRowid);
        const { amount, currency, api_version: apiVersion } = columns;
        audit(
          {
            operator: columns.operator,
            event: 'payin.created',
            outcome: 'success',
            resource: columns.merchant_trade_no,
            detail: { status: 'pending', amount, currency, apiVersion },
          },
          id,
        );
        return id;
      });
    },

    /**
     * Changes a pay-in and audits the change as `audit.event` (default `payin.updated`). The lifecycle's
     * transition table is the guard: a status that may not follow the current one is refused.
     */
    updatePayIn(
      id: number,
      patchInput: PayInPatch,
      audit: { event?: string; detail?: Record<string, unknown> } = {},
    ): PayInRow {
      const patch = payInPatchSchema.parse(patchInput);
      return transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'payin') throw new HistoryStoreError(`No pay-in with id ${id}.`);
        if (patch.status !== undefined && !canFollow(current.status, patch.status)) {
          throw new HistoryStoreError(
            `Pay-in ${current.merchantTradeNo} is ${current.status}; it cannot become ${patch.status}.`,
          );
        }
        changeRow(
          current,
          payInPatchColumns(patch),
          patch.operator ?? current.operator,
          audit.event ?? 'payin.updated',
          { noteKind: patch.note?.kind, traceid: patch.traceid ?? undefined, ...audit.detail },
        );
        const updated = loadRow(id);
        if (updated?.kind !== 'payin') throw new HistoryStoreError(`No pay-in with id ${id}.`);
        return updated;
      });
    },

    /**
     * Audits something that happened to a pay-in without changing it: a signed callback that agrees
     * with what is known, a late answer, a browser return after the result. Nothing the gateway says is
     * ever dropped without a trace.
     */
    recordPayInEvent(id: number, event: string, operator: string, detail: Record<string, unknown>): PayInRow {
      return transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'payin') throw new HistoryStoreError(`No pay-in with id ${id}.`);
        assertIntact(current);
        audit(
          {
            operator,
            event,
            outcome: outcomeOf(current.status),
            resource: current.merchantTradeNo,
            detail: { from: current.status, to: current.status, changed: [], ...detail },
          },
          id,
        );
        return current;
      });
    },

    /**
     * Audits something that happened to a KYC batch without changing its row (the compliance officer's
     * confirmation of document-date warnings): the batch's record then carries it in its timeline.
     */
    recordKycBatchEvent(id: number, event: string, operator: string, detail: Record<string, unknown>): void {
      transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'kyc_batch') throw new HistoryStoreError(`No KYC batch with id ${id}.`);
        assertIntact(current);
        audit(
          {
            operator,
            event,
            outcome: 'success',
            resource: resourceOf(current),
            detail: { from: current.status, to: current.status, changed: [], ...detail },
          },
          id,
        );
      });
    },

    insertKycBatch(input: NewKycBatch): number {
      const batch = newKycBatchSchema.parse(input);
      const at = now();
      return transaction(() => {
        const values = { ...newKycBatchColumns(batch), created_at: at, updated_at: at };
        const result = prepare(insertSql(values)).run(values);
        const id = Number(result.lastInsertRowid);
        audit(
          {
            operator: batch.operator,
            event: 'kyc_batch.created',
            outcome: 'success',
            resource: `batch:${id}`,
            detail: { status: 'pending', sha256: batch.sha256, counts: batch.counts },
          },
          id,
        );
        return id;
      });
    },

    updateKycBatch(id: number, patchInput: KycBatchPatch): KycBatchRow {
      const patch = kycBatchPatchSchema.parse(patchInput);
      return transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'kyc_batch') throw new HistoryStoreError(`No KYC batch with id ${id}.`);
        if (patch.status === 'pending' && current.status !== 'pending') {
          throw new HistoryStoreError('A KYC batch cannot go back to pending.');
        }
        changeRow(
          current,
          kycBatchPatchColumns(patch),
          patch.operator ?? current.operator,
          'kyc_batch.updated',
          {
            counts: patch.counts,
            chunks: patch.chunks?.length,
            ...(patch.edits !== undefined && patch.edits.length > 0 && { edits: patch.edits }),
          },
        );
        const updated = loadRow(id);
        if (updated?.kind !== 'kyc_batch') throw new HistoryStoreError(`No KYC batch with id ${id}.`);
        return updated;
      });
    },

    getById(id: number): HistoryRow | undefined {
      return loadRow(id);
    },

    /**
     * Startup recovery: a row still 'pending' was left by a crash while its request may have been in
     * flight, so nobody can say whether money moved. Returns the ids changed. A row that fails
     * verification is left as it is (and stays in the audit alert): recovering it would seal the edit.
     */
    markPendingAsOutcomeUnknown(operator: string = SYSTEM_OPERATOR): number[] {
      return transaction(() => {
        const pending = prepare(NAMED_SQL.pendingRows)
          .all()
          .map(toRow)
          .filter(
            (row) =>
              row.kind !== 'payin' || decide(row.status, { source: 'restart' }).next === 'outcome_unknown',
          )
          .filter((row) => rowAudit(row.id)?.state !== 'failed');
        for (const row of pending) {
          const note: HistoryNote = { kind: 'outcome_unknown', ...worded('history.note.recovered') };
          changeRow(
            row,
            { status: 'outcome_unknown', note_json: JSON.stringify(note) },
            operator,
            `${row.kind}.recovered_outcome_unknown`,
          );
        }
        return pending.map((row) => row.id);
      });
    },

    // Reads: the lookups, the list, its count, the daily totals, the export (history-queries.ts).
    latestPayInOfUser: queries.latestPayInOfUser,
    findPayInByTradeNo: queries.findPayInByTradeNo,
    recentDuplicate: queries.recentDuplicate,
    findKycBatchesBySha256: queries.findKycBatchesBySha256,
    query: queries.query,
    count: queries.count,
    dailyTotals: queries.dailyTotals,
    exportCsv: queries.exportCsv,
    explainQuery: queries.explainQuery,
    explainDailyTotals: queries.explainDailyTotals,

    /** One operator's day for a supervisor (operator-day.ts). */
    operatorDay: (query: OperatorDayQuery) => operatorDay(history, query),

    /** The changes waiting for the team store (team mode only: team/replicator.ts). */
    teamOutbox: teamOutbox(history, now),

    /** How far the desk has read the team's notifications, and its open pay-ins (team mode only). */
    notificationCursor: notificationCursor(history, now),

    /** Runs `work` in one transaction: the writes in it join it and commit together, or none does. */
    inOneTransaction<T>(work: () => T): T {
      return transaction(work);
    },

    /** Appends an audit entry not tied to a row change (sign-in, settings, secret changes). */
    recordEvent(event: AuditEvent): AuditEntry {
      return transaction(() => append(event));
    },

    /** The audit entries of one row, oldest first. */
    auditTrail(rowId: number): AuditEntry[] {
      return prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq').all(rowId).map(rowToEntry);
    },

    /** A KYC batch's hand edits as its audit entries hold them, each entry read back through the schema. */
    kycEdits(rowId: number) {
      return kycEditsInTrail(store.auditTrail(rowId));
    },

    // The audit trail's checks (audit-checks.ts).
    rowAudit,
    verifyRow: checks.verifyRow,
    auditStatus: checks.auditStatus,
    verifyHistory: checks.verifyHistory,
    verifyAll: checks.verifyAll,

    /** Waits until the anchor is written out: before the app quits. */
    flush(): Promise<void> {
      return trust.flush();
    },

    close(): void {
      checks.close();
      if (db.isOpen) db.close();
    },
  };
  return store;
}
