// The profile's default billing country (issue 35, item 17): the country a new pay-in starts with, or none,
// and then the agent picks it on every pay-in. Never a country built into the code.
import { countryOptions } from '@renderer/lib/countries';
import { SearchSelect } from '@renderer/lib/SearchSelect';
import { Controller, useFormContext } from 'react-hook-form';
import type { ProfileFormValues } from './profile-form';

/** Every country, after "none" (the pay-in form then starts with no country: the agent picks it). */
const defaultCountryOptions = [
  { value: '', label: 'None: the agent picks it on each pay-in' },
  ...countryOptions(),
];

export function DefaultCountryField() {
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <Controller
      control={control}
      name="defaultCountry"
      render={({ field, fieldState }) => (
        <SearchSelect
          ref={field.ref}
          label="Default billing country"
          description="A new pay-in starts with it; with none, the agent picks the country every time"
          searchable
          data={defaultCountryOptions}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          nothingFoundMessage="No such country"
          limit={50}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
