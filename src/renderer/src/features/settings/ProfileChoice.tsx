// The profile editor's choices between a few values (SegmentedControl), each value named from the catalogue,
// with a line under the choice saying what the value chosen means.
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { Translate } from '@renderer/i18n/use-t';
import type { PayInRules } from '@shared/gateway/payin';
import type { SignAlgorithm } from '@shared/gateway/sign-algorithm';
import type { MessageKey } from '@shared/i18n/messages';
import type { ReturnAddresses } from '@shared/profile';
import { useController } from 'react-hook-form';
import type { ProfileFormValues } from './profile-form';

/** A choice's values, each named by its catalogue key. */
export type Options<V extends string> = { value: V; key: MessageKey }[];

/** HMAC-SHA256 is the algorithm's own name, the same in every language: no key. */
export const ALGORITHM_OPTIONS: { value: SignAlgorithm; name?: string; key?: MessageKey }[] = [
  { value: 'hmac-sha256', name: 'HMAC-SHA256' },
  { value: 'md5-key', key: 'settings.profiles.algorithm.md5Key' },
];
export const COUNTRY_OPTIONS: Options<PayInRules['country']> = [
  { value: 'iso-alpha2', key: 'settings.profiles.country.iso' },
  { value: 'text', key: 'settings.profiles.country.text' },
];
export const STORED_CARD_OPTIONS: Options<PayInRules['storedCard']> = [
  { value: 'token-alone', key: 'settings.profiles.storedCard.tokenAlone' },
  { value: 'token-with-card', key: 'settings.profiles.storedCard.withCard' },
];
export const RETURN_OPTIONS: Options<ReturnAddresses> = [
  { value: 'paydesk', key: 'settings.profiles.returns.paydesk' },
  { value: 'profile', key: 'settings.profiles.returns.profile' },
];

export function labelled<V extends string>(
  t: Translate,
  options: { value: V; name?: string; key?: MessageKey }[],
): { value: V; label: string }[] {
  return options.map(({ value, name, key }) => ({ value, label: key ? t(key) : (name ?? value) }));
}

/** The fields of this form chosen from a few values (SegmentedControl). */
type ChoiceName = 'signAlgorithm' | 'payInCountry' | 'payInStoredCard' | 'returnAddresses';

/** A choice of the form field `name`, labelled, with a description of what the value chosen means if given. */
export function Choice<N extends ChoiceName>({
  name,
  id,
  label,
  description,
  data,
}: {
  name: N;
  id: string;
  label: string;
  description?: string;
  data: { value: ProfileFormValues[N]; label: string }[];
}) {
  const { field } = useController<ProfileFormValues, N>({ name });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        aria-describedby={description === undefined ? undefined : `${id}-description`}
        value={field.value}
        onChange={(next) => field.onChange(next as ProfileFormValues[N])}
        data={data}
      />
      {description !== undefined && (
        <Text size="xs" c="dimmed" id={`${id}-description`}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
