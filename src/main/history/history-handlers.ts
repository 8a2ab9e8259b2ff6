// What the history.* channels answer: pages, one entry with its audit trail, daily totals, the CSV export
// and the audit trail's checks, all from the history store (history-store.ts); the notice of a history
// salvaged at start (salvage/salvage-reports.ts), which the page asks for when it is ready.
import { csvFormOf } from '../csv/csv-form';
import { refusal } from '../i18n/refuse';
import { worded } from '../i18n/worded';
import type { HandlersOf } from '../ipc/dispatch';
import { acknowledgeSalvageNotices, pendingSalvageNotice } from './salvage/salvage-reports';
import { InvalidCursorError } from './search/filter-sql';
import type { HistoryStore } from './store/history-store';

export function historyHandlers(deps: {
  history: HistoryStore;
  /** Who exports: the CSV export is audited with the operator's name. */
  operator: () => string;
  /** The data folder, where the salvage reports are kept. */
  dataDir: string;
  /**
   * Whose rows the caller may read: their own id for a role without `history.all` (main narrows every
   * read to it, whatever the filter asked), undefined for all of them.
   */
  ownRowsOnly: () => string | undefined;
}): HandlersOf<'history'> {
  const { history } = deps;
  const scoped = <F extends { operator?: string | undefined }>(filter: F): F => {
    const own = deps.ownRowsOnly();
    return own === undefined ? filter : { ...filter, operator: own };
  };
  return {
    'history.query': async (filter) => {
      try {
        return history.query(scoped(filter));
      } catch (error) {
        // A cursor is opaque text from the renderer: one Paydesk did not issue is bad input, not a fault.
        if (error instanceof InvalidCursorError) throw refusal('invalid', error.key, undefined, 'cursor');
        throw error;
      }
    },
    'history.get': async ({ id }) => {
      const row = history.getById(id);
      const own = deps.ownRowsOnly();
      if (!row || (own !== undefined && row.operator !== own))
        throw refusal('not_found', 'refusal.history.noEntry', { id }, 'id');
      const gone = worded('audit.problem.rowGone');
      const audit = history.rowAudit(id) ?? {
        state: 'failed' as const,
        reasons: [gone.message],
        words: [gone.words],
      };
      const timeline = history
        .auditTrail(id)
        .map(({ seq, at, operator, event, outcome, resource, detail }) => ({
          seq,
          at,
          operator,
          event,
          outcome,
          resource,
          detail,
        }));
      if (row.kind !== 'kyc_batch') return { row, timeline, audit };
      const { edits, unreadable } = history.kycEdits(id);
      return { row, timeline, audit, kycEdits: edits, kycEditsUnreadable: unreadable };
    },
    'history.dailyTotals': async (query) => {
      const own = deps.ownRowsOnly();
      return history.dailyTotals(
        own === undefined ? query : { ...query, filter: { ...query.filter, operator: own } },
      );
    },
    'history.operatorDay': async (query) => {
      const day = history.operatorDay(query);
      // Reading the audit trail is itself audited (PCI DSS 10.2.1.3): who looked at whose day.
      history.recordEvent({
        operator: deps.operator(),
        event: 'history.operator_day_viewed',
        outcome: 'success',
        resource: query.operatorId,
        detail: { day: query.day, utcOffsetMinutes: query.utcOffsetMinutes },
      });
      return day;
    },
    'history.exportCsv': async ({ filter = {}, format }) => ({
      csv: history.exportCsv(scoped(filter), { operator: deps.operator(), form: await csvFormOf(format) }),
      fileName: `paydesk-history-${new Date().toISOString().slice(0, 10)}.csv`,
    }),
    'history.verify': async () => history.verifyAll(),
    'history.auditStatus': async () => history.auditStatus(),
    'history.startupNotice': async () => pendingSalvageNotice(deps.dataDir),
    'history.acknowledgeStartupNotice': async () => {
      const notice = pendingSalvageNotice(deps.dataDir);
      if (notice) {
        const operator = deps.operator();
        acknowledgeSalvageNotices(deps.dataDir, operator, Date.now());
        history.recordEvent({
          operator,
          event: 'history.salvage_acknowledged',
          outcome: 'success',
          resource: 'history',
          detail: { report: notice.id },
        });
      }
      return pendingSalvageNotice(deps.dataDir);
    },
  };
}
