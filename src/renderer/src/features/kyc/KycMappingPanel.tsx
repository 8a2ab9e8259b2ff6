// The column mapping to review and change: each column of the file feeds one KYC field or is ignored.
// Main guessed it from the headers; a change is sent at once (kyc.setMapping), every row is validated
// again, and the counts and rows refresh. Open by itself when a required field has no column.
import { Accordion, Alert, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { rankedOptionsFilter } from '@renderer/lib/search-rank';
import type { KycField } from '@shared/kyc-batch';
import { fieldOptionLabel, KYC_FIELDS, REQUIRED_FIELDS } from './kyc-fields';
import { isChecking } from './kyc-state';
import { useKycStore } from './store';

// Not a KYC field name, so it cannot be mistaken for one.
const IGNORE = '(ignore)';

export function KycMappingPanel() {
  const t = useT();
  const summary = useKycStore((state) => state.summary);
  const busy = useKycStore(
    (state) => state.mappingBusy || state.send?.phase === 'sending' || isChecking(state.counts),
  );
  const error = useKycStore((state) => state.mappingError);
  const setField = useKycStore((state) => state.setField);
  if (!summary) return null;

  const { mapping, missingRequiredFields: missing } = summary;
  const used = mapping.filter((column) => column.field !== null).length;
  const fed = new Set(mapping.map((column) => column.field));
  const optionalMissing = KYC_FIELDS.filter((field) => !fed.has(field) && !REQUIRED_FIELDS.has(field));
  const headline = [
    t('kyc.mapping.used', { used, count: mapping.length }),
    missing.length > 0 ? t('kyc.mapping.missing', { count: missing.length }) : t('kyc.mapping.complete'),
  ].join(' · ');
  const options = [
    { value: IGNORE, label: t('kyc.mapping.ignore') },
    ...KYC_FIELDS.map((field) => ({ value: field, label: fieldOptionLabel(t, field) })),
  ];

  return (
    <Accordion
      // A new file decides afresh whether the panel starts open.
      key={summary.batchId}
      variant="contained"
      defaultValue={missing.length > 0 ? 'mapping' : null}
    >
      <Accordion.Item value="mapping">
        <Accordion.Control>
          <Text fw={600} span>
            {t('kyc.mapping.title')}
          </Text>
          <Text size="sm" c={missing.length > 0 ? 'red.9' : 'gray.7'} span>
            {' '}
            — {headline}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            {summary.mappingFrom === 'remembered' && (
              <Alert color="blue" p="xs" data-testid="kyc-mapping-remembered">
                {t('kyc.mapping.remembered')}
              </Alert>
            )}
            {missing.length > 0 && (
              <Alert color="red" p="xs" title={t('kyc.mapping.missingTitle')}>
                {t('kyc.mapping.missingBody', { count: missing.length, fields: missing.join(', ') })}
              </Alert>
            )}
            <Text size="sm" c="gray.7">
              {t('kyc.mapping.help')}
              {optionalMissing.length > 0
                ? ` ${t('kyc.mapping.optionalMissing', { fields: optionalMissing.join(', ') })}`
                : ''}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="xs">
              {mapping.map((column) => (
                <Select
                  key={column.header}
                  label={column.header}
                  data={options}
                  value={column.field ?? IGNORE}
                  onChange={(value) => {
                    const field = value === IGNORE || value === null ? null : (value as KycField);
                    if (field !== column.field) void setField(column.header, field);
                  }}
                  allowDeselect={false}
                  searchable
                  filter={rankedOptionsFilter}
                  selectFirstOptionOnChange
                  // Typing replaces the field shown rather than adding to its name, which matched nothing.
                  onFocus={(event) => event.currentTarget.select()}
                  onClick={(event) => event.currentTarget.select()}
                  disabled={busy}
                  size="xs"
                  data-testid="kyc-mapping-select"
                  styles={column.field === null ? { input: { fontStyle: 'italic' } } : undefined}
                />
              ))}
            </SimpleGrid>
            {error && (
              <Alert color="red" role="alert" p="xs">
                {t('kyc.mapping.failed', { reason: error })}
              </Alert>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
