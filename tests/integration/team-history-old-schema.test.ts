// A desk updated before the administrator migrated the team database (it is at schema 1, without Team
// History's migration 2): the desk still replicates, and its team view says the schema is old and how to
// bring it up, rather than failing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MIGRATIONS } from '../../src/main/team/team-migrations';
import { type Fixture, v2Fields } from '../support/app/paydesk-fixture';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase } from '../support/team/team-database';
import { drained, startTeamDesk } from '../support/team/team-desk';

let cluster: PostgresCluster;
let fx: Fixture | undefined;

beforeAll(async () => {
  cluster = await startPostgresCluster();
});

afterAll(async () => {
  await fx?.close();
  await cluster?.destroy();
});

describe('a team database at an older schema', () => {
  it('takes the desk’s rows, and the team view asks for the migration', async () => {
    const team = await createTeamDatabase(cluster, 'paydesk_team', TEAM_MIGRATIONS.slice(0, 1));
    fx = await startTeamDesk(await team.addDesk('desk_early'), 'Erik', 'Early desk');
    const paid = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    await drained(fx);
    const replicated = await cluster.sql(team.database, 'SELECT merchant_trade_no FROM paydesk.history_rows');
    expect(replicated.rows).toEqual([{ merchant_trade_no: paid.merchantTradeNo }]);

    const queue = await fx.data('team.outcomeUnknown');
    expect(queue).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(queue.ok ? '' : queue.message).toMatch(
      /^The team database's schema is older than this Paydesk \(.+\): the administrator runs npm run team:migrate/,
    );
  });
});
