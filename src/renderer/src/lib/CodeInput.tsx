// An authenticator's 6-digit code (sign-in, enrolment, a supervisor's approval): digits only, whatever else
// is typed or pasted around them.
import { TextInput, type TextInputProps } from '@mantine/core';

export function CodeInput({
  onChange,
  ...input
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      inputMode="numeric"
      maxLength={6}
      required
      {...input}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}
