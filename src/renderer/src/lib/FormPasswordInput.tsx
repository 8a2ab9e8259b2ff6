// FormTextInput (lib/FormTextInput.tsx) for a passphrase.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useFormField } from './FormTextInput';

/** Mantine's PasswordInput does not mark its input aria-invalid (its TextInput does): this one does. */
export function FormPasswordInput<V extends FieldValues>({
  name,
  options,
  ...rest
}: Omit<PasswordInputProps, 'name' | 'error'> & FieldProps<V>) {
  const { error, registration } = useFormField<V>({ name, options });
  return (
    <PasswordInput
      {...rest}
      aria-invalid={error ? true : undefined}
      error={error?.message}
      {...registration}
    />
  );
}
