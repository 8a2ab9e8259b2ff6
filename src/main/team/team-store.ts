// One running connection to the team database, for one configuration: the outbox switched on, the
// replicator sending it, the duplicate check asking on a pool of its own (so a long replication batch
// never holds up a pay-in's check), Team History reading on a third (so a slow team view holds up
// neither), and the gateway's notifications heard on a connection of their own (notification-subscriber.ts).
// team-mode.ts starts and stops it as the settings change.
import type { TeamConnection } from '@shared/team';
import type { TeamScope } from '@shared/team-history';
import pg from 'pg';
import type { TeamOutbox } from '../history/store/team-outbox';
import { type AccountsListener, startAccountsListener } from './accounts-listener';
import { type CardForKey, cardKeyOf } from './card-key';
import type { DeskSigner } from './desk-signing';
import {
  type NotificationSubscriber,
  type NotificationSubscriberOptions,
  startNotificationSubscriber,
} from './notification-subscriber';
import { type ReplicatorLog, type ReplicatorOptions, startReplicator } from './replicator';
import { teamAccountsOn } from './team-accounts';
import { teamPoolConfig } from './team-connection';
import { checkTeamDuplicate, type TeamDuplicateAnswer, type TeamDuplicateQuery } from './team-duplicate';
import { teamScope } from './team-history';

export interface TeamStoreOptions {
  connection: TeamConnection;
  password: string;
  teamKey: string;
  deskId: string;
  /** How other desks see this one: the settings' desk name, else the computer's name. */
  deskName: string;
  /** The desk's Ed25519 key, which signs what it replicates (desk-signing.ts). */
  signer: DeskSigner;
  outbox: TeamOutbox;
  log?: ReplicatorLog;
  /** The replicator's timing (tests shorten it). */
  replication?: Pick<ReplicatorOptions, 'batchSize' | 'idleMs' | 'backoffMs' | 'maxBackoffMs' | 'onState'>;
  /** The gateway's notifications: where they go on this desk (absent: the desk does not listen). */
  notifications?: Pick<NotificationSubscriberOptions, 'cursor' | 'settle' | 'onRefused'> & {
    timing?: Pick<NotificationSubscriberOptions, 'pollMs' | 'backoffMs' | 'maxBackoffMs' | 'batchSize'>;
  };
  /** The duplicate check's deadline; TEAM_CHECK_TIMEOUT_MS otherwise. */
  checkTimeoutMs?: number;
  /** Told when the team's accounts may have changed (accounts-listener.ts); absent: the desk does not listen. */
  onAccountsChange?: () => void;
}

export type TeamStore = ReturnType<typeof startTeamStore>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function startTeamStore(options: TeamStoreOptions) {
  const { connection, password, deskId, outbox, log } = options;
  const queued = outbox.enable();
  if (queued > 0) log?.info({ queued }, 'team mode on: the history written so far is queued for the team');
  const replicationPool = new pg.Pool(teamPoolConfig(connection, password, 'replication'));
  const checkPool = new pg.Pool(teamPoolConfig(connection, password, 'check'));
  const readPool = new pg.Pool(teamPoolConfig(connection, password, 'read'));
  const accountsPool = new pg.Pool(teamPoolConfig(connection, password, 'accounts'));
  // An idle connection that breaks (the server restarted) is reported here; without a listener it would
  // take the whole process down.
  for (const pool of [replicationPool, checkPool, readPool, accountsPool]) {
    pool.on('error', (error) => log?.error({ err: errorText(error) }, 'a team database connection broke'));
  }
  // The check's connection is made now rather than by the first pay-in, whose 300 ms would otherwise
  // include the connection and the password exchange; the pool keeps it open (team-connection.ts).
  checkPool.query('SELECT 1').catch(() => undefined);
  // The gateway's notifications, on a connection of their own that LISTENs (notification-subscriber.ts).
  let notifications: NotificationSubscriber | undefined;
  if (options.notifications) {
    const { timing, ...where } = options.notifications;
    notifications = startNotificationSubscriber({
      connection,
      password,
      ...where,
      ...(log && { log }),
      ...timing,
    });
  }
  // The team's operators, roles and limits (issue 31 item 7), heard on a connection of their own.
  let accountsListener: AccountsListener | undefined;
  if (options.onAccountsChange) {
    accountsListener = startAccountsListener({
      connection,
      password,
      onChange: options.onAccountsChange,
      ...(log && { log }),
    });
  }
  const replicator = startReplicator({
    outbox,
    pool: replicationPool,
    deskId,
    deskName: options.deskName,
    signer: options.signer,
    ...(log && { log }),
    ...options.replication,
    // A notification stored before this desk's row reached the team store is visible from now on.
    onSent: () => notifications?.rowsReplicated(),
  });

  // Whether the role has the supervisor grant, asked once per connection: a grant given meanwhile shows
  // after team mode restarts (any change in Settings → Team, or the next start).
  let scope: Promise<TeamScope> | undefined;

  return {
    deskId,
    /** Team History's pool (team-history.ts's functions take it). */
    readPool,
    /** Which rows this desk's role reads in the team database. */
    scope(): Promise<TeamScope> {
      scope ??= teamScope(readPool).catch((error: unknown) => {
        scope = undefined;
        throw error;
      });
      return scope;
    },
    /** The card's fingerprint under the team key (card-key.ts). */
    cardKeyOf(card: CardForKey): string {
      return cardKeyOf(options.teamKey, card);
    },
    checkDuplicate(query: TeamDuplicateQuery): Promise<TeamDuplicateAnswer> {
      return checkTeamDuplicate(checkPool, deskId, query, options.checkTimeoutMs);
    },
    replicator,
    /** The team's operators, roles and limits (team-accounts.ts), on a pool of their own. */
    accounts: teamAccountsOn(accountsPool, options.teamKey),
    /** The notification subscriber, when this desk listens for the gateway's notifications. */
    notifications,
    async close(): Promise<void> {
      await Promise.all([replicator.stop(), notifications?.stop(), accountsListener?.stop()]);
      await Promise.all([replicationPool.end(), checkPool.end(), readPool.end(), accountsPool.end()]);
    },
  };
}
