// Settings read back from a damaged settings.json, through conf (what electron-store is built on) on a
// real file: what is valid is kept, what is not is left out alone and named, and the file as it was is
// kept beside it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SettingsNotice } from '@shared/ipc';
import { SANDBOX_PROFILE } from '@shared/profile';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { setAsideUnreadableSettings } from '../../src/main/settings/settings-file';
import { createSettingsService, type KeyValueStore } from '../../src/main/settings/settings-service';
import { startFixture } from '../support/app/paydesk-fixture';

const LIVE = {
  id: 'live-eu',
  name: 'Live EU',
  environment: 'production',
  baseUrl: 'https://gateway.example.com',
  kycBaseUrl: 'https://kyc.example.com',
  merchantId: 4242,
};
const TEST_GATEWAY = {
  id: 'test-gw',
  name: 'Test gateway',
  environment: 'test',
  baseUrl: 'https://test.gateway.example.com',
  kycBaseUrl: 'https://test.kyc.example.com',
  merchantId: 4343,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-settings-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const settingsFile = () => join(dir, 'settings.json');
const openStore = (): KeyValueStore =>
  new Conf<Record<string, unknown>>({ projectName: 'paydesk', cwd: dir, configName: 'settings' });
const backups = () => readdirSync(dir).filter((name) => name.startsWith('settings.backup-'));

function service(store = openStore(), notices: SettingsNotice[] = []) {
  const logged: SettingsNotice[] = [];
  const settings = createSettingsService({
    store,
    vault: createMemoryVault(),
    notices,
    onNotice: (notice) => void logged.push(notice),
  });
  return { settings, logged };
}

describe('settings read back from a file that does not pass the schema', () => {
  it('one invalid profile is left out alone, named; the production profile and the operator stay', async () => {
    const written = {
      settings: {
        operatorName: 'Jane Doe',
        activeProfileId: TEST_GATEWAY.id,
        idleLockMinutes: 20,
        profiles: [
          SANDBOX_PROFILE,
          LIVE,
          { ...TEST_GATEWAY, id: 'broken', name: 'Broken gateway', baseUrl: 'not a url' },
          TEST_GATEWAY,
        ],
      },
    };
    writeFileSync(settingsFile(), JSON.stringify(written));
    const original = readFileSync(settingsFile(), 'utf8');

    const { settings, logged } = service();
    const view = await settings.view();
    expect(view.settings).toMatchObject({
      operatorName: 'Jane Doe',
      activeProfileId: TEST_GATEWAY.id,
      idleLockMinutes: 20,
    });
    expect(view.settings.profiles.map((profile) => profile.id)).toEqual(['sandbox', 'live-eu', 'test-gw']);
    expect(view.notices).toEqual([
      {
        kind: 'profile_dropped',
        message: expect.stringMatching(
          /^The profile "Broken gateway" was not valid \(baseUrl: .+\) and has been left out\.$/,
        ),
        words: {
          key: 'settings.notice.profileDropped',
          values: { name: 'Broken gateway', why: expect.stringMatching(/^baseUrl: /), active: 'no' },
        },
        backupFile: join(dir, backups()[0]!),
      },
    ]);
    expect(logged).toEqual(view.notices);
    expect(backups()).toHaveLength(1);
    expect(readFileSync(join(dir, backups()[0]!), 'utf8')).toBe(original);

    // The file is repaired once: a restart reads it as it is now, with nothing more to say.
    const again = service();
    expect((await again.settings.view()).notices).toEqual([]);
    expect(again.settings.read().profiles.map((profile) => profile.id)).toEqual([
      'sandbox',
      'live-eu',
      'test-gw',
    ]);
  });

  it('an invalid active profile is left out with a notice saying Paydesk is on Sandbox now', async () => {
    writeFileSync(
      settingsFile(),
      JSON.stringify({
        settings: {
          operatorName: 'Jane',
          activeProfileId: LIVE.id,
          profiles: [SANDBOX_PROFILE, { ...LIVE, merchantId: 'x' }],
        },
      }),
    );
    const { settings } = service();
    expect(settings.activeProfile().id).toBe(SANDBOX_PROFILE.id);
    const view = await settings.view();
    expect(view.settings.operatorName).toBe('Jane');
    expect(view.notices.map((notice) => notice.message)).toEqual([
      expect.stringMatching(
        /The profile "Live EU" was not valid \(merchantId: .+\)[\s\S]*It was the active profile: Paydesk uses the Sandbox profile/,
      ),
    ]);
  });

  it('an invalid setting goes back to its default alone, and unknown ones are named', async () => {
    writeFileSync(
      settingsFile(),
      JSON.stringify({
        settings: {
          operatorName: 'Jane',
          idleLockMinutes: 0,
          profiles: [SANDBOX_PROFILE, LIVE],
          theme: 'dark',
        },
      }),
    );
    const view = await service().settings.view();
    expect(view.settings).toMatchObject({ operatorName: 'Jane', idleLockMinutes: 15 });
    expect(view.settings.profiles.map((profile) => profile.id)).toEqual(['sandbox', 'live-eu']);
    expect(view.notices.map((notice) => [notice.kind, notice.message])).toEqual([
      [
        'setting_reset',
        expect.stringMatching(
          /^The idle lock time setting was not valid \(.+\) and is back to its default\.$/,
        ),
      ],
      ['setting_reset', 'Settings this version of Paydesk does not know were left out: theme.'],
    ]);
  });

  it('profiles that are not a list, or two profiles with one id, are reported too', async () => {
    const store = openStore();
    store.set('settings', { operatorName: 'Jane', profiles: { live: LIVE } });
    const first = await service(store).settings.view();
    expect(first.settings.profiles).toEqual([SANDBOX_PROFILE]);
    expect(first.notices[0]?.message).toMatch(/connection profiles were not a list/);

    store.set('settings', { profiles: [LIVE, { ...TEST_GATEWAY, id: LIVE.id }] });
    const second = await service(store).settings.view();
    expect(second.settings.profiles.map((profile) => profile.name)).toEqual(['Sandbox', 'Live EU']);
    expect(second.notices[0]?.message).toMatch(
      /The profile "Test gateway" was not valid \(another profile has the id "live-eu"\)/,
    );
  });
});

describe('a settings file that is not JSON', () => {
  it('is set aside as it was, the store opens afresh, and the notice says where the copy is', async () => {
    const damaged = '{"settings": {"operatorName": "Jane", "profiles": [';
    writeFileSync(settingsFile(), damaged);
    expect(() => openStore()).toThrow(/not valid JSON/);

    const notice = setAsideUnreadableSettings(settingsFile());
    expect(notice).toMatchObject({
      kind: 'file_unreadable',
      message: expect.stringMatching(/could not be read/),
    });
    expect(readFileSync(notice!.backupFile!, 'utf8')).toBe(damaged);
    const { settings } = service(openStore(), [notice!]);
    const view = await settings.view();
    expect(view.settings.profiles).toEqual([SANDBOX_PROFILE]);
    expect(view.notices).toEqual([notice]);
  });

  it('leaves a file alone that is JSON, and one that is not there', () => {
    expect(setAsideUnreadableSettings(settingsFile())).toBeUndefined();
    writeFileSync(settingsFile(), '\uFEFF{"settings": {"operatorName": 7}}');
    expect(setAsideUnreadableSettings(settingsFile())).toBeUndefined();
    expect(backups()).toEqual([]);
    for (const notAnObject of ['', '[]', 'null', '"settings"']) {
      writeFileSync(settingsFile(), notAnObject);
      expect(setAsideUnreadableSettings(settingsFile()), notAnObject).toMatchObject({
        kind: 'file_unreadable',
      });
    }
    expect(backups()).toHaveLength(4);
  });

  it('damaged while Paydesk runs: set aside at the next read, and Paydesk goes on', async () => {
    const store = openStore();
    const { settings } = service(store);
    await settings.update({ operatorName: 'Jane' });
    writeFileSync(settingsFile(), '{ oops');
    const view = await settings.view();
    expect(view.settings.operatorName).toBe('');
    expect(view.notices).toEqual([expect.objectContaining({ kind: 'file_unreadable' })]);
    expect(readFileSync(view.notices[0]!.backupFile!, 'utf8')).toBe('{ oops');
  });
});

describe('through the app', () => {
  it('settings.get carries the notices; the operator name survives a bad profile', async () => {
    const fixture = await startFixture();
    try {
      // The fixture's in-memory store has no file to copy: the notice says what was left out all the same.
      fixture.store.set('settings', {
        operatorName: 'Jane',
        profiles: [SANDBOX_PROFILE, { ...LIVE, baseUrl: 'ftp://x' }],
      });
      const view = await fixture.data('settings.get');
      expect(view.settings.operatorName).toBe('Jane');
      expect(view.notices).toEqual([
        {
          kind: 'profile_dropped',
          message: expect.stringMatching(/^The profile "Live EU" was not valid/),
          words: expect.objectContaining({ key: 'settings.notice.profileDropped' }),
        },
      ]);
    } finally {
      await fixture.close();
    }
  });
});
