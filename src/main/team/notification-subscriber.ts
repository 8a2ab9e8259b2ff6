// How a team desk hears the gateway's notification in production (issue 23): the merchant's notification
// service (src/notify) stores each one, with its original body, in the team database, and says
// `NOTIFY paydesk_notifications` after its COMMIT (no payload: a wake-up only). This desk keeps one connection of its own LISTENing there and
// reads what is its own through `paydesk.desk_notifications` (its own orders only), by keyset from the
// last id it handled, kept in the history file (history/store/notification-cursor.ts): on every (re)connect, on
// every wake-up, and every `pollMs` besides (a wake-up lost with a connection that died silently).
//
// Each notification goes into the desk's callback handling with the body as the gateway sent it
// (settle.ts's settleCallbacks): the desk verifies the gateway's signature again with its own merchant
// secret. The service and the database only carry the gateway's word; a row edited in PostgreSQL fails
// that check, settles nothing, and is said so (`onRefused`: an audit event and a log line).
//
// What one read brings (`batchSize`) settles together (issue 32): one history transaction holds every
// row's decision, every notification's audit entry (a refused one's too) and the cursor moved past them,
// so the cursor never passes what did not commit, and a failure anywhere leaves all of them to be read again.
//
// Why the cursor alone is not enough: `desk_notifications` shows a notification only once this desk's
// row for the order has been replicated (it is how the database knows the order is this desk's). A
// notification can be stored before that (the gateway is quick, the desk's outbox waits for a database
// that was down), and a later notification of another order may move the cursor past it, for good. So
// the desk also asks `desk_notifications_for_orders` for its open pay-ins by order number, whatever their
// id: on every (re)connect, and whenever a replication batch has committed (`rowsReplicated`), which is
// when such a notification becomes visible. A pay-in that settles leaves the open list, so the question
// stays small. A notification is handled at most once per run (`handled`, once its batch committed); after
// a restart one may be handled again, which changes nothing (the lifecycle decides; its audit says so).
import { NOTIFICATION_CHANNEL } from '@shared/notification-service';
import type { TeamConnection } from '@shared/team';
import type { TeamStatus } from '@shared/team-history';
import type pg from 'pg';
import type { NotificationCursor } from '../history/store/notification-cursor';
import { errorWords, WordedError } from '../i18n/worded';
import type { CallbackVerdict } from '../payin/settle';
import { wakeableSleep } from '../wakeable-sleep';
import { teamSchemaVersion } from './apply-team-migrations';
import { connectListening, retryWait } from './listening-client';
import type { ReplicatorLog } from './replicator';

/** The team schema version that has the notifications (team-migrations.ts, migration 3). */
const NOTIFICATIONS_SCHEMA_VERSION = 3;

/** A notification as `desk_notifications` gives it. */
export interface StoredNotification {
  id: number;
  merchantId: number;
  merchantTradeNo: string;
  contentType: string;
  rawBody: string;
  receivedAt: Date;
}

export interface NotificationSubscriberOptions {
  connection: TeamConnection;
  password: string;
  /** The history's cursor and open pay-ins. */
  cursor: Pick<NotificationCursor, 'read' | 'advance' | 'openPayInTradeNos'>;
  /**
   * The desk's callback handling (settle.ts's settleCallbacks), given the bodies as the gateway sent them
   * (`undefined` for one that is not JSON): one transaction for all of them, `alsoCommit` run inside it.
   */
  settle: (
    bodies: unknown[],
    alsoCommit: (verdicts: CallbackVerdict[]) => void,
  ) => Promise<CallbackVerdict[]>;
  /**
   * A notification whose body is not JSON, or whose signature none of the desk's secrets verifies: called
   * inside the batch's transaction, so its audit entry commits with the batch.
   */
  onRefused: (notification: StoredNotification, why: string) => void;
  log?: ReplicatorLog;
  /**
   * How many notifications per read, settled in one commit. The commit is synchronous on the main process:
   * 50 is about 50 ms of work at the rate bench:notify measures (≈ 1,000/s), and saves 49 fsyncs of 50.
   */
  batchSize?: number;
  /** How often to read without a wake-up (a LISTEN connection that died without a word). */
  pollMs?: number;
  /** The first retry's wait; doubled per failure up to maxBackoffMs, with up to a quarter of jitter. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How many open pay-ins are asked about by order number (the newest). */
  openOrdersLimit?: number;
}

class NotificationSchemaError extends WordedError {
  override name = 'NotificationSchemaError';
}

const COLUMNS = 'id, merchant_id, merchant_trade_no, content_type, raw_body, received_at';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toNotification(row: Record<string, unknown>): StoredNotification {
  return {
    id: Number(row.id),
    merchantId: Number(row.merchant_id),
    merchantTradeNo: String(row.merchant_trade_no),
    contentType: String(row.content_type),
    rawBody: String(row.raw_body),
    receivedAt: row.received_at instanceof Date ? row.received_at : new Date(String(row.received_at)),
  };
}

/** The cursor's key: one per team database and desk role (another role sees other orders). */
function cursorKey(connection: TeamConnection): string {
  return `${connection.user}@${connection.host}:${connection.port}/${connection.database}`;
}

export type NotificationSubscriber = ReturnType<typeof startNotificationSubscriber>;

export function startNotificationSubscriber(options: NotificationSubscriberOptions) {
  const { connection, cursor, log } = options;
  const key = cursorKey(connection);
  const batchSize = options.batchSize ?? 50;
  const pollMs = options.pollMs ?? 30_000;
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const openOrdersLimit = options.openOrdersLimit ?? 1_000;

  let stopped = false;
  let client: pg.Client | undefined;
  /** Something may be new: a NOTIFY came, or rows replicated (then the open orders are asked too). */
  let woken = false;
  let askOrders = false;
  const { sleep, wake } = wakeableSleep(() => stopped || woken);
  let broken: Error | undefined;
  const handled = new Set<number>();
  let handledCount = 0;
  let refusedCount = 0;
  let lastError: TeamStatus['lastError'] = null;
  let connected = false;

  function nudge(): void {
    woken = true;
    wake();
  }

  /** Settles `notifications` in one commit, the cursor moved to `advanceTo` in it; counted once committed. */
  async function handleBatch(notifications: StoredNotification[], advanceTo?: number): Promise<void> {
    const fresh = notifications.filter((notification) => !handled.has(notification.id));
    if (fresh.length === 0 && advanceTo === undefined) return;
    const bodies = fresh.map((notification) => {
      try {
        return JSON.parse(notification.rawBody) as unknown;
      } catch {
        return undefined;
      }
    });
    let refused = 0;
    await options.settle(bodies, (verdicts) => {
      verdicts.forEach((verdict, index) => {
        if (verdict !== 'rejected') return;
        refused += 1;
        options.onRefused(
          fresh[index]!,
          bodies[index] === undefined
            ? 'its body is not JSON'
            : "its signature is not the gateway's under this desk's merchant secret, or it is not a notification",
        );
      });
      if (advanceTo !== undefined) cursor.advance(key, advanceTo);
    });
    for (const notification of fresh) handled.add(notification.id);
    handledCount += fresh.length;
    refusedCount += refused;
  }

  async function readAfterCursor(db: pg.Client): Promise<void> {
    for (;;) {
      const after = cursor.read(key);
      const { rows } = await db.query(`SELECT ${COLUMNS} FROM paydesk.desk_notifications($1, $2)`, [
        after,
        batchSize,
      ]);
      const notifications = rows.map(toNotification);
      const last = notifications.at(-1);
      if (last) await handleBatch(notifications, last.id);
      if (rows.length < batchSize || stopped) return;
    }
  }

  async function readOpenOrders(db: pg.Client): Promise<void> {
    const tradeNos = cursor.openPayInTradeNos(openOrdersLimit);
    if (tradeNos.length === 0) return;
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM paydesk.desk_notifications_for_orders($1)`, [
      tradeNos,
    ]);
    for (let from = 0; from < rows.length; from += batchSize)
      await handleBatch(rows.slice(from, from + batchSize).map(toNotification));
  }

  const connect = () => {
    broken = undefined;
    return connectListening({
      connection,
      password: options.password,
      channel: NOTIFICATION_CHANNEL,
      onNotification: nudge,
      onBroken: (error) => {
        broken ??= error;
        nudge();
      },
      closed: 'the notification connection closed',
      prepare: async (db) => {
        const version = await teamSchemaVersion(db);
        if (version < NOTIFICATIONS_SCHEMA_VERSION) {
          throw new NotificationSchemaError('team.replication.reason.notificationsOldSchema', {
            version,
            needed: NOTIFICATIONS_SCHEMA_VERSION,
          });
        }
      },
    });
  };

  async function loop(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      try {
        client = await connect();
        connected = true;
        if (failures > 0) log?.info({ after: failures }, 'team notifications resumed');
        failures = 0;
        // Caught up on every (re)connect: what came while the desk was closed, offline, or the database down.
        askOrders = true;
        woken = true;
        while (!stopped && !broken) {
          if (woken) {
            woken = false;
            const orders = askOrders;
            askOrders = false;
            await readAfterCursor(client);
            if (orders) await readOpenOrders(client);
            continue;
          }
          await sleep(pollMs);
          // The poll: read as if woken (a lost wake-up costs at most pollMs).
          if (!woken && !stopped) woken = true;
        }
        if (broken && !stopped) throw broken;
      } catch (error) {
        if (stopped) break;
        connected = false;
        failures += 1;
        lastError = { message: errorText(error), at: Date.now(), ...errorWords(error) };
        const wait = retryWait(failures, backoffMs, maxBackoffMs, 1 / 4);
        if (failures === 1 || wait >= maxBackoffMs) {
          log?.error(
            { err: errorText(error), failures, retryInMs: wait },
            "team notifications: reading the gateway's notifications failed; retrying",
          );
        }
        const closing = client;
        client = undefined;
        await closing?.end().catch(() => undefined);
        woken = false;
        await sleep(wait);
      }
    }
    connected = false;
    const closing = client;
    client = undefined;
    await closing?.end().catch(() => undefined);
  }

  const running = loop();

  return {
    /** Rows replicated: a notification stored before them may be visible now (asked by order number). */
    rowsReplicated(): void {
      askOrders = true;
      nudge();
    },
    /** Whether the LISTEN connection is up, how many were handled and refused, and the latest failure. */
    progress() {
      return { connected, handled: handledCount, refused: refusedCount, lastError };
    },
    async stop(): Promise<void> {
      stopped = true;
      wake();
      await running;
    },
  };
}
