// The start-up failure dialog (data-folder.ts's startFailureText) in the desk's language: a data folder's
// problem worded from its kind, another failure's own reason kept as it is, the log named, and what to do.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import de from '@shared/i18n/catalogs/de.json';
import { translatorOf } from '@shared/i18n/translator';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDataFolder, startFailureText } from '../../src/main/data-folder';
import { inEnglish } from '../../src/main/i18n/words';

const folder = mkdtempSync(join(tmpdir(), 'paydesk-start-words-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const german = translatorOf('de', de);

function failureOf(check: () => void): unknown {
  try {
    check();
  } catch (error) {
    return error;
  }
  throw new Error('the check passed');
}

describe('a failed start, said in the desk’s language', () => {
  it('words a data folder Paydesk cannot use, with its folder and the reason the system gave', () => {
    // A file where the data folder's parent should be: mkdir fails with ENOTDIR.
    const blocker = join(folder, 'a-file');
    writeFileSync(blocker, '');
    const dataDir = join(blocker, 'Paydesk');
    const error = failureOf(() => checkDataFolder(dataDir));
    const { title, body } = startFailureText(error, { dataDir, logFile: '/logs/paydesk.log' }, german);
    expect(title).toBe('Paydesk kann nicht in seinen Datenordner schreiben');
    expect(body).toMatch(
      new RegExp(
        `^Paydesk kann seinen Datenordner \\(${dataDir}\\) nicht verwenden: .*ENOTDIR.*\\. Es wurde nichts geändert\\.`,
      ),
    );
    expect(body).toContain(
      `Es wurde nichts an ein Gateway gesendet. Der Datenordner von Paydesk ist ${dataDir}.`,
    );
    // A data folder's problem is not in the log: none is named.
    expect(body).not.toContain('/logs/paydesk.log');
    expect(body.endsWith('Starten Sie Paydesk erneut, sobald die Ursache behoben ist.')).toBe(true);
  });

  it('keeps another failure’s own reason, and names the log', () => {
    const tooNew = Object.assign(new Error('schema version 99'), { name: 'HistoryTooNewError' });
    const { title, body } = startFailureText(
      tooNew,
      { dataDir: '/data', logFile: '/logs/paydesk.log' },
      inEnglish(),
    );
    expect(title).toBe('This history was written by a newer Paydesk');
    expect(body).toBe(
      "schema version 99\n\nNothing was sent to a gateway. Paydesk's data folder is /data. Its log, /logs/paydesk.log, has the details. Start Paydesk again once the cause is fixed.",
    );
  });
});
