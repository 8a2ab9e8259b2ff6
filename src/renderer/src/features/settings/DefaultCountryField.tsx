// The profile's default billing country (issue 35, item 17): the country a new pay-in starts with, or none,
// and then the agent picks it on every pay-in. Never a country built into the code.
import { useT } from '@renderer/i18n/use-t';
import { useCountryOptions } from '@renderer/lib/countries';
import { SearchSelect } from '@renderer/lib/SearchSelect';
import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { ProfileFormValues } from './profile-form';

export function DefaultCountryField() {
  const t = useT();
  const countries = useCountryOptions();
  /** Every country, after "none" (the pay-in form then starts with no country: the agent picks it). */
  const options = useMemo(
    () => [{ value: '', label: t('settings.defaultCountry.none') }, ...countries],
    [t, countries],
  );
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <Controller
      control={control}
      name="defaultCountry"
      render={({ field, fieldState }) => (
        <SearchSelect
          ref={field.ref}
          label={t('settings.defaultCountry.label')}
          description={t('settings.defaultCountry.description')}
          searchable
          data={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          nothingFoundMessage={t('payin.country.none')}
          limit={50}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
