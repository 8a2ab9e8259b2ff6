// The KYC row problems as catalogue words (issue 33, item 2): each of the record check's problems gets a key
// and values (shared/kyc-problems.ts) that say in English exactly what the schema's message says (so the
// export and the logs keep the English they had), and in German what a German desk reads.
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../src/main/i18n/words';
import type { NormalizedRecord } from '../../src/main/kyc/checking/normalize';
import { validateRecord } from '../../src/main/kyc/checking/row-checker';
import german from '../../src/shared/i18n/catalogs/de.json';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { translatorOf } from '../../src/shared/i18n/translator';
import { duplicateUserIdWords, KYC_PROBLEM_KEYS, rowNote } from '../../src/shared/kyc-problems';
import { kycRecord } from '../support/kyc/generate';

const base = (): NormalizedRecord => ({ ...kycRecord(1) });
const LONG = (n: number) => 'x'.repeat(n);

/** One record per problem the check can find, each field broken in each way its schema refuses. */
const BROKEN: [string, Partial<Record<string, unknown>>][] = [
  ['missing userId', { userId: undefined }],
  ['long firstName', { firstName: LONG(21) }],
  ['long middleName', { middleName: LONG(31) }],
  ['letters in personalCode', { personalCode: '12A4' }],
  ['long iddCode', { iddCode: '12345' }],
  ['not a date', { birthday: '1979-02-30' }],
  ['an undecided date', { birthday: '07.03.1979' }],
  ['gender in capitals', { gender: 'Female' }],
  ['an unknown country', { country: 'XX' }],
  ['a country name', { country: 'Germany' }],
  ['no ID card image', { idCardUrls: undefined }],
  ['an ftp ID card image', { idCardUrls: ['https://a.example.com/x.jpg', 'ftp://a.example.com/y.jpg'] }],
  ['a long document URL', { documentUrls: [`https://a.example.com/${LONG(600)}`] }],
  [
    'eleven document URLs',
    { documentUrls: Array.from({ length: 11 }, (_, i) => `https://a.example.com/${i}`) },
  ],
  ['expires before issued', { certificateDateStart: '2020-05-01', certificateDateEnd: '2019-05-01' }],
  ['born after issued', { birthday: '2021-01-01', certificateDateStart: '2020-05-01' }],
  ['no "@"', { email: 'person.example.com' }],
  ['two "@"', { email: 'a@b@example.com' }],
  ['nothing before "@"', { email: '@example.com' }],
  ['a space before "@"', { email: 'zoë rossi@example.com' }],
  ['a ";" before "@"', { email: 'zoë;rossi@example.com' }],
  ['an invisible character', { email: 'zoë\u200brossi@example.com' }],
  ['two dots before "@"', { email: 'zoë..rossi@example.com' }],
  ['no domain', { email: 'zoë@' }],
  ['"_" in the domain', { email: 'zoë@exa_mple.com' }],
  ['a domain without a dot', { email: 'zoë@localhost' }],
  ['two dots in the domain', { email: 'zoë@example..com' }],
  ['a label ending in "-"', { email: 'zoë@example-.com' }],
  ['a numeric top-level domain', { email: 'zoë@example.123' }],
  ['a long e-mail address', { email: `${LONG(60)}@example.com` }],
];

describe('KYC row problems as catalogue words', () => {
  it.each(BROKEN)('%s: a key of its own whose English is the schema’s message', (_, broken) => {
    const errors = validateRecord({ ...base(), ...broken } as NormalizedRecord);
    expect(errors?.length).toBeGreaterThan(0);
    for (const error of errors!) {
      expect(error.words, error.message).toBeDefined();
      expect(KYC_PROBLEM_KEYS).toContain(error.words!.key);
      expect(error.words!.key, error.message).not.toBe('kyc.problem.invalid');
      expect(inEnglish()(error.words!.key as MessageKey, error.words!.values)).toBe(error.message);
    }
  });

  it('every key is in the catalogue (the catalogue check holds the other languages to it)', () => {
    for (const key of KYC_PROBLEM_KEYS) expect(inEnglish()(key)).not.toBe(key);
  });

  it('a German desk reads a bad row’s problems in German', () => {
    const errors = validateRecord({
      ...base(),
      personalCode: '12A4',
      birthday: '07.03.1979',
      email: 'zoë rossi@example.com',
    } as NormalizedRecord)!;
    const de = translatorOf('de', german);
    const said = Object.fromEntries(
      errors.map((e) => [e.field, de(e.words!.key as MessageKey, e.words!.values)]),
    );
    expect(said).toEqual({
      personalCode: 'Nur Ziffern.',
      birthday: '07.03.1979 kann der 7. März oder der 3. Juli sein: Geben Sie das Datum als JJJJ-MM-TT ein.',
      email: 'Eine E-Mail-Adresse darf vor dem „@“ kein Leerzeichen enthalten.',
    });
    const duplicate = duplicateUserIdWords(12);
    expect(de(duplicate.key, duplicate.values)).toBe(
      'Dieselbe userId wie in Zeile 12: jede Person nur einmal pro Datei.',
    );
  });
});

describe('notes on a row as a whole, as the file readers make them', () => {
  it.each([rowNote.extraCells(3, 2), rowNote.beyondHeader(15), rowNote.notAnObject(4)])(
    '$message says the same in English from the catalogue',
    (note) => {
      expect(inEnglish()(note.words.key, note.words.values)).toBe(note.message);
    },
  );

  it('a German desk reads a note in German', () => {
    const note = rowNote.extraCells(17, 15);
    expect(translatorOf('de', german)(note.words.key, note.words.values)).toBe(
      'Diese Zeile hat 17 Zellen, die Kopfzeile aber 15: Prüfen Sie, ob ein Trennzeichen nicht in Anführungszeichen steht.',
    );
  });
});
