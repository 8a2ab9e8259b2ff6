// The desk's side of the gateway's notifications in team mode, in the history file: how far it has read
// them in each team database (migration 7), so that a desk closed for a day catches up from there when it
// starts, and which of its pay-ins are still open (the order numbers it asks the team database about by
// name, team/notification-subscriber.ts). Without team mode nothing calls this.
import { MONEY_READING, PAYIN_STATUSES } from '@shared/payin-lifecycle';
import type { HistoryDb } from './history-db';

/** Statuses of a pay-in the gateway's notification may still settle. */
const OPEN_STATUSES = PAYIN_STATUSES.filter((status) => MONEY_READING[status] === 'open');

export type NotificationCursor = ReturnType<typeof notificationCursor>;

export function notificationCursor(history: HistoryDb, now: () => number) {
  const { prepare } = history;
  const placeholders = OPEN_STATUSES.map(() => '?').join(', ');
  return {
    /** The last notification id handled from `team` (its database and desk role); 0 before the first. */
    read(team: string): number {
      const row = prepare('SELECT last_id FROM team_notification_cursor WHERE team = ?').get(team);
      return Number(row?.last_id ?? 0);
    },

    /** Moves the cursor of `team` forward to `lastId` (never back). */
    advance(team: string, lastId: number): void {
      prepare(
        `INSERT INTO team_notification_cursor (team, last_id, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (team) DO UPDATE SET last_id = excluded.last_id, updated_at = excluded.updated_at
         WHERE excluded.last_id > team_notification_cursor.last_id`,
      ).run(team, lastId, now());
    },

    /** The order numbers of the newest `limit` pay-ins whose outcome is still open. */
    openPayInTradeNos(limit: number): string[] {
      return prepare(
        `SELECT DISTINCT merchant_trade_no FROM (
           SELECT merchant_trade_no FROM history_rows
           WHERE kind = 'payin' AND status IN (${placeholders}) AND merchant_trade_no IS NOT NULL
           ORDER BY created_at DESC, id DESC LIMIT ?)`,
      )
        .all(...OPEN_STATUSES, limit)
        .map((row) => String(row.merchant_trade_no));
    },
  };
}
