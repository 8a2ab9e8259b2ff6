// Why team mode waits, as Settings → Team shows it (issue 33): the reason carries its catalogue words, and
// their English is the reason itself; German says it in German.
import type { MessageKey } from '@shared/i18n/messages';
import { teamConnectionSchema } from '@shared/team';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
import { createTeamMode } from '../../src/main/team/team-mode';
import { type TempHistory, tempHistory } from '../support/history/history-fixtures';
import { expectWorded } from '../support/i18n/worded';

let h: TempHistory | undefined;
afterEach(() => h?.cleanup());

const silent = { info: () => {}, error: () => {} };

function modeWith(items: { password?: string; key?: string }) {
  h = tempHistory();
  return createTeamMode({
    connection: () =>
      teamConnectionSchema.parse({ host: '127.0.0.1', port: 1, database: 'team', user: 'desk' }),
    vault: {
      getTeamItem: async (item: 'password' | 'key') => items[item],
      setTeamItem: async () => {},
    } as never,
    outbox: h.store.teamOutbox,
    dataDir: h.dir,
    log: silent as never,
  });
}

describe('team mode waiting, in words', () => {
  it.each([
    [{}, 'team.replication.reason.passwordMissing'],
    [{ password: 'secret' }, 'team.replication.reason.keyMissing'],
  ])('with %o in the keychain it says %s', async (items, key) => {
    const mode = modeWith(items);
    await mode.restart();
    const { mode: state, lastError } = mode.status();
    expect(state).toBe('waiting');
    expect(expectWorded([{ message: lastError?.message ?? '', words: lastError?.words }])).toEqual([key]);
    const german = (await wordsIn('de'))(lastError!.words!.key as MessageKey, lastError!.words!.values);
    expect(german).toMatch(/^Das Teampasswort|^Der Teamschlüssel/);
  });
});
