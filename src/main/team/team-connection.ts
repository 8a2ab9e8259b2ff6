// How a desk connects to the team database: node-postgres pools built from the settings' connection and
// the keychain's password. TLS with the certificate verified (the system's CAs, or the configured CA
// file, and the host name) for every host that is not loopback or a unix socket; loopback may go without,
// as nothing leaves the machine.
//
// Why node-postgres (`pg`): the most used PostgreSQL client for Node, maintained since 2010, pure
// JavaScript (no native build to ship in Electron), with the pool, parameterised queries, TLS options
// passed to Node's tls, and client-side query and connection timeouts the replicator and the duplicate
// check need. postgres.js is as capable but younger and built around tagged templates; pg's explicit
// `query(text, values)` keeps every statement a plain string the tests and a DBA can read.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { TeamConnection } from '@shared/team';
import type pg from 'pg';

/** Loopback (127.0.0.0/8, ::1, localhost) or a unix socket folder: no TLS needed. */
export function isLocalHost(host: string): boolean {
  if (host.startsWith('/')) return true;
  const name = host.toLowerCase();
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

type PoolPurpose = 'replication' | 'check' | 'read' | 'notify' | 'accounts';

/**
 * Limits per purpose: replication sends one batch at a time; the duplicate check must answer quickly;
 * Team History's reads (`read`) give up after a few seconds, on the server too (statement_timeout), so a
 * slow database shows as such in the team view and holds nothing else up.
 * idleMs 0: the check keeps its connections open, so that a pay-in's check does not wait for one.
 * `notify`: the one connection that LISTENs for the gateway's notifications (notification-subscriber.ts),
 * a client of its own, held open. `accounts`: the team's operators read at each sign-in and written by a
 * supervisor; quick to give up, so a database that cannot be reached signs in from the desk's copy.
 */
const LIMITS: Record<
  PoolPurpose,
  { max: number; connectMs: number; queryMs: number; idleMs: number; statementMs?: number }
> = {
  replication: { max: 1, connectMs: 5_000, queryMs: 30_000, idleMs: 30_000 },
  check: { max: 2, connectMs: 1_000, queryMs: 1_000, idleMs: 0 },
  read: { max: 2, connectMs: 2_000, queryMs: 4_000, idleMs: 30_000, statementMs: 3_500 },
  notify: { max: 1, connectMs: 5_000, queryMs: 15_000, idleMs: 0, statementMs: 10_000 },
  accounts: { max: 2, connectMs: 1_500, queryMs: 2_000, idleMs: 30_000, statementMs: 2_000 },
};

export function teamPoolConfig(
  connection: TeamConnection,
  password: string,
  purpose: PoolPurpose,
): pg.PoolConfig {
  const limits = LIMITS[purpose];
  const ssl: pg.PoolConfig['ssl'] = isLocalHost(connection.host)
    ? false
    : {
        rejectUnauthorized: true,
        ...(connection.caFile && { ca: readFileSync(connection.caFile, 'utf8') }),
        ...(isIP(connection.host) === 0 && { servername: connection.host }),
      };
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    password,
    ssl,
    max: limits.max,
    connectionTimeoutMillis: limits.connectMs,
    query_timeout: limits.queryMs,
    ...(limits.statementMs !== undefined && { statement_timeout: limits.statementMs }),
    idleTimeoutMillis: limits.idleMs,
    keepAlive: true,
    application_name: `paydesk-${purpose}`,
  };
}
