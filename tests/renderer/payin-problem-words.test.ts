// The pay-in form's field problems in the agent's language (issue 33): every issue the pay-in schemas can
// raise on a field, and every reason a card check gives, has its catalogue words in each language, with
// the values its message needs. The schemas' fields are iterated, so a field added without words fails.

import { payInResolverFor } from '@renderer/features/payin/form-resolver';
import { translate } from '@renderer/i18n/i18n';
import { type CardCheck, checkCardNumber, checkCvv, checkExpiry, detectBrand } from '@shared/cards/card';
import { type PayInRules, payInV1FieldsFor, payInV2FieldsFor } from '@shared/gateway/payin';
import de from '@shared/i18n/catalogs/de.json';
import en from '@shared/i18n/catalogs/en.json';
import es from '@shared/i18n/catalogs/es.json';
import ptBR from '@shared/i18n/catalogs/pt-BR.json';
import { followUpReasonSchema } from '@shared/ipc';
import { payInV1FormSchemaFor, payInV2FormSchemaFor } from '@shared/payin-input';
import { followUpReasonWords, payInIssueWords } from '@shared/payin-issue-words';
import {
  cardProblemWords,
  cvvDigitsWords,
  emptyCardWords,
  PAYIN_PROBLEM_KEYS,
  type PayInProblemWords,
} from '@shared/payin-problems';
import { afterAll, describe, expect, it } from 'vitest';
import { filledPayInForm } from './filled-payin-form';
import { speak } from './support/desk-language';

const LANGUAGES = ['en', 'es', 'pt-BR', 'de'] as const;
const CATALOGS: Record<(typeof LANGUAGES)[number], Record<string, string>> = { en, es, 'pt-BR': ptBR, de };
const RULES: PayInRules[] = [
  { country: 'iso-alpha2', storedCard: 'token-alone' },
  { country: 'text', storedCard: 'token-with-card' },
];

/** Texts that break each kind of check a pay-in field has: missing, empty, too long, letters, odd shapes. */
const BAD_VALUES: unknown[] = [
  undefined,
  '',
  'x'.repeat(600),
  'abc!',
  '1',
  '13/99',
  'ZZ',
  'AUSTRIA',
  '2',
  'a@@b',
  'name@example',
  '0',
  '-5',
  '1.234',
  'not json',
  '[{"name":"Tea","price":"","num":"1","currency":"EUR"}]',
  '[{"name":"Tea","price":"1","num":"x","currency":"EUR"}]',
  'ftp://example.com/back',
];

/** Every issue each form schema raises about a field, with the value it was about. */
function issuesByField() {
  const found: { field: string; value: unknown; issue: import('zod').z.core.$ZodIssue }[] = [];
  const fieldsSeen = new Set<string>();
  for (const rules of RULES) {
    for (const [schema, shape] of [
      [payInV2FormSchemaFor(rules), payInV2FieldsFor(rules).shape],
      [payInV1FormSchemaFor(rules), payInV1FieldsFor(rules).shape],
    ] as const) {
      for (const field of Object.keys(schema.shape)) {
        fieldsSeen.add(field);
        for (const value of BAD_VALUES) {
          const result = schema.safeParse({ ccStorageID: 'tok_1', [field]: value });
          for (const issue of result.error?.issues ?? []) {
            if (issue.path[0] === field) found.push({ field, value, issue });
          }
        }
      }
      // The shared wire fields are the form's too (bar those main supplies).
      for (const field of Object.keys(shape)) {
        if (!['merchantId', 'sign'].includes(field)) expect(fieldsSeen).toContain(field);
      }
    }
  }
  return { found, fieldsSeen };
}

function expectWorded(words: PayInProblemWords, what: string) {
  expect(words.key, what).not.toBe('payin.problem.invalid');
  for (const language of LANGUAGES) {
    expect(CATALOGS[language], `${language}: ${what}`).toHaveProperty([words.key]);
    speak(language);
    const text = translate(words.key, words.values);
    expect(text, `${language}: ${what}`).not.toBe(words.key);
    // Every placeholder had its value.
    expect(text, `${language}: ${what}`).not.toMatch(/[{}]/);
  }
}

afterAll(() => speak('en'));

describe('a pay-in field problem in the agent’s words', () => {
  it('every issue of every field of both versions, under each reading of the rules, has its words', () => {
    const { found, fieldsSeen } = issuesByField();
    expect(fieldsSeen.size).toBeGreaterThan(30);
    const codes = new Set(found.map(({ issue }) => issue.code));
    // The kinds of check the schemas make, each reached.
    for (const code of ['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'custom'])
      expect(codes).toContain(code);
    for (const { field, value, issue } of found) {
      expectWorded(payInIssueWords(issue, field, value), `${field} ${JSON.stringify(value)} ${issue.code}`);
    }
  });

  it('every key the pay-in problems name is in each catalogue', () => {
    for (const key of PAYIN_PROBLEM_KEYS)
      for (const language of LANGUAGES) expect(CATALOGS[language], language).toHaveProperty([key]);
  });

  it('every card check’s reason, and each card field left empty, has its words', () => {
    const visa = detectBrand('4242424242424242')!;
    const failures: CardCheck[] = [
      checkCardNumber('4242-4242-abcd'),
      checkCardNumber('1234567812345670'),
      checkCardNumber('4111111111111112'),
      checkCardNumber('411111111111'),
      checkCvv('12', visa),
    ];
    const expiries = [checkExpiry('13/99'), checkExpiry('01/20', new Date(Date.UTC(2026, 4, 1)))];
    const reasons = new Set<string>();
    for (const failure of [...failures, ...expiries]) {
      if (failure.ok) throw new Error('a card check passed that should fail');
      reasons.add(failure.reason);
      expectWorded(cardProblemWords(failure, 'de'), failure.reason);
    }
    expect([...reasons].sort()).toEqual(
      ['checkDigit', 'cvvLength', 'expired', 'expiryFormat', 'length', 'notDigits', 'unknownBrand'].sort(),
    );
    for (const words of [
      emptyCardWords.cardNumber(),
      emptyCardWords.expDate(),
      emptyCardWords.cvv('CID'),
      cvvDigitsWords(),
    ])
      expectWorded(words, words.key);
  });

  it('says limits with the language’s plurals and a brand’s lengths as the language lists them', () => {
    speak('de');
    expect(translate('payin.problem.tooLong', { max: 20 })).toBe('Höchstens 20 Zeichen.');
    const short = checkCardNumber('411111111111');
    if (short.ok) throw new Error('a 12-digit Visa number passed');
    const words = cardProblemWords(short, 'de');
    expect(translate(words.key, words.values)).toBe('Nummern von Visa haben 16, 18 oder 19 Ziffern.');
    speak('en');
    expect(translate('payin.problem.tooLong', { max: 1 })).toBe('At most 1 character.');
    expect(translate(words.key, cardProblemWords(short, 'en').values)).toBe(
      'Visa numbers have 16, 18, or 19 digits.',
    );
  });

  it('the follow-up reason’s problem is worded too', () => {
    speak('de');
    for (const reason of ['ab', 'x'.repeat(501)]) {
      const issue = followUpReasonSchema.safeParse(reason).error?.issues[0];
      expect(issue, reason).toBeDefined();
      expectWorded(followUpReasonWords(issue!), reason.slice(0, 5));
    }
    speak('de');
    const issue = followUpReasonSchema.safeParse('ok').error!.issues[0]!;
    const words = followUpReasonWords(issue);
    expect(translate(words.key, words.values)).toBe(
      'Nennen Sie den Grund in wenigen Worten (mindestens 3 Zeichen).',
    );
  });
});

describe('the pay-in form on a German desk', () => {
  const resolve = payInResolverFor({ country: 'iso-alpha2', storedCard: 'token-alone' });
  const errorsOf = async (values: Parameters<typeof resolve>[0]) => {
    const result = await resolve(
      values,
      { locale: 'de', currency: 'EUR' },
      { fields: {}, shouldUseNativeValidation: false },
    );
    return Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [name, (error as { message?: string }).message]),
    );
  };

  it('says an empty required field, a bad card number, an expired card and a long name in German', async () => {
    speak('de');
    const errors = await errorsOf(
      filledPayInForm({
        city: '',
        firstName: 'x'.repeat(21),
        mobile: '0151-123',
        cardNumber: '4242 4242 4242 4241',
        expDate: '01/20',
        amount: '2,50',
      }),
    );
    expect(errors).toEqual({
      city: 'Pflichtfeld.',
      firstName: 'Höchstens 20 Zeichen.',
      mobile: 'Nur Ziffern.',
      cardNumber: 'Die Kartennummer ist falsch eingegeben (ihre Prüfziffer stimmt nicht).',
      expDate: 'Die Karte ist abgelaufen.',
    });
  });

  it('asks for each card detail left empty, the CVV by the brand’s name for it', async () => {
    speak('de');
    const errors = await errorsOf(filledPayInForm({ cardNumber: '', expDate: '', cvv: '' }));
    expect(errors).toMatchObject({
      cardNumber: 'Geben Sie die Kartennummer ein.',
      expDate: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
      cvv: 'Geben Sie die CVV ein.',
    });
  });
});
