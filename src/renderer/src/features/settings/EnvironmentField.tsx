// A profile's environment: a switch of three (its colours say which is which, environment-switch.css), or for
// the built-in Sandbox a line saying it stays one.
import { Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { Environment } from '@shared/profile';
import { Controller, useFormContext } from 'react-hook-form';
import type { Options } from './ProfileChoice';
import type { ProfileFormValues } from './profile-form';
import './environment-switch.css';

const ENVIRONMENT_OPTIONS: Options<Environment> = [
  { value: 'sandbox', key: 'environment.sandbox' },
  { value: 'test', key: 'settings.profiles.environment.test' },
  { value: 'production', key: 'environment.production' },
];

export function EnvironmentField({ builtIn }: { builtIn: boolean }) {
  const t = useT();
  const { control } = useFormContext<ProfileFormValues>();
  return builtIn ? (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('settings.profiles.field.environment')}
      </Text>
      <Text size="sm" py={6}>
        {t('settings.profiles.environment.builtIn')}
      </Text>
    </Stack>
  ) : (
    <Controller
      control={control}
      name="environment"
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="profile-environment-label">
            {t('settings.profiles.field.environment')}
          </Text>
          <div role="radiogroup" aria-labelledby="profile-environment-label" className="environment-switch">
            {ENVIRONMENT_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="environment-switch-option"
                data-checked={field.value === option.value || undefined}
                data-environment={option.value}
              >
                <input
                  type="radio"
                  className="environment-switch-input"
                  name={field.name}
                  value={option.value}
                  checked={field.value === option.value}
                  onChange={() => field.onChange(option.value)}
                  onBlur={field.onBlur}
                />
                {t(option.key)}
              </label>
            ))}
          </div>
        </Stack>
      )}
    />
  );
}
