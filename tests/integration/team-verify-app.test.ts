// History → Team → Verify through the app's IPC (composition root, embedded sandbox, real PostgreSQL):
// each desk makes its Ed25519 key on its first start in team mode, keeps it in its keychain and registers
// its public half once; a desk's own role may not check the team; a supervisor checks every desk, and the
// check is audited on the desk that asked.
import { describe, expect, it } from 'vitest';
import { v2Fields } from '../support/app/paydesk-fixture';
import { drained, teamForThisFile } from '../support/team/team-desk';

const setup = teamForThisFile();
const { desks } = setup;

describe('Verify in History → Team', () => {
  it('lets a supervisor check every desk from the team database, and only a supervisor', async () => {
    const lead = await desks.start(await setup.team.addDesk('desk_v_lead'), 'Lena', 'Lead desk');
    const front = await desks.start(await setup.team.addDesk('desk_v_front'), 'Felix', 'Front desk');
    await lead.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '20.00' }) });
    await front.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '31.40' }) });
    await Promise.all([drained(lead), drained(front)]);

    expect(await lead.data('team.verify', {})).toMatchObject({ ok: false, reason: 'forbidden' });

    await setup.team.grantSupervisor('desk_v_lead');
    await lead.paydesk.team.restart();
    const answer = await lead.data('team.verify', {});
    expect(answer.ok).toBe(true);
    const results = answer.ok ? answer.data : [];
    expect(results.map((result) => [result.deskName, result.ok, result.unproved, result.problems])).toEqual([
      ['Front desk', true, 0, []],
      ['Lead desk', true, 0, []],
    ]);
    const leadKeys = results.find((result) => result.deskName === 'Lead desk')?.keyIds;
    expect(leadKeys).toHaveLength(1);

    // Restarted, the desk signs with the key its keychain kept: nothing new is registered.
    await lead.paydesk.team.restart();
    await lead.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '12.00' }) });
    await drained(lead);
    const again = await lead.data('team.verify', {});
    expect(again.ok && again.data.find((result) => result.deskName === 'Lead desk')).toMatchObject({
      ok: true,
      keyIds: leadKeys,
    });
    const keys = await setup.cluster.sql(setup.team.database, 'SELECT desk_id FROM paydesk.desk_keys');
    expect(keys.rows).toHaveLength(2);

    await drained(lead);
    const audited = await setup.cluster.sql(
      setup.team.database,
      "SELECT operator, outcome FROM paydesk.audit_entries WHERE event = 'team.verified' ORDER BY seq",
    );
    expect(audited.rows).toEqual([
      { operator: 'lena', outcome: 'success' },
      { operator: 'lena', outcome: 'success' },
    ]);
  });
});
