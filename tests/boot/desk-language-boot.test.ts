// Electron's own parts in the desk's language (issue 33), on the built app with the Electron stand-in
// (tests/boot/child): a desk whose OS speaks German (LANG=de_DE) gets a German menu, and a start that fails
// says why in German; on an English desk, an operator who reads German gets the menu in German once they
// choose it, and keeps it over signing out and in again. The English desk's bank window is app-boot.test.ts's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enrolFirstSupervisor, signIn, TEST_SUPERVISOR } from '../support/app/sign-in';
import { type BootChild, startBootChild } from '../support/boot/boot-child';
import { BOOT_TEST_OUT_DIR, builtApp } from '../support/boot/build';

const app = builtApp(BOOT_TEST_OUT_DIR);

const GERMAN_MENU = [
  {
    label: 'Bearbeiten',
    submenu: [
      { role: 'undo', label: 'Rückgängig' },
      { role: 'redo', label: 'Wiederholen' },
      { type: 'separator' },
      { role: 'cut', label: 'Ausschneiden' },
      { role: 'copy', label: 'Kopieren' },
      { role: 'paste', label: 'Einfügen' },
      { type: 'separator' },
      { role: 'selectAll', label: 'Alles auswählen' },
    ],
  },
];

describe('a German desk', () => {
  it('has a German menu, and a start that fails says why in German', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paydesk-boot-'));
    // A folder where the history file should be: SQLite cannot open it.
    mkdirSync(join(home, '.config', 'Paydesk', 'history.sqlite'), { recursive: true });
    const child = startBootChild({ mainBundle: app.mainBundle, home, lang: 'de_DE.UTF-8' });
    try {
      const quit = await child.notice('quit');
      expect(quit.dialogs).toEqual([
        {
          title: 'Paydesk konnte nicht starten',
          content: expect.stringMatching(
            /unable to open database file[\s\S]*Es wurde nichts an ein Gateway gesendet[\s\S]*Starten Sie Paydesk erneut, sobald die Ursache behoben ist\.$/,
          ),
        },
      ]);
      expect(quit.menu).toEqual(GERMAN_MENU);
    } finally {
      child.kill();
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('an English desk', () => {
  it('builds its menu again in the language of whoever is signed in, when it changes', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paydesk-boot-'));
    const child: BootChild = startBootChild({
      mainBundle: app.mainBundle,
      home,
      keychain: 'session',
      lang: 'en_US.UTF-8',
    });
    const call = (channel: string, input?: unknown) => child.invoke(channel, input);
    const menuLabel = async () => (await child.snapshot()).menu?.[0]?.label;
    try {
      await child.notice('loaded');
      const supervisor = await enrolFirstSupervisor(call, TEST_SUPERVISOR, () => Date.now());
      expect(await menuLabel()).toBe('Edit');

      expect(await call('language.set', { language: 'de' })).toMatchObject({ ok: true });
      expect((await child.snapshot()).menu).toEqual(GERMAN_MENU);

      // Nobody signed in: the desk's language; the operator signing in again: theirs.
      expect(await call('session.signOut')).toMatchObject({ ok: true });
      await expect.poll(menuLabel).toBe('Edit');
      await signIn(call, supervisor, () => Date.now());
      await expect.poll(menuLabel).toBe('Bearbeiten');
    } finally {
      child.kill();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
