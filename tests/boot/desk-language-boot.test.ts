// Electron's own parts in the desk's language (issue 33), on the built app with the Electron stand-in
// (tests/boot/child): a desk whose OS speaks German (LANG=de_DE) gets a German menu, and a start that fails
// says why in German. The English desk's menu and bank window are app-boot.test.ts's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBootChild } from '../support/boot/boot-child';
import { BOOT_TEST_OUT_DIR, builtApp } from '../support/boot/build';

const app = builtApp(BOOT_TEST_OUT_DIR);

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
      expect(quit.menu).toEqual([
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
      ]);
    } finally {
      child.kill();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
