// How a change to the team's accounts reaches every desk within seconds (issue 31 item 7: an operator
// disabled is signed out everywhere within 5 s): one connection of the desk's own LISTENs on
// `paydesk_accounts`, which team migration 7's triggers NOTIFY at each commit that changes an operator, a
// role or a limit. The listener only says "read again" (`onChange`): on every (re)connect, every
// notification, and every `pollMs` besides (a connection that died without a word); what is read and
// what it changes is operators/team-accounts-sync.ts's.
import type { TeamConnection } from '@shared/team';
import type pg from 'pg';
import { wakeableSleep } from '../wakeable-sleep';
import { connectListening, retryWait } from './listening-client';
import type { ReplicatorLog } from './replicator';

const ACCOUNTS_CHANNEL = 'paydesk_accounts';

interface AccountsListenerOptions {
  connection: TeamConnection;
  password: string;
  onChange: () => void;
  log?: ReplicatorLog;
  pollMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
}

export type AccountsListener = ReturnType<typeof startAccountsListener>;

export function startAccountsListener(options: AccountsListenerOptions) {
  const pollMs = options.pollMs ?? 30_000;
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  let stopped = false;
  let broken: Error | undefined;
  let connected = false;
  const { sleep, wake } = wakeableSleep(() => stopped || broken !== undefined);

  const connect = () => {
    broken = undefined;
    return connectListening({
      connection: options.connection,
      password: options.password,
      channel: ACCOUNTS_CHANNEL,
      onNotification: options.onChange,
      onBroken: (error) => {
        broken ??= error;
        wake();
      },
      closed: 'the accounts connection closed',
    });
  };

  async function loop(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      let client: pg.Client | undefined;
      try {
        client = await connect();
        connected = true;
        failures = 0;
        // What changed while this desk was not listening.
        options.onChange();
        while (!stopped && !broken) {
          await sleep(pollMs);
          if (!stopped && !broken) options.onChange();
        }
        if (broken && !stopped) throw broken;
      } catch (error) {
        if (stopped) break;
        connected = false;
        failures += 1;
        if (failures === 1) {
          options.log?.error(
            { err: error instanceof Error ? error.message : String(error) },
            "team accounts: listening for the team's account changes failed; retrying",
          );
        }
        await client?.end().catch(() => undefined);
        client = undefined;
        broken = undefined;
        await sleep(retryWait(failures, backoffMs, maxBackoffMs));
      } finally {
        connected = false;
        await client?.end().catch(() => undefined);
      }
    }
  }

  const running = loop();

  return {
    connected: () => connected,
    async stop(): Promise<void> {
      stopped = true;
      wake();
      await running;
    },
  };
}
