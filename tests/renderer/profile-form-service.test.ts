// The profile editor's notification service field (features/settings/profile-form.ts): typed text becomes
// the profile's `notificationService` (none when empty), a saved profile reads back into the field, and
// the shared schema's error on the nested `notificationService.baseUrl` lands on that field, in its words
// (it once came out as "Not valid." on no field at all).
import {
  emptyValues,
  formValuesOf,
  type ProfileFormValues,
  profileResolver,
  toProfileInput,
} from '@renderer/features/settings/profile-form';
import { savedProfileSchema } from '@shared/profile';
import type { ResolverOptions } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

const base: ProfileFormValues = {
  ...emptyValues('notified-1'),
  name: 'Notified',
  baseUrl: 'https://gateway.example.com',
  kycBaseUrl: 'https://gateway.example.com',
  merchantId: '4242',
};

const resolve = (values: ProfileFormValues) =>
  profileResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as ResolverOptions<ProfileFormValues>);

beforeAll(() => speak('en'));

describe('the notification service field', () => {
  it('becomes the profile field when filled, and nothing when empty', () => {
    expect(
      toProfileInput({ ...base, notificationServiceUrl: '  https://notify.example.com/p/ ' })
        .notificationService,
    ).toEqual({
      baseUrl: 'https://notify.example.com/p/',
    });
    expect(toProfileInput({ ...base, notificationServiceUrl: ' ' }).notificationService).toBeUndefined();
    const saved = savedProfileSchema.parse(
      toProfileInput({ ...base, notificationServiceUrl: 'https://notify.example.com/p/' }),
    );
    expect(formValuesOf(saved).notificationServiceUrl).toBe('https://notify.example.com/p');
  });

  it("shows the schema's error at the field, in its words", async () => {
    const result = await resolve({ ...base, notificationServiceUrl: 'http://notify.example.com' });
    expect(result.errors.notificationServiceUrl?.message).toBe(
      'The notification service is reached at a public https:// address, without user, query or #fragment.',
    );
    expect(result.errors.root).toBeUndefined();
    const good = await resolve({ ...base, notificationServiceUrl: 'https://notify.example.com' });
    expect(good.errors).toEqual({});
  });
});
