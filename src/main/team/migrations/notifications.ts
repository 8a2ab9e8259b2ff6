// The gateway's notifications in the team database: stored by the notification service (src/notify), read
// by the desk that sent the order (migration 3); stored without a NOTIFY in the inserting transaction (5). Never edit a shipped migration: append a new one.
import type { TeamMigration } from '../apply-team-migrations';

/**
 * A function that gives a desk the notifications `which` selects, of orders it sent itself: a pay-in row its
 * own role replicated with that merchantTradeNo. Its text is part of migration 3 as shipped: never change it.
 */
function ownOrdersFunction(signature: string, which: string, limit?: string): string {
  return `CREATE FUNCTION paydesk.${signature}
      RETURNS TABLE (id bigint, merchant_id bigint, merchant_trade_no text, content_type text, raw_body text,
                     received_at timestamptz)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT n.id, n.merchant_id, n.merchant_trade_no, n.content_type, n.raw_body, n.received_at
        FROM paydesk.gateway_notifications AS n
        WHERE ${which} AND EXISTS (
          SELECT 1 FROM paydesk.history_rows AS r
          WHERE r.kind = 'payin' AND r.merchant_trade_no = n.merchant_trade_no AND r.db_role = session_user)
        ORDER BY n.id${limit === undefined ? '' : `\n        ${limit}`}
      $fn$;`;
}

/** Migration 3: the gateway's notifications, their roles and the desks' reads. */
export const notifications: TeamMigration = {
  version: 3,
  description:
    "the gateway's notifications, stored by the notification service, read by the desk that sent the order",
  up: `
      -- The notification service (src/notify) signs in as a login role in paydesk_notify, a group role an
      -- administrator makes (setup.sql, or notify-role.sql for a database set up before): the owner may
      -- not create roles, only grant to them.
      DO $do$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'paydesk_notify') THEN
          RAISE EXCEPTION 'The role paydesk_notify is missing: an administrator runs docs/team/notify-role.sql once, then the migration again.';
        END IF;
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO paydesk_notify', current_database());
      END
      $do$;
      GRANT USAGE ON SCHEMA paydesk TO paydesk_notify;

      -- Each notification the gateway posted to callBackURL, with its body as received: only a desk's own
      -- verification of the signature, with its own merchant secret, makes it the gateway's word; the
      -- columns beside the body are the service's reading of it, for routing only. A delivery repeated
      -- (the gateway's retries, two service instances) carries the same body (A23), so its hash is the
      -- identity: INSERT … ON CONFLICT DO NOTHING stores it once. The service's role may only insert;
      -- nobody reads the table but the owner and the functions below.
      CREATE TABLE paydesk.gateway_notifications (
        id bigserial PRIMARY KEY,
        merchant_id bigint NOT NULL,
        merchant_trade_no text NOT NULL,
        order_id text,
        order_status integer,
        content_type text NOT NULL,
        raw_body text NOT NULL,
        body_sha256 text NOT NULL CHECK (body_sha256 ~ '^[0-9a-f]{64}$'),
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (merchant_id, body_sha256)
      );
      CREATE INDEX gateway_notifications_trade_no ON paydesk.gateway_notifications (merchant_trade_no, id);

      -- Wakes every listening desk (LISTEN paydesk_notifications) when the row commits; the payload is the
      -- id only, and a desk reads the row through desk_notifications, which shows it its own orders only.
      CREATE FUNCTION paydesk.gateway_notification_added() RETURNS trigger
      LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        PERFORM pg_notify('paydesk_notifications', NEW.id::text);
        RETURN NULL;
      END
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.gateway_notification_added() FROM PUBLIC;
      CREATE TRIGGER gateway_notifications_added AFTER INSERT ON paydesk.gateway_notifications
        FOR EACH ROW EXECUTE FUNCTION paydesk.gateway_notification_added();

      GRANT INSERT ON paydesk.gateway_notifications TO paydesk_notify;
      GRANT USAGE ON SEQUENCE paydesk.gateway_notifications_id_seq TO paydesk_notify;

      -- A desk reads the notifications for orders it sent: a pay-in row its own role replicated with that
      -- merchantTradeNo. Inside SECURITY DEFINER current_user is the owner; session_user is the desk's login
      -- role, the one its rows carry in db_role (a SET ROLE does not change it). By id, after the desk's
      -- cursor: the keyset a desk catches up with after every (re)connect.
      ${ownOrdersFunction('desk_notifications(p_after bigint, p_limit integer)', 'n.id > p_after', 'LIMIT least(greatest(p_limit, 1), 1000)')}
      -- The same, for the named orders whatever their id: a notification may commit before the desk's row
      -- for its order is replicated, and a cursor that moved past it meanwhile would never show it again.
      ${ownOrdersFunction('desk_notifications_for_orders(p_trade_nos text[])', 'n.merchant_trade_no = ANY (p_trade_nos)')}
      REVOKE ALL ON FUNCTION paydesk.desk_notifications(bigint, integer),
        paydesk.desk_notifications_for_orders(text[]) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.desk_notifications(bigint, integer),
        paydesk.desk_notifications_for_orders(text[]) TO paydesk_desk;
    `,
};

/** Migration 5: no NOTIFY in the inserting transaction. */
export const notifyAfterCommit: TeamMigration = {
  version: 5,
  description: 'notifications stored without a NOTIFY in the inserting transaction',
  up: `
      -- A NOTIFY queued by a transaction takes PostgreSQL's instance-wide notify lock at its commit and
      -- holds it through the WAL flush (async.c, PreCommit_Notify): with migration 3's row trigger no two
      -- storing commits shared a flush, and the service was held to a fraction of the disk's rate (issue
      -- 32). The service now says NOTIFY paydesk_notifications itself, after its COMMIT, in a transaction
      -- of its own that waits for no flush; the desks still read by keyset on every (re)connect and poll.
      DROP TRIGGER gateway_notifications_added ON paydesk.gateway_notifications;
      DROP FUNCTION paydesk.gateway_notification_added();
    `,
};
