// The team database as an administrator's scripts reach it (team:migrate, team:verify): PAYDESK_TEAM_URL
// (postgres://role:…@host:5432/paydesk_team) or the usual PG* variables, with TLS and the certificate
// verified for any host that is not loopback, as the desks connect.
import pg from 'pg';
import { isLocalHost } from '../src/main/team/team-connection';

export function teamAdminClient(): pg.Client {
  const url = process.env.PAYDESK_TEAM_URL;
  const config: pg.ClientConfig = url ? { connectionString: url } : {};
  const host = url ? new URL(url).hostname : (process.env.PGHOST ?? 'localhost');
  if (!isLocalHost(host)) config.ssl = { rejectUnauthorized: true };
  return new pg.Client(config);
}
