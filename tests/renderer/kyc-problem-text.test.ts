// A KYC row's problems and the KYC page's announcements in the desk's language (issue 33, item 2): main
// sends each problem's catalogue words with its English; the renderer says them in the active language,
// the gateway's own words as it sent them, and counts with the language's plurals and separators.

import { count } from '@renderer/features/kyc/format';
import { errorText, problemText, warningText } from '@renderer/features/kyc/problem-text';
import { waitingText } from '@renderer/features/kyc/sending';
import { translate } from '@renderer/i18n/i18n';
import type { KycRowError } from '@shared/kyc-batch';
import { documentDateWords, duplicateUserIdWords } from '@shared/kyc-problems';
import { afterAll, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

const digits: KycRowError = {
  field: 'personalCode',
  message: 'Digits only.',
  words: { key: 'kyc.problem.digits' },
  source: 'file',
};
const gateway: KycRowError = {
  field: 'email',
  message: 'email format error (refused by the gateway, traceid T1)',
  source: 'gateway',
};

afterAll(() => speak('en'));

describe('KYC problems in the desk’s language', () => {
  it('a German desk reads a bad row’s problems in German, the gateway’s words as sent', () => {
    speak('de');
    const duplicate: KycRowError = {
      field: 'userId',
      message: 'The same userId as row 4: each person once per file.',
      words: duplicateUserIdWords(4),
      source: 'file',
    };
    expect(errorText(translate, [digits, duplicate, gateway])).toBe(
      'Nur Ziffern. Dieselbe userId wie in Zeile 4: jede Person nur einmal pro Datei. ' +
        'email format error (refused by the gateway, traceid T1)',
    );
  });

  it('a confirmed warning says so in the language of the desk', () => {
    speak('pt-BR');
    const warning = {
      field: 'certificateDateEnd' as const,
      message: 'The document expired on 2024-04-30 (today is 2026-11-28): …',
      words: documentDateWords('expired', '2024-04-30', '2026-11-28'),
      confirmed: true,
    };
    expect(warningText(translate, [warning])).toBe(
      'O documento venceu em 30/04/2024 (hoje é 28/11/2026): ele só é enviado depois que o responsável de Compliance confirmar. Confirmado.',
    );
  });

  it.each([
    ['de', 'Das Dokument ist am 01.03.2025 abgelaufen (heute ist der 28.11.2026)'],
    ['en', 'The document expired on 03/01/2025 (today is 11/28/2026)'],
    ['es', 'El documento venció el 01/03/2025 (hoy es 28/11/2026)'],
    ['pt-BR', 'O documento venceu em 01/03/2025 (hoje é 28/11/2026)'],
  ] as const)('%s: a document’s days are written as the language writes a day', (language, said) => {
    speak(language);
    const expired = {
      field: 'certificateDateEnd' as const,
      message: 'The document expired on 2025-03-01 (today is 2026-11-28): …',
      words: documentDateWords('expired', '2025-03-01', '2026-11-28'),
      confirmed: false,
    };
    expect(warningText(translate, [expired])).toMatch(new RegExp(`^${said.replace(/[().]/g, '\\$&')}:`));
    // The first day of a month in a zone west of UTC is still that day: a calendar day, never a moment.
    const early = documentDateWords('not_yet_valid', '2099-01-01', '2026-11-28');
    expect(problemText(translate, { message: '…', words: early })).toContain(
      language === 'de' ? '01.01.2099' : '01/01/2099',
    );
  });

  it('falls back to the English message for a key this catalogue does not have', () => {
    speak('de');
    expect(problemText(translate, { message: 'Old words.', words: { key: 'kyc.problem.gone' } })).toBe(
      'Old words.',
    );
  });

  it.each([
    ['en', 1, '1 row waits for confirmation of its document dates: not sent.'],
    ['en', 2, '2 rows wait for confirmation of their document dates: not sent.'],
    ['de', 1, '1 Zeile wartet auf die Bestätigung ihrer Dokumentdaten: nicht gesendet.'],
    ['de', 5, '5 Zeilen warten auf die Bestätigung ihrer Dokumentdaten: nicht gesendet.'],
    ['es', 0, '0 filas esperan la confirmación de las fechas de su documento: no enviadas.'],
  ] as const)('%s: %d waiting rows in the language’s plural', (language, rows, said) => {
    speak(language);
    expect(waitingText(rows)).toBe(said);
  });

  it('groups counts as the active language does', () => {
    speak('de');
    expect(count(1234567)).toBe('1.234.567');
    speak('en');
    expect(count(1234567)).toBe('1,234,567');
  });
});
