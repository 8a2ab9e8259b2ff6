// Settings' own words that the forms make in code (issue 33, item 2): the idle lock's and the timeouts'
// refusals and a copied profile's name come from the catalogue in the active language, with their numbers in
// place; the copy's name stays unique among the names taken.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { idleLockResolver } from '@renderer/features/settings/idle-lock-form';
import {
  copyOf,
  emptyValues,
  type ProfileFormValues,
  profileResolver,
} from '@renderer/features/settings/profile-form';
import { i18n } from '@renderer/i18n/i18n';
import de from '@shared/i18n/catalogs/de.json';
import en from '@shared/i18n/catalogs/en.json';
import { savedProfileSchema } from '@shared/profile';
import type { ResolverOptions } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  for (const [language, catalog] of [
    ['en', en],
    ['de', de],
  ] as const) {
    const messages = Object.fromEntries(
      Object.entries(catalog).map(([key, message]) => [key, compileMessageOrThrow(message)]),
    );
    i18n.load(language, messages);
  }
});

const OPTIONS = { fields: {}, shouldUseNativeValidation: false };

const profile: ProfileFormValues = {
  ...emptyValues('words-1'),
  name: 'Words',
  baseUrl: 'https://gateway.example.com',
  kycBaseUrl: 'https://gateway.example.com',
  merchantId: '4242',
};

describe('the settings forms’ refusals', () => {
  it('say the idle lock’s bounds in the active language', async () => {
    i18n.activate('de');
    const german = await idleLockResolver({ idleLockMinutes: '0' }, undefined, OPTIONS);
    expect(german.errors.idleLockMinutes?.message).toBe('Eine ganze Zahl von Minuten zwischen 1 und 240.');
    i18n.activate('en');
    const english = await idleLockResolver({ idleLockMinutes: 'ten' }, undefined, OPTIONS);
    expect(english.errors.idleLockMinutes?.message).toBe('A whole number of minutes from 1 to 240.');
  });

  it('say a timeout’s bounds in seconds in the active language', async () => {
    i18n.activate('de');
    const result = await profileResolver(
      { ...profile, requestTimeoutSeconds: '500' },
      undefined,
      OPTIONS as ResolverOptions<ProfileFormValues>,
    );
    expect(result.errors.requestTimeoutSeconds?.message).toBe(
      'Von 1 bis 120 Sekunden (bis zu 3 Nachkommastellen).',
    );
    expect(result.errors.connectTimeoutSeconds).toBeUndefined();
  });
});

describe('a copied profile’s name', () => {
  const original = savedProfileSchema.parse({
    id: 'acme-1',
    name: 'Acme',
    environment: 'test',
    embeddedSandbox: false,
    baseUrl: 'https://gateway.example.com',
    kycBaseUrl: 'https://gateway.example.com',
    merchantId: 4242,
  });

  it('says copy in the language of whoever copies it, numbered past the names taken', () => {
    i18n.activate('en');
    expect(copyOf(original, ['Acme']).name).toBe('Acme (copy)');
    i18n.activate('de');
    expect(copyOf(original, ['Acme']).name).toBe('Acme (Kopie)');
    expect(copyOf(original, ['Acme', 'Acme (Kopie)', 'Acme (Kopie 2)']).name).toBe('Acme (Kopie 3)');
  });
});
