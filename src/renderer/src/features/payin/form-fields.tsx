// The pay-in form's text fields as the shared table (payin-fields.ts) describes them, and its columns:
// shared by the form and its customer section.
import { SegmentedControl, Stack, Text, type TextInputProps } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { FormTextInput } from '@renderer/lib/FormTextInput';
import { MONO_INPUT } from '@renderer/lib/styles';
import { BROWSER_FIELD_MAX_LENGTH } from '@shared/bank-page-browser';
import { PAYIN_FIELDS } from '@shared/payin-fields';
import { Controller, useFormContext } from 'react-hook-form';
import type { FormFieldName, PayInFormValues } from './form';

/** A text field of this form: registered by name, with its error (lib/FormTextInput). */
export const TextField = FormTextInput<PayInFormValues>;

/** What a text field shows beside its label and whether it is required (both in the shared table). */
const TEXT_FIELD_PROPS: Partial<Record<FormFieldName, Omit<TextInputProps, 'name' | 'error'>>> = {
  email: { type: 'email' },
  iddCode: { inputMode: 'numeric', leftSection: '+' },
  mobile: { inputMode: 'numeric' },
  // No placeholder for the IP: a grey address in an empty required field looks filled (issue 35, item 18).
  clientHTTPAccept: { maxLength: BROWSER_FIELD_MAX_LENGTH, styles: MONO_INPUT },
  clientHTTPUserAgent: { maxLength: BROWSER_FIELD_MAX_LENGTH, styles: MONO_INPUT },
  eci: { maxLength: 2 },
};

/**
 * A text field as the shared table describes it: whether it is required, its extras above; its label from
 * the catalogue (`payin.field.<name>`: the shared table's English is main's).
 */
export function TableField({ name }: { name: FormFieldName }) {
  const t = useT();
  const spec = PAYIN_FIELDS[name];
  return (
    <TextField
      name={name}
      label={t(`payin.field.${name}`)}
      required={'required' in spec}
      {...TEXT_FIELD_PROPS[name]}
      {...(name === 'iddCode' && { description: t('payin.iddCode.description') })}
    />
  );
}

// Two columns where the form has the room, one where it is narrow (beside a bank page, at 1024 px): by the
// form's own width, not the window's, so a value or a choice is never cut to fit a half column.
export const FORM_COLUMNS = { type: 'container', cols: { base: 1, '26rem': 2 }, spacing: 'sm' } as const;

/** A choice of a few values (the interface version, the mode) as a segmented control, labelled above it. */
export function SegmentedField({
  name,
  label,
  options,
}: {
  name: 'version' | 'txMode';
  label: string;
  options: { value: string; label: string }[];
}) {
  const { control } = useFormContext<PayInFormValues>();
  const labelId = `payin-${name}-label`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={labelId}>
            {label}
          </Text>
          <SegmentedControl
            aria-labelledby={labelId}
            value={field.value}
            onChange={field.onChange}
            data={options}
          />
        </Stack>
      )}
    />
  );
}
