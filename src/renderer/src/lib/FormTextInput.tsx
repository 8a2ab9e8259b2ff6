// A text field of a react-hook-form form inside its FormProvider: registered under `name`, its error
// shown under it. The field markup a form would otherwise repeat for each of its many text fields.
import { TextInput, type TextInputProps } from '@mantine/core';
import { type FieldValues, get, type Path, type RegisterOptions, useFormContext } from 'react-hook-form';

export function FormTextInput<V extends FieldValues>({
  name,
  options,
  ...rest
}: Omit<TextInputProps, 'name' | 'error'> & { name: Path<V>; options?: RegisterOptions<V, Path<V>> }) {
  const { register, formState } = useFormContext<V>();
  const error: { message?: string } | undefined = get(formState.errors, name);
  return <TextInput {...rest} error={error?.message} {...register(name, options)} />;
}
