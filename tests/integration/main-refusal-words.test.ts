// main's refusals worded from the catalogues (issue 33): an answer carries the catalogue's key and values
// beside main's English message, and the renderer says them in the desk's language. Here an operator-admin
// refusal through the app's dispatcher, and a KYC refusal made in the worker thread, which has to cross to
// main with its words, each read in German as the renderer there reads it.
import { LANGUAGES } from '@shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../src/main/i18n/refuse';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { kycWorkersForFile, openRefusal } from '../support/kyc/open';

const workers = kycWorkersForFile();

describe('a refusal of a converted area', () => {
  let app: Fixture;
  beforeAll(async () => {
    app = await startFixture();
  });
  afterAll(() => app.close());

  it('reaches the page with its words, which read in German', async () => {
    const answer = await app.call('operators.setEnabled', { id: app.operator!.id, enabled: false });
    if (answer.ok) throw new Error('a supervisor disabled their own account');
    expect(answer.error).toMatchObject({
      kind: 'forbidden',
      field: 'id',
      message: 'You cannot disable your own account: another supervisor must.',
      words: { key: 'refusal.operators.notYourself', values: { change: 'disable' } },
    });
    const { key, values } = answer.error.words!;
    expect((await wordsIn('de'))(key as MessageKey, values)).toBe(
      'Sie können Ihr eigenes Konto nicht deaktivieren: Das muss ein anderer Supervisor tun.',
    );
  });
});

describe('a refusal made in the KYC worker thread', () => {
  it('crosses to main with its words', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]);
    const refused = await openRefusal(workers, utf16, 'people.csv');
    expect(refused.words).toEqual({ key: 'refusal.kyc.utf16' });
    expect((await wordsIn('de'))('refusal.kyc.utf16')).toBe(
      'Die Datei ist UTF-16-Text, den Paydesk nicht liest. Speichern Sie sie in Ihrem Tabellenprogramm als „CSV UTF-8“ und öffnen Sie sie erneut.',
    );
  });
});

describe('numbers in a refusal', () => {
  it('are counted by each language’s plural rules, never by hand', async () => {
    const values = { now: 1, shown: 1200 };
    expect(refusal('conflict', 'refusal.kyc.warningsChanged', values).message).toBe(
      '1 row waits for confirmation now, not the 1,200 shown: nothing was confirmed. Look at the Warnings again.',
    );
    expect((await wordsIn('de'))('refusal.kyc.warningsChanged', { now: 3, shown: 1200 })).toBe(
      'Jetzt warten 3 Zeilen auf Bestätigung, nicht die 1.200 angezeigten: Es wurde nichts bestätigt. Sehen Sie sich die Hinweise erneut an.',
    );
    for (const language of LANGUAGES) {
      const says = (await wordsIn(language))('refusal.kyc.warningsChanged', { now: 2, shown: 1 });
      if (language !== 'en')
        expect(says, language).not.toBe(inEnglish()('refusal.kyc.warningsChanged', values));
      expect(says, language).not.toMatch(/[{}#]/);
    }
  });
});
