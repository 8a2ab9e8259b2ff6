// One running connection to the team database, for one configuration: the outbox switched on, the
// replicator sending it, and the duplicate check asking on a pool of its own (so a long replication
// batch never holds up a pay-in's check). team-mode.ts starts and stops it as the settings change.
import type { TeamConnection } from '@shared/team';
import pg from 'pg';
import type { TeamOutbox } from '../history/team-outbox';
import { type CardForKey, cardKeyOf } from './card-key';
import { type ReplicatorLog, type ReplicatorOptions, startReplicator } from './replicator';
import { teamPoolConfig } from './team-connection';
import { checkTeamDuplicate, type TeamDuplicateAnswer, type TeamDuplicateQuery } from './team-duplicate';

export interface TeamStoreOptions {
  connection: TeamConnection;
  password: string;
  teamKey: string;
  deskId: string;
  /** How other desks see this one: the settings' desk name, else the computer's name. */
  deskName: string;
  outbox: TeamOutbox;
  log?: ReplicatorLog;
  /** The replicator's timing (tests shorten it). */
  replication?: Pick<ReplicatorOptions, 'batchSize' | 'idleMs' | 'backoffMs' | 'maxBackoffMs' | 'onState'>;
  /** The duplicate check's deadline; TEAM_CHECK_TIMEOUT_MS otherwise. */
  checkTimeoutMs?: number;
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
  // An idle connection that breaks (the server restarted) is reported here; without a listener it would
  // take the whole process down.
  for (const pool of [replicationPool, checkPool]) {
    pool.on('error', (error) => log?.error({ err: errorText(error) }, 'a team database connection broke'));
  }
  // The check's connection is made now rather than by the first pay-in, whose 300 ms would otherwise
  // include the connection and the password exchange; the pool keeps it open (team-connection.ts).
  checkPool.query('SELECT 1').catch(() => undefined);
  const replicator = startReplicator({
    outbox,
    pool: replicationPool,
    deskId,
    deskName: options.deskName,
    ...(log && { log }),
    ...options.replication,
  });

  return {
    deskId,
    /** The card's fingerprint under the team key (card-key.ts). */
    cardKeyOf(card: CardForKey): string {
      return cardKeyOf(options.teamKey, card);
    },
    checkDuplicate(query: TeamDuplicateQuery): Promise<TeamDuplicateAnswer> {
      return checkTeamDuplicate(checkPool, deskId, query, options.checkTimeoutMs);
    },
    replicator,
    async close(): Promise<void> {
      await replicator.stop();
      await Promise.all([replicationPool.end(), checkPool.end()]);
    },
  };
}
