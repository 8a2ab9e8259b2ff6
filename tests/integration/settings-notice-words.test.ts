// The settings-file notices in the catalogue's words (issue 33): every kind of notice read-back.ts and
// settings-file.ts write carries its key and values, whose English is the notice's message, and a German
// desk reads them in German around the values that are data (a profile's name, zod's issue, a file's keys).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageKey } from '@shared/i18n/messages';
import { SANDBOX_PROFILE } from '@shared/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
import { readBackSettings } from '../../src/main/settings/read-back';
import { setAsideUnreadableSettings } from '../../src/main/settings/settings-file';
import { expectSaidInWords } from '../support/i18n/said-in-words';

const LIVE = {
  id: 'live-eu',
  name: 'Live EU',
  environment: 'production',
  baseUrl: 'https://gateway.example.com',
  kycBaseUrl: 'https://kyc.example.com',
  merchantId: 4242,
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the settings-file notices', () => {
  it('word every kind of problem from the catalogue, the English being the message', () => {
    const cases: unknown[] = [
      'not an object',
      { profiles: 'not a list' },
      {
        activeProfileId: LIVE.id,
        idleLockMinutes: 0,
        operatorName: 7,
        languages: 'de',
        theme: 'dark',
        profiles: [
          SANDBOX_PROFILE,
          { ...LIVE, merchantId: 'x' },
          { merchantId: 'no name, no id' },
          LIVE,
          { ...LIVE, name: 'Copy' },
        ],
      },
    ];
    const keys = new Set<string>();
    for (const raw of cases) {
      for (const problem of readBackSettings(raw).problems) {
        expectSaidInWords(problem.message, problem.words);
        keys.add(problem.words!.key);
      }
    }
    expect([...keys].sort()).toEqual([
      'settings.notice.notObject',
      'settings.notice.profileDropped',
      'settings.notice.profileDroppedAt',
      'settings.notice.profileDuplicate',
      'settings.notice.profilesNotList',
      'settings.notice.settingReset',
      'settings.notice.unknown',
    ]);
  });

  it('a file that is not JSON is set aside with a notice in words', () => {
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-settings-words-'));
    folders.push(folder);
    const file = join(folder, 'settings.json');
    writeFileSync(file, '{ not json');
    const notice = setAsideUnreadableSettings(file);
    expect(notice?.kind).toBe('file_unreadable');
    expectSaidInWords(notice?.message, notice?.words);
  });

  it('reads in German around the data: the name, the setting, what zod said', async () => {
    const { problems } = readBackSettings({
      activeProfileId: LIVE.id,
      idleLockMinutes: 0,
      profiles: [SANDBOX_PROFILE, { ...LIVE, merchantId: 'x' }],
    });
    const german = await wordsIn('de');
    const said = problems.map(({ words }) => german(words!.key as MessageKey, words!.values));
    expect(said).toEqual([
      expect.stringMatching(
        /^Die Einstellung „Zeit bis zur Sperre bei Inaktivität“ war ungültig \(.+\) und ist auf ihren Standardwert zurückgesetzt\.$/,
      ),
      expect.stringMatching(
        /^Das Profil „Live EU“ war ungültig \(merchantId: .+\) und wurde ausgelassen\. Es war das aktive Profil: Paydesk verwendet das Sandbox-Profil/,
      ),
    ]);
  });
});
