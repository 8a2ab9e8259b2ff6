// One operator's day, for a supervisor: read from the history file, each list through an index over the
// day's range — the operator's own audit entries by idx_audit_operator_at, the approvals they granted by
// idx_audit_event_at (the approver is in the entry's detail, read with json_extract over that day's grants
// only), their pay-ins and KYC batches by idx_history_created. Totals are sums of integer minor units,
// per status and currency, turned into decimal text: never floats.

import { kycBatchStatusSchema, payInStatusSchema } from '@shared/history-values';
import {
  OPERATOR_DAY_LIST_CAP,
  type OperatorDay,
  type OperatorDayQuery,
  type PayInDayTotal,
} from '@shared/operator-day';
import { fromMinorUnits } from '../store/amount-minor';
import type { HistoryDb } from '../store/history-db';
import { integer, type SqlRow, text } from '../store/row-mapping';
import { DAY_MS } from './daily-totals';

type Capped = OperatorDay['capped'][number];

/** The SQL of each list, named so that a test can hold each to its index. */
export const OPERATOR_DAY_SQL = {
  ownEntries: `SELECT at, event, outcome, resource, detail_json FROM audit_log
     WHERE operator = :operator AND at >= :from AND at < :to AND event >= :eventFrom AND event < :eventTo
       AND event <> 'session.forbidden'
     ORDER BY at, seq LIMIT :limit`,
  // Unary + on event: one operator's entries of the day, not every operator's refusals of it.
  refusedCalls: `SELECT at, resource, detail_json FROM audit_log
     WHERE operator = :operator AND at >= :from AND at < :to AND +event = 'session.forbidden'
     ORDER BY at, seq LIMIT :limit`,
  approvalsGiven: `SELECT at, operator, detail_json FROM audit_log
     WHERE event = 'approval.granted' AND at >= :from AND at < :to
       AND json_extract(detail_json, '$.approvedBy') = :operator
     ORDER BY at, seq LIMIT :limit`,
  // Unary + on kind: the day's range on created_at names fewer rows than every pay-in of the kind index.
  payInTotals: `SELECT status, currency, COUNT(*) AS n, SUM(amount_minor) AS minor FROM history_rows
     WHERE created_at >= :from AND created_at < :to AND operator = :operator AND +kind = 'payin'
     GROUP BY status, currency ORDER BY status, currency`,
  kycBatches: `SELECT id, created_at, file_name, status FROM history_rows
     WHERE created_at >= :from AND created_at < :to AND operator = :operator AND +kind = 'kyc_batch'
     ORDER BY created_at, id LIMIT :limit`,
} as const;

/**
 * The day's start and end (exclusive), epoch ms, for a local day at `utcOffsetMinutes`. A day on which the
 * clocks change (23 or 25 hours) is read as the 24 hours from its midnight, at the offset of its start.
 */
export function localDayRange(day: string, utcOffsetMinutes: number): { from: number; to: number } {
  const from = Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes * 60_000;
  return { from, to: from + DAY_MS };
}

function detailOf(row: SqlRow): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text(row.detail_json));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const optionalText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The prefix's range of event names ("session." up to "session/"): an index-friendly LIKE 'session.%'. */
function eventsStarting(prefix: string) {
  return { eventFrom: `${prefix}.`, eventTo: `${prefix}/` };
}

export function operatorDay(history: HistoryDb, query: OperatorDayQuery): OperatorDay {
  const { prepare } = history;
  const { from, to } = localDayRange(query.day, query.utcOffsetMinutes);
  const operator = query.operatorId;
  const limit = OPERATOR_DAY_LIST_CAP + 1;
  const capped: Capped[] = [];
  const cap = <T>(name: Capped, rows: T[]): T[] => {
    if (rows.length <= OPERATOR_DAY_LIST_CAP) return rows;
    capped.push(name);
    return rows.slice(0, OPERATOR_DAY_LIST_CAP);
  };
  const own = (prefix: string) =>
    prepare(OPERATOR_DAY_SQL.ownEntries).all({ operator, from, to, limit, ...eventsStarting(prefix) });

  const sessions = own('session').map((row) => {
    const detail = detailOf(row);
    const reason = optionalText(detail.reason);
    return {
      at: Number(integer(row.at)),
      event: text(row.event).slice('session.'.length),
      outcome: text(row.outcome) === 'failure' ? ('failure' as const) : ('success' as const),
      ...(reason !== undefined && { reason }),
    };
  });
  const refusedCalls = prepare(OPERATOR_DAY_SQL.refusedCalls)
    .all({ operator, from, to, limit })
    .map((row) => ({
      at: Number(integer(row.at)),
      channel: text(row.resource),
      permission: optionalText(detailOf(row).permission) ?? '',
    }));

  const approvalsAsked = own('approval').map((row) => {
    const detail = detailOf(row);
    const supervisor = optionalText(detail.approvedBy) ?? optionalText(detail.by);
    const summary = optionalText(detail.summary);
    const reason = optionalText(detail.reason);
    return {
      at: Number(integer(row.at)),
      event: text(row.event).slice('approval.'.length),
      action: optionalText(detail.action) ?? '',
      ...(summary !== undefined && { summary }),
      ...(supervisor !== undefined && { supervisor }),
      ...(reason !== undefined && { reason }),
    };
  });

  const approvalsGiven = prepare(OPERATOR_DAY_SQL.approvalsGiven)
    .all({ operator, from, to, limit })
    .map((row) => {
      const detail = detailOf(row);
      const summary = optionalText(detail.summary);
      return {
        at: Number(integer(row.at)),
        requester: text(row.operator),
        action: optionalText(detail.action) ?? '',
        ...(summary !== undefined && { summary }),
        ...(detail.selfApproved === true && { selfApproved: true }),
      };
    });

  // SUM over int64 comes back exact (BigInt when large): the total of a day's cents, never a float.
  const payIns: PayInDayTotal[] = prepare(OPERATOR_DAY_SQL.payInTotals)
    .all({ operator, from, to })
    .map((row) => ({
      status: payInStatusSchema.parse(text(row.status)),
      currency: text(row.currency),
      count: Number(row.n),
      amount: fromMinorUnits(integer(row.minor)),
    }));

  const kycBatches = prepare(OPERATOR_DAY_SQL.kycBatches)
    .all({ operator, from, to, limit })
    .map((row) => ({
      id: Number(integer(row.id)),
      at: Number(integer(row.created_at)),
      fileName: text(row.file_name),
      status: kycBatchStatusSchema.parse(text(row.status)),
    }));

  const lists = {
    sessions: cap('sessions', sessions),
    kycBatches: cap('kycBatches', kycBatches),
    approvalsAsked: cap('approvalsAsked', approvalsAsked),
    approvalsGiven: cap('approvalsGiven', approvalsGiven),
    refusedCalls: cap('refusedCalls', refusedCalls),
  };
  return { operatorId: operator, day: query.day, from, to, payIns, ...lists, capped };
}
