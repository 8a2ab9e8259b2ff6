// Team mode as the app runs it: off (exactly the single desk of before) until the settings hold a team
// connection and the keychain its password and the team key; then one team store (team-store.ts), started
// again whenever the connection or its secrets change, and stopped when the app closes. Starting never
// waits for the database and never fails the app: what is wrong is logged and team mode stays off.
import { hostname } from 'node:os';
import type { TeamConnection } from '@shared/team';
import type { TeamStatus } from '@shared/team-history';
import type { CredentialVault } from '../credentials/vault';
import type { TeamOutbox } from '../history/store/team-outbox';
import { worded } from '../i18n/worded';
import { deskIdentity } from './desk-identity';
import { loadDeskSigner } from './desk-signing';
import type { ReplicatorLog } from './replicator';
import { startTeamStore, type TeamStore, type TeamStoreOptions } from './team-store';

export interface TeamModeDeps {
  connection: () => TeamConnection | undefined;
  vault: Pick<CredentialVault, 'getTeamItem' | 'setTeamItem'>;
  outbox: TeamOutbox;
  dataDir: string;
  log: ReplicatorLog;
  /** The replicator's timing and the duplicate check's deadline, when not the defaults (tests). */
  timing?: Pick<TeamStoreOptions, 'replication' | 'checkTimeoutMs'> & {
    notifications?: NonNullable<TeamStoreOptions['notifications']>['timing'];
  };
  /** Told when the team's accounts may have changed, and when team mode started or stopped (operators' sync). */
  onAccountsChange?: () => void;
  /** Where the gateway's notifications go on this desk (notification-subscriber.ts). */
  notifications?: Omit<NonNullable<TeamStoreOptions['notifications']>, 'timing'>;
}

export type TeamMode = ReturnType<typeof createTeamMode>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createTeamMode(deps: TeamModeDeps) {
  let store: TeamStore | undefined;
  /** Why team mode did not start with the connection it has (shown in Settings → Team). */
  let notStarted: TeamStatus['lastError'] = null;
  // Starts and stops one after another, never interleaved.
  let chain: Promise<void> = Promise.resolve();

  async function stopStore(): Promise<void> {
    const running = store;
    store = undefined;
    try {
      await running?.close();
    } catch (error) {
      deps.log.error({ err: errorText(error) }, 'team mode did not stop cleanly');
    }
  }

  async function startStore(): Promise<void> {
    await stopStore();
    notStarted = null;
    try {
      const connection = deps.connection();
      if (!connection) {
        // Team mode turned off: nothing more is queued. (Turned on again, the whole history is queued anew
        // and the team store's upserts take it without doubling anything.)
        if (deps.outbox.enabled()) deps.outbox.disable();
        return;
      }
      const [password, teamKey] = await Promise.all([
        deps.vault.getTeamItem('password'),
        deps.vault.getTeamItem('key'),
      ]);
      if (!password || !teamKey) {
        const { message, words } = worded(
          password ? 'team.replication.reason.keyMissing' : 'team.replication.reason.passwordMissing',
        );
        notStarted = { message, words, at: Date.now() };
        deps.log.info(
          { password: Boolean(password), key: Boolean(teamKey) },
          'team mode is set up but its password or key is not in the keychain: not started',
        );
        return;
      }
      // Made on the first start in team mode and kept in the keychain with the password and team key.
      const signer = await loadDeskSigner(deps.vault);
      const { notifications: notificationTiming, ...timing } = deps.timing ?? {};
      store = startTeamStore({
        connection,
        password,
        teamKey,
        signer,
        deskId: deskIdentity(deps.dataDir),
        deskName: connection.deskName || hostname(),
        outbox: deps.outbox,
        log: deps.log,
        ...timing,
        ...(deps.onAccountsChange && { onAccountsChange: deps.onAccountsChange }),
        ...(deps.notifications && {
          notifications: {
            ...deps.notifications,
            ...(notificationTiming && { timing: notificationTiming }),
          },
        }),
      });
      deps.log.info(
        { host: connection.host, database: connection.database, deskId: store.deskId },
        'team mode on',
      );
    } catch (error) {
      const { message, words } = worded('team.replication.reason.couldNotStart', { error: errorText(error) });
      notStarted = { message, words, at: Date.now() };
      deps.log.error({ err: errorText(error) }, 'team mode could not start');
    }
  }

  return {
    /** (Re)starts team mode from the current settings and keychain. */
    restart(): Promise<void> {
      chain = chain.then(startStore);
      return chain;
    },
    /** What Settings → Team and History's indicator show: read from memory and the outbox, never the database. */
    status(): TeamStatus {
      if (!deps.connection()) return { mode: 'off', pending: 0, lastReplicatedAt: null, lastError: null };
      const pending = deps.outbox.enabled() ? deps.outbox.pending() : 0;
      if (!store) return { mode: 'waiting', pending, lastReplicatedAt: null, lastError: notStarted };
      const state = store.replicator.state();
      const { lastSentAt, lastError } = store.replicator.progress();
      return {
        mode: 'on',
        deskId: store.deskId,
        pending,
        state: state.kind,
        lastReplicatedAt: lastSentAt,
        lastError,
        ...(state.kind === 'retrying' && { retryInMs: state.retryInMs }),
      };
    },
    /** The running team store, when team mode is on. */
    current(): TeamStore | undefined {
      return store;
    },
    stop(): Promise<void> {
      chain = chain.then(stopStore);
      return chain;
    },
  };
}
