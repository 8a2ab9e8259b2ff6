// One connection of the desk's own that LISTENs on a channel of the team database: the accounts listener's
// (`paydesk_accounts`) and the notification subscriber's (`paydesk_notifications`). A connection that
// breaks (the server restarted, the network cut) says so through `onBroken`; unheard, its error would take
// the process down. What to do then — reconnect after a wait — is the caller's loop.
import type { TeamConnection } from '@shared/team';
import pg from 'pg';
import { teamPoolConfig } from './team-connection';

interface ListeningClientOptions {
  connection: TeamConnection;
  password: string;
  channel: string;
  /** A notification on the channel (no payload is read: a wake-up only). */
  onNotification: () => void;
  /** The connection failed or closed after it was made; `closed` is the error made for a quiet close. */
  onBroken: (error: Error) => void;
  closed: string;
  /** Checks made once connected, before LISTEN (e.g. the schema version); a throw closes the connection. */
  prepare?: (db: pg.Client) => Promise<void>;
}

export async function connectListening(options: ListeningClientOptions): Promise<pg.Client> {
  const db = new pg.Client(teamPoolConfig(options.connection, options.password, 'notify'));
  let broken = false;
  const broke = (error: Error) => {
    if (broken) return;
    broken = true;
    options.onBroken(error);
  };
  db.on('error', broke);
  db.on('end', () => broke(new Error(options.closed)));
  db.on('notification', (message) => {
    if (message.channel === options.channel) options.onNotification();
  });
  try {
    await db.connect();
    await options.prepare?.(db);
    await db.query(`LISTEN ${options.channel}`);
    return db;
  } catch (error) {
    await db.end().catch(() => undefined);
    throw error;
  }
}

/** The wait before the next attempt after `failures` in a row: doubled each time, capped, with `jitter`. */
export function retryWait(failures: number, backoffMs: number, maxBackoffMs: number, jitter = 0): number {
  const base = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(failures - 1, 16));
  return Math.round(base * (1 + Math.random() * jitter));
}
