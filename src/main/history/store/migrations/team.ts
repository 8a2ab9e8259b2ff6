// Team mode's tables in the history file: the outbox the replicator reads (6), how far the desk has read
// the team's notifications (7). Never edit a shipped migration: append a new one.
import type { Migration } from '../apply-migrations';

/**
 * The trigger that puts a row or an audit entry, as its payload view gives it, in the outbox after `event`
 * while the desk replicates. Its text is part of migration 6 as shipped: never change it.
 */
function outboxTrigger(kind: 'row' | 'audit', event: 'insert' | 'update'): string {
  const [table, key] = kind === 'row' ? ['history_rows', 'id'] : ['audit_log', 'seq'];
  return `CREATE TRIGGER team_outbox_${kind}_${event} AFTER ${event.toUpperCase()} ON ${table}
        WHEN EXISTS (SELECT 1 FROM team_replication)
      BEGIN
        INSERT INTO team_outbox (kind, ref, payload)
          SELECT '${kind}', ${key}, payload FROM team_${kind}_payload WHERE ${key} = NEW.${key};
      END;`;
}

/** Migration 6: the team outbox, filled by triggers, and the card key of each pay-in. */
export const teamOutbox: Migration = {
  version: 6,
  description: 'team mode: the outbox of changes to replicate, and the card key of each pay-in',
  up: `
      -- The keyed fingerprint of a pay-in's card (team/card-key.ts: HMAC under the team key, never the
      -- number), for the team's duplicate check. NULL without team mode. Not in the row digest's fixed
      -- column list (row-digest.ts), so existing rows keep their digests.
      ALTER TABLE history_rows ADD COLUMN card_key TEXT
        CHECK (card_key IS NULL OR (length(card_key) = 64 AND card_key NOT GLOB '*[^0-9a-f]*'));

      -- Present (one row) while this desk replicates to a team database; the triggers below fill the
      -- outbox only then, so a desk without team mode writes exactly what it wrote before.
      CREATE TABLE team_replication (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        enabled_at INTEGER NOT NULL
      );

      -- What is still to be sent, in the order it was written. AUTOINCREMENT: seq is the version of the
      -- row it carries (team/replicator.ts keys its upserts by desk, row and version), so it never goes back.
      -- payload is the row or entry as it was at that write, as JSON, card data already left out by the
      -- row's own columns (masked number, request without number or CVV).
      CREATE TABLE team_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('row', 'audit')),
        ref INTEGER NOT NULL,
        payload TEXT NOT NULL
      );

      -- The one definition of what a replicated row and entry carry; amount_minor as text, since JSON
      -- numbers past 2^53 would not come back exact.
      CREATE VIEW team_row_payload AS
        SELECT id, json_object(
          'row_id', id, 'kind', kind, 'status', status, 'created_at', created_at, 'updated_at', updated_at,
          'profile', profile, 'operator', operator, 'api_version', api_version,
          'merchant_trade_no', merchant_trade_no, 'user_id', user_id, 'masked_pan', masked_pan,
          'brand', brand, 'last4', last4, 'amount', amount, 'amount_minor', CAST(amount_minor AS TEXT),
          'currency', currency, 'order_id', order_id, 'traceid', traceid, 'remark', remark,
          'request_json', request_json, 'response_raw', response_raw, 'error_json', error_json,
          'file_name', file_name, 'sha256', sha256, 'counts_json', counts_json, 'chunks_json', chunks_json,
          'accepted_user_ids_json', accepted_user_ids_json, 'card_key', card_key) AS payload
        FROM history_rows;

      CREATE VIEW team_audit_payload AS
        SELECT seq, json_object(
          'seq', seq, 'at', at, 'operator', operator, 'event', event, 'outcome', outcome,
          'resource', resource, 'row_id', row_id, 'detail_json', detail_json, 'prev_hash', prev_hash,
          'hash', hash) AS payload
        FROM audit_log;

      ${outboxTrigger('row', 'insert')}

      ${outboxTrigger('row', 'update')}

      ${outboxTrigger('audit', 'insert')}
    `,
};

/** Migration 7: the team notification cursor. */
export const notificationCursor: Migration = {
  version: 7,
  description: "team mode: how far this desk has read the gateway's notifications in each team database",
  up: `
      -- The id of the last notification (paydesk.gateway_notifications) this desk has handled, per team
      -- database and desk role (team/notification-subscriber.ts): a desk closed for a day catches up from
      -- here when it starts. Not part of the history's audit chain: losing it costs a re-read, never a
      -- settlement (a notification handled twice changes nothing, the lifecycle decides).
      CREATE TABLE team_notification_cursor (
        team TEXT PRIMARY KEY,
        last_id INTEGER NOT NULL CHECK (last_id >= 0),
        updated_at INTEGER NOT NULL
      );
    `,
};
