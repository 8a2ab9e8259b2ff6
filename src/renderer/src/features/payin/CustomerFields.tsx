// The customer's details on the pay-in form: every field, or, once a returning customer's details were
// brought back whole ("Same customer again", "Use their details"), one line that says them, with a button
// to open the fields again. Folded, a returning customer's pay-in needs no scrolling at 1280×800 (issue 35,
// item 16); the values stay in the form and are sent and checked as if shown.
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { useCountryOptions } from '@renderer/lib/countries';
import { SearchSelect } from '@renderer/lib/SearchSelect';
import type { PayInRules } from '@shared/gateway/payin';
import { fieldsIn, isSentIn, PAYIN_FIELDS } from '@shared/payin-fields';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { PayInFormValues, PayInVersion } from './form';
import { FORM_COLUMNS, TableField, TextField } from './form-fields';

/** The customer section's fields this version sends. */
export function customerFieldsOf(version: PayInVersion) {
  return fieldsIn('customer').filter((name) => isSentIn(name, version));
}

/** Whether every required customer field this version sends has a value: only then may it fold. */
export function customerComplete(values: PayInFormValues): boolean {
  return customerFieldsOf(values.version).every(
    (name) => !('required' in PAYIN_FIELDS[name]) || String(values[name] ?? '').trim() !== '',
  );
}

function CustomerSummary({ onUnfold }: { onUnfold: () => void }) {
  const t = useT();
  const { control } = useFormContext<PayInFormValues>();
  // react-hook-form types the watched form as DeepPartial; the form's defaults give every field a value.
  const values = useWatch({ control }) as PayInFormValues;
  const countries = useCountryOptions();
  const country = countries.find((option) => option.value === values.country)?.label ?? values.country;
  const phone =
    values.version === 'v1' && values.iddCode ? `+${values.iddCode} ${values.mobile}` : values.mobile;
  const parts = [
    `${values.firstName} ${values.lastName}`,
    `${values.addressLine}, ${values.zip} ${values.city}, ${country}`,
    t('payin.customer.mobile', { phone }),
    ...(values.version === 'v1' ? [values.email] : []),
    t('payin.customer.ip', { ip: values.ip }),
    ...(values.document ? [t('payin.customer.document', { document: values.document })] : []),
  ];
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={t('payin.customer.group')}
      data-testid="customer-summary"
    >
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Text size="sm" style={{ minWidth: 0 }}>
          <Text span fw={600}>
            {t('payin.customer.label')}{' '}
          </Text>
          {parts.join(' · ')}
        </Text>
        <Button variant="default" size="xs" onClick={onUnfold} style={{ flexShrink: 0 }}>
          {t('payin.customer.edit')}
        </Button>
      </Group>
    </Paper>
  );
}

export function CustomerFields({
  version,
  countryRule,
  folded,
  onUnfold,
}: {
  version: PayInVersion;
  countryRule: PayInRules['country'];
  folded: boolean;
  onUnfold: () => void;
}) {
  const t = useT();
  const { control } = useFormContext<PayInFormValues>();
  const countries = useCountryOptions();
  if (folded) return <CustomerSummary onUnfold={onUnfold} />;
  return (
    <SimpleGrid {...FORM_COLUMNS}>
      {customerFieldsOf(version).map((name) =>
        name !== 'country' ? (
          <TableField key={name} name={name} />
        ) : countryRule === 'text' ? (
          <TextField
            key={name}
            name="country"
            label={t('payin.field.country')}
            required
            maxLength={8}
            description={t('payin.country.asGateway')}
          />
        ) : (
          <Controller
            key={name}
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <SearchSelect
                ref={field.ref}
                label={t('payin.field.country')}
                required
                // Keyboard first: typing replaces the country shown, and Enter takes the first match.
                searchable
                data={countries}
                value={field.value || null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                nothingFoundMessage={t('payin.country.none')}
                limit={50}
                error={fieldState.error?.message}
                data-testid="country"
              />
            )}
          />
        ),
      )}
    </SimpleGrid>
  );
}
