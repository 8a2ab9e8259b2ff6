// A text field of a react-hook-form form inside its FormProvider: registered under `name`, its error
// shown under it. The field markup a form would otherwise repeat for each of its many text fields.
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FieldValues, get, type Path, type RegisterOptions, useFormContext } from 'react-hook-form';

type FieldProps<V extends FieldValues> = { name: Path<V>; options?: RegisterOptions<V, Path<V>> };

/** The field registered under its name in the surrounding form, and the error it has. */
function useFormField<V extends FieldValues>({ name, options }: FieldProps<V>) {
  const { register, formState } = useFormContext<V>();
  const error: { message?: string } | undefined = get(formState.errors, name);
  return { error, registration: register(name, options) };
}

export function FormTextInput<V extends FieldValues>({
  name,
  options,
  ...rest
}: Omit<TextInputProps, 'name' | 'error'> & FieldProps<V>) {
  const { error, registration } = useFormField<V>({ name, options });
  return <TextInput {...rest} error={error?.message} {...registration} />;
}
