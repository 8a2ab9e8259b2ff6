// Team mode in the whole app (composition root, embedded sandbox, real PostgreSQL): two desks charging
// the same card, amount and customer within the window — the second is warned, naming the first desk, its
// operator and the time; a team database that cannot be reached lets the pay-in go and says the team
// check was skipped; a desk without a team connection runs exactly as before; the connection set through
// IPC, read back through the settings schema, starts team mode.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PayInResult } from '@shared/ipc';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DESK_FILE } from '../../src/main/team/desk-identity';
import { formatTime } from '../../src/shared/i18n/format';
import { startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { drained, TEAM_KEY, teamForThisFile } from '../support/team/team-desk';

const setup = teamForThisFile();
const { desks } = setup;
/** A desk with a team connection in its settings and its password and the team key in its vault. */
const teamDesk = desks.start;

describe('the team duplicate check', () => {
  it('warns the second desk charging the same card, amount and customer, naming the first', async () => {
    const first = await teamDesk(await setup.team.addDesk('desk_front1'), 'Anna', 'Front 1');
    const second = await teamDesk(await setup.team.addDesk('desk_front2'), 'Bruno', 'Front 2');
    const fields = v2Fields({ amount: '49.90' });

    const paid = await first.data('payin.submit', { version: 'v2', fields });
    expect(paid.status).toBe('approved');
    expect(paid.teamCheck).toEqual({ state: 'clear' });
    await drained(first);

    const warned = await second.call<PayInResult>('payin.submit', { version: 'v2', fields });
    expect(warned.ok, JSON.stringify(warned)).toBe(false);
    if (warned.ok) return;
    expect(warned.error.kind).toBe('duplicate_suspected');
    // The first pay-in's time of day as English writes it (main's message; the page says it in its language).
    const at = formatTime(
      (first.paydesk.history.getById(paid.historyId) as { createdAt: number }).createdAt,
      'en',
    );
    expect(warned.error.message).toBe(
      `At ${at}, on desk "Front 1" by anna, the same card, amount and customer were charged (order ${paid.merchantTradeNo}). Send a second payment anyway?`,
    );
    // Nothing was written or sent on the second desk.
    expect(second.paydesk.history.count()).toBe(0);

    // The agent confirms: it goes, and the team check is not asked again.
    const confirmed = await second.data('payin.submit', {
      version: 'v2',
      fields,
      confirmDuplicate: true,
    });
    expect(confirmed.status).toBe('approved');
    expect(confirmed.teamCheck).toBeUndefined();

    // Another amount, or another card, is clear.
    const other = await second.data('payin.submit', {
      version: 'v2',
      fields: { ...fields, amount: '49.91' },
    });
    expect(other.teamCheck).toEqual({ state: 'clear' });
    const otherCard = await second.data('payin.submit', {
      version: 'v2',
      fields: { ...fields, cardNumber: '5555555555554444' },
    });
    expect(otherCard.teamCheck).toEqual({ state: 'clear' });
  });

  it('warns about a pay-in whose outcome is unknown on another desk', async () => {
    const first = await teamDesk(await setup.team.addDesk('desk_back1'), 'Carla', 'Back 1');
    const second = await teamDesk(await setup.team.addDesk('desk_back2'), 'Dario', 'Back 2');
    // The sandbox answers 500.01 with a lost answer: outcome unknown.
    const fields = v2Fields({ amount: '500.01' });
    const lost = await first.data('payin.submit', { version: 'v2', fields });
    expect(lost.status).toBe('outcome_unknown');
    await drained(first);
    const warned = await second.call<PayInResult>('payin.submit', { version: 'v2', fields });
    expect(warned.ok, JSON.stringify(warned)).toBe(false);
    if (warned.ok) return;
    expect(warned.error.kind).toBe('duplicate_suspected');
    expect(warned.error.message).toContain('on desk "Back 1" by carla');
    expect(warned.error.message).toContain('may have been charged: that pay-in’s outcome is unknown');
  });

  it('lets the pay-in go when the team database cannot be reached, and says the check was skipped', async () => {
    const role = await setup.team.addDesk('desk_offline');
    // A port nothing listens on: the cluster's own port with the server stopped would stop the other tests.
    const fx = await teamDesk({ ...role, port: 1 }, 'Eva', 'Offline');
    const result = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(result.status).toBe('approved');
    expect(result.teamCheck?.state).toBe('skipped');
    expect(result.teamCheck?.message).toMatch(
      /^The team duplicate check was skipped \(.+\): pay-ins on other desks were not checked\.$/,
    );
    // The pay-in waits in the outbox for the database to come back.
    expect(fx.paydesk.history.teamOutbox.pending()).toBeGreaterThan(0);
  });
});

describe('a desk without a team connection', () => {
  it('works as before: no team check, nothing queued, no desk id', async () => {
    const fx = await startFixture();
    desks.keep(fx);
    const result = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(result.status).toBe('approved');
    expect(result.teamCheck).toBeUndefined();
    expect(fx.paydesk.history.teamOutbox.enabled()).toBe(false);
    expect(fx.paydesk.history.teamOutbox.pending()).toBe(0);
    expect(fx.paydesk.team.current()).toBeUndefined();
    expect(() => readFileSync(join(fx.dataDir, DESK_FILE))).toThrow();
    const view = await fx.data('settings.get');
    expect(view.settings.team).toBeUndefined();
    expect(view.teamSecretsSet).toBeUndefined();
  });
});

describe('the team connection in settings', () => {
  it('is set through IPC, read back through the schema, and starts team mode with the keychain secrets', async () => {
    const role = await setup.team.addDesk('desk_settings');
    const fx = await startFixture({ teamTiming: { checkTimeoutMs: 10_000 } });
    desks.keep(fx);
    const bad = await fx.call('settings.setTeam', {
      connection: { host: 'db host; drop', port: 5432, database: setup.team.database, user: role.user },
    });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const early = await fx.call('secret.setTeam', { password: role.password });
    expect(early).toMatchObject({ ok: false, error: { kind: 'invalid' } });

    const connection = {
      host: role.host,
      port: role.port,
      database: setup.team.database,
      user: role.user,
      deskName: 'Desk S',
    };
    const set = await fx.data('settings.setTeam', { connection });
    expect(set.settings.team).toEqual(connection);
    expect(set.teamSecretsSet).toEqual({ password: false, key: false });
    expect(fx.paydesk.team.current()).toBeUndefined();

    const badKey = await fx.call('secret.setTeam', { key: 'not hex' });
    expect(badKey).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const secrets = await fx.data('secret.setTeam', {
      password: role.password,
      key: TEAM_KEY.toUpperCase(),
    });
    expect(secrets.teamSecretsSet).toEqual({ password: true, key: true });
    const store = fx.paydesk.team.current();
    expect(store).toBeDefined();
    // The settings file holds neither secret.
    expect(fx.store.dump()).not.toContain(role.password);
    expect(fx.store.dump()).not.toContain(TEAM_KEY);

    const result = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(result.teamCheck).toEqual({ state: 'clear' });
    await drained(fx);
    const desk = new pg.Client(role);
    await desk.connect();
    try {
      const { rows } = await desk.query('SELECT desk_id, desk_name FROM paydesk.desks');
      expect(rows).toEqual([{ desk_id: store?.deskId, desk_name: 'Desk S' }]);
      const replicated = await desk.query('SELECT merchant_trade_no FROM paydesk.history_rows');
      expect(replicated.rows).toEqual([{ merchant_trade_no: result.merchantTradeNo }]);
    } finally {
      await desk.end();
    }
    expect(JSON.parse(readFileSync(join(fx.dataDir, DESK_FILE), 'utf8')).deskId).toBe(store?.deskId);

    // Leaving team mode: the connection, its secrets and the outbox go; pay-ins are as before.
    const off = await fx.data('settings.setTeam', { connection: null });
    expect(off.settings.team).toBeUndefined();
    expect(fx.paydesk.team.current()).toBeUndefined();
    expect(fx.paydesk.history.teamOutbox.enabled()).toBe(false);
    const after = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(after.teamCheck).toBeUndefined();
    expect(fx.paydesk.history.teamOutbox.pending()).toBe(0);
  });
});
