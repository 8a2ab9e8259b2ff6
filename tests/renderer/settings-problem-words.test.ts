// The Settings schemas' own messages in the supervisor's language (issue 33): every issue the profile
// schema raises on a field the editor fills, and every issue the operator, role and approval schemas raise
// in main's refusal, has catalogue words in each language with the values its message needs. The schemas'
// fields are iterated, so a field or check added without words fails here.
import {
  emptyValues,
  type ProfileFormValues,
  profileResolver,
} from '@renderer/features/settings/profile-form';
import { translate } from '@renderer/i18n/i18n';
import { grantApprovalInputSchema, setPayInLimitInputSchema } from '@shared/approvals';
import de from '@shared/i18n/catalogs/de.json';
import en from '@shared/i18n/catalogs/en.json';
import es from '@shared/i18n/catalogs/es.json';
import ptBR from '@shared/i18n/catalogs/pt-BR.json';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import {
  addOperatorInputSchema,
  completeEnrolmentInputSchema,
  firstSupervisorInputSchema,
  resetOperatorInputSchema,
  saveRoleInputSchema,
  signInInputSchema,
} from '@shared/operators';
import { type ProfileInput, profileSchema, savedProfileSchema } from '@shared/profile';
import { REFINEMENT_KEYS, schemaProblemWords } from '@shared/schema-problem-words';
import type { ResolverOptions } from 'react-hook-form';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeIssueWorded } from '../../src/main/i18n/issue-words';
import { speak } from './support/desk-language';

const LANGUAGES = ['en', 'es', 'pt-BR', 'de'] as const;
const CATALOGS: Record<(typeof LANGUAGES)[number], Record<string, string>> = { en, es, 'pt-BR': ptBR, de };

function expectWorded(words: { key: string; values?: MessageValues } | undefined, what: string) {
  expect(words, what).toBeDefined();
  const { key, values } = words!;
  for (const language of LANGUAGES) {
    expect(CATALOGS[language], `${language}: ${what}`).toHaveProperty([key]);
    speak(language);
    const text = translate(key as MessageKey, values);
    expect(text, `${language}: ${what}`).not.toBe(key);
    // Every placeholder had its value.
    expect(text, `${language}: ${what}`).not.toMatch(/[{}]/);
  }
}

afterAll(() => speak('en'));

/** A profile the schema takes, that each field's bad value is put into. */
const GOOD: ProfileInput = {
  id: 'words-1',
  name: 'Words',
  environment: 'production',
  embeddedSandbox: false,
  baseUrl: 'https://gateway.example.com',
  kycBaseUrl: 'https://gateway.example.com',
  merchantId: 4242,
  displayCurrency: 'EUR',
};
const BAD_TEXTS = [
  '',
  'x'.repeat(300),
  'ABC def!',
  'http://remote.example.com',
  'https://user@notify.example.com/?q=1#top',
  'ftp://example.com',
  'ZZ',
  'AUSTRIA',
  '999.1.1.1',
  'eu',
];
const BAD_NUMBERS = [Number.NaN, 0, -5, 1.5];
/** Values of the kind the editor gives each field (toProfileInput): text, a number, an object, or none. */
function badValues(field: string): unknown[] {
  if (field === 'merchantId') return [undefined, ...BAD_NUMBERS];
  if (field === 'payInRules')
    return [
      { country: 'nope', storedCard: 'token-alone' },
      { country: 'text', storedCard: 'x' },
    ];
  if (field === 'notificationService')
    return BAD_TEXTS.map((baseUrl) => ({ baseUrl })).concat({
      baseUrl: `https://n.example.com/${'p'.repeat(260)}`,
    });
  if (field === 'embeddedSandbox') return [];
  return [undefined, ...BAD_TEXTS];
}

/** Every issue the saved-profile schema raises, with the profile it was about. */
function profileIssues() {
  const found: { what: string; input: ProfileInput; issue: z.core.$ZodIssue }[] = [];
  const profiles: [string, ProfileInput][] = [];
  for (const field of Object.keys(profileSchema.shape)) {
    for (const value of badValues(field)) {
      profiles.push([`${field} ${JSON.stringify(value)}`, { ...GOOD, [field]: value } as ProfileInput]);
      profiles.push([
        `${field} ${JSON.stringify(value)} (test)`,
        { ...GOOD, environment: 'test', [field]: value } as ProfileInput,
      ]);
    }
  }
  // The refinements: addresses beside a notification service; a gateway's address missing.
  profiles.push([
    'addresses beside a service',
    {
      ...GOOD,
      notificationService: { baseUrl: 'https://n.example.com' },
      retURL: 'https://shop.example.com/r',
    },
  ]);
  for (const [what, input] of profiles) {
    for (const issue of savedProfileSchema.safeParse(input).error?.issues ?? [])
      found.push({ what, input, issue });
  }
  return found;
}

const valueAt = (input: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((value, part) => (value as Record<PropertyKey, unknown> | undefined)?.[part], input);

describe('a Settings schema’s problem in the supervisor’s words', () => {
  it('every issue of every profile field the editor fills has its words (timeouts are said in seconds)', () => {
    const found = profileIssues().filter(({ issue }) => !String(issue.path[0]).endsWith('TimeoutMs'));
    const codes = new Set(found.map(({ issue }) => issue.code));
    for (const code of ['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'custom'])
      expect(codes).toContain(code);
    const refinements = new Set<unknown>();
    for (const { what, input, issue } of found) {
      const words = schemaProblemWords(issue, { input: valueAt(input, issue.path) });
      expectWorded(words, `${what}: ${issue.path.join('.')} ${issue.code} "${issue.message}"`);
      if (issue.code === 'custom') refinements.add(words?.key);
    }
    // Each refinement reached, by the key it carries.
    expect([...refinements].sort()).toEqual([...REFINEMENT_KEYS].sort());
  });

  it('every issue main refuses a profile with is worded, its message the schema’s English still', () => {
    for (const { what, input, issue } of profileIssues()) {
      if (valueAt(input, issue.path) === undefined) continue; // a field left out: only a broken caller's
      const described = describeIssueWorded([issue]);
      expectWorded(described.words, `${what}: ${issue.code} "${issue.message}"`);
      expect(described.message).toContain(issue.message);
    }
  });

  it('every issue of the operator, role and approval inputs is worded in main’s refusal', () => {
    const schemas = {
      firstSupervisorInputSchema,
      addOperatorInputSchema,
      resetOperatorInputSchema,
      completeEnrolmentInputSchema,
      signInInputSchema,
      saveRoleInputSchema,
      grantApprovalInputSchema,
    };
    const bad = ['', 'a', 'x'.repeat(300), '12345', '1abc', 'Ana Ruiz!', 'short'];
    let count = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        // A role's permissions are chosen from a list, never typed: zod's own words say those.
        if (field === 'permissions' || !fieldSchema) continue;
        for (const value of bad) {
          for (const issue of schema.safeParse({ [field]: value }).error?.issues ?? []) {
            if (issue.path[0] !== field) continue;
            count += 1;
            expectWorded(describeIssueWorded([issue]).words, `${name}.${field} "${value}": ${issue.message}`);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  it('every reason an operator’s amount is refused is worded in main’s refusal, with its values', () => {
    const reasons = new Set<unknown>();
    const typed = [
      '',
      '9'.repeat(40),
      '1e5',
      '-5',
      '12,5x',
      '0.001',
      '12.345',
      '1.250',
      '1,250,000',
      '1.2345',
      '0.00',
    ];
    for (const amount of typed) {
      const issues = setPayInLimitInputSchema.safeParse({
        scope: { kind: 'role', role: 'agent' },
        currency: 'EUR',
        amount,
      }).error?.issues;
      expect(issues, amount).toBeDefined();
      const issue = issues![0]!;
      if (issue.code === 'custom') reasons.add(issue.params?.amount);
      expectWorded(describeIssueWorded(issues!).words, `amount "${amount}": ${issue.message}`);
    }
    expect([...reasons].sort()).toEqual(
      [
        'empty',
        'exponent',
        'grouping',
        'groupingOrCents',
        'negative',
        'notNumber',
        'tooManyPlaces',
        'zeroRounded',
      ].sort(),
    );
    const refused = describeIssueWorded(
      setPayInLimitInputSchema.safeParse({
        scope: { kind: 'role', role: 'agent' },
        currency: 'EUR',
        amount: '1.2345',
      }).error!.issues,
    );
    speak('de');
    expect(translate(refused.words!.key as MessageKey, refused.words!.values)).toBe(
      'Höchstens 2 Nachkommastellen (ganze Cent): „1.2345“ hat 4 Stellen. Es wird nichts für Sie gerundet.',
    );
    speak('en');
  });

  it('says a profile field’s problem in German under the field', async () => {
    speak('de');
    const values: ProfileFormValues = {
      ...emptyValues('words-1'),
      name: '',
      environment: 'production',
      baseUrl: 'http://gateway.example.com',
      kycBaseUrl: 'https://gateway.example.com',
      merchantId: '4242',
      displayCurrency: 'E1',
    };
    const result = await profileResolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as ResolverOptions<ProfileFormValues>);
    expect(result.errors.name?.message).toBe('Pflichtfeld.');
    expect(result.errors.baseUrl?.message).toBe(
      'Ein Produktions-Gateway muss über https:// erreicht werden.',
    );
    expect(result.errors.displayCurrency?.message).toBe(
      'Ein dreibuchstabiger Währungscode nach ISO 4217, z. B. EUR.',
    );
    speak('en');
  });

  it('says a short one-time passphrase in German in main’s refusal, its English the schema’s', () => {
    const issues = addOperatorInputSchema.safeParse({
      id: 'ana.ruiz',
      displayName: 'Ana Ruiz',
      role: 'agent',
      temporaryPassphrase: 'too short',
    }).error!.issues;
    const described = describeIssueWorded(issues);
    expect(described.message).toBe('temporaryPassphrase: At least 12 characters.');
    speak('de');
    expect(translate(described.words!.key as MessageKey, described.words!.values)).toBe(
      'Die Passphrase braucht mindestens 12 Zeichen.',
    );
    speak('en');
  });
});
