// The calls that change state are the stores' actions (docs/ARCHITECTURE.md, "The renderer's state"): Team
// mode's connection and secrets in the settings store, taking a stored card off the list in the pay-in's.
// Each sends its channel once and brings main's answer back; a refusal changes nothing. (A stand-in for
// window.paydesk.)

import { usePayInStore } from '@renderer/features/payin/store';
import type { SettingsView } from '@shared/ipc';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../src/renderer/src/lib/settings-store';

const calls: { channel: string; input: unknown }[] = [];
let answer: unknown;

beforeEach(() => {
  calls.length = 0;
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: {
      invoke: async (channel: string, input: unknown) => {
        calls.push({ channel, input });
        return answer;
      },
      on: () => () => undefined,
    },
  };
});

const viewWith = (teamUser: string | undefined) =>
  ({
    settings: { team: teamUser && { user: teamUser } },
    secretSet: {},
    notices: [],
  }) as unknown as SettingsView;

describe('the settings store: team mode', () => {
  const connection = { host: 'db', port: 5432, database: 'team', user: 'desk_1', deskName: '' };

  it("saves the connection, and the settings view becomes main's answer", async () => {
    useSettingsStore.setState({ view: viewWith(undefined) });
    answer = { ok: true, data: viewWith('desk_1') };
    await useSettingsStore.getState().setTeam(connection);
    expect(calls).toEqual([{ channel: 'settings.setTeam', input: { connection } }]);
    expect(useSettingsStore.getState().view).toEqual(viewWith('desk_1'));
  });

  it('leaves team mode with a null connection', async () => {
    useSettingsStore.setState({ view: viewWith('desk_1') });
    answer = { ok: true, data: viewWith(undefined) };
    await useSettingsStore.getState().setTeam(null);
    expect(calls).toEqual([{ channel: 'settings.setTeam', input: { connection: null } }]);
    expect(useSettingsStore.getState().view).toEqual(viewWith(undefined));
  });

  it('sends the secrets to the keychain; a refusal throws and keeps the view', async () => {
    useSettingsStore.setState({ view: viewWith('desk_1') });
    answer = { ok: false, error: { kind: 'storage', message: 'No keychain.' } };
    await expect(useSettingsStore.getState().setTeamSecrets({ password: 'pw' })).rejects.toThrow(
      'No keychain.',
    );
    expect(calls).toEqual([{ channel: 'secret.setTeam', input: { password: 'pw' } }]);
    expect(useSettingsStore.getState().view).toEqual(viewWith('desk_1'));
  });
});

describe('the pay-in store: stored cards', () => {
  it("takes a card off Paydesk's list and answers with the cards left", async () => {
    const left = [{ ccStorageID: 'CS-2', userId: 'u1', brand: 'VISA', maskedPan: '411111******1111' }];
    answer = { ok: true, data: left };
    await expect(usePayInStore.getState().forgetStoredCard('CS-1')).resolves.toEqual(left);
    expect(calls).toEqual([{ channel: 'payin.forgetStoredCard', input: { ccStorageID: 'CS-1' } }]);
  });
});
