// The pay-in form's part below Send: what most pay-ins leave as it is (the order number, the mode, v1's pay
// channel) and the folded sections (products, URLs, the browser's headers, 3-D Secure data).
import { Accordion, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { fieldsIn, PAYIN_FIELDS } from '@shared/payin-fields';
import type { Profile } from '@shared/profile';
import { Controller, useFormContext } from 'react-hook-form';
import type { PayInFormValues, PayInVersion } from './form';
import { FORM_COLUMNS, TableField, TextField } from './form-fields';
import { ProductsEditor } from './ProductsEditor';

export function MoreOptions({
  version,
  currency,
  profile,
  sections,
  onSections,
}: {
  version: PayInVersion;
  currency: string;
  profile: Profile | undefined;
  sections: string[];
  onSections: (open: string[]) => void;
}) {
  const { control } = useFormContext<PayInFormValues>();
  return (
    <>
      {/* What most pay-ins leave as it is, after Send: a returning customer's pay-in needs no scrolling. */}
      <Text size="sm" fw={600} c="gray.8" mt="xs">
        More options
      </Text>
      <SimpleGrid {...FORM_COLUMNS}>
        <TextField name="merchantTradeNo" label={PAYIN_FIELDS.merchantTradeNo.label} autoComplete="off" />
        <Controller
          control={control}
          name="txMode"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="payin-mode-label">
                {PAYIN_FIELDS.txMode.label}
              </Text>
              <SegmentedControl
                aria-labelledby="payin-mode-label"
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'h2h', label: 'h2h (card keyed here)' },
                  { value: 'redirection', label: 'redirection' },
                ]}
              />
            </Stack>
          )}
        />
        {version === 'v1' && <TextField name="payChannel" label={PAYIN_FIELDS.payChannel.label} />}
      </SimpleGrid>

      <Accordion multiple variant="contained" value={sections} onChange={onSections}>
        <Accordion.Item value="products">
          <Accordion.Control>{PAYIN_FIELDS.products.label}</Accordion.Control>
          <Accordion.Panel>
            <ProductsEditor currency={currency} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="urls">
          <Accordion.Control>URLs</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="xs" c="dimmed" data-testid="return-addresses-note">
                {profile?.notificationService
                  ? `Empty URLs are the notification service's (${profile.notificationService.baseUrl}/callback, /return, /success, /fail): the gateway's notification reaches this desk through it.`
                  : profile?.returnAddresses === 'profile'
                    ? "Empty return URLs are the profile's own (none if it has none). Paydesk does not see the end of a bank page with this profile: close the bank page when the customer is done."
                    : 'Empty return URLs are filled by Paydesk so that it sees the end of a bank page.'}
              </Text>
              {fieldsIn('urls').map((name) => (
                <TableField key={name} name={name} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="browser">
          <Accordion.Control>Browser (clientHTTPAccept, clientHTTPUserAgent)</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                The bank page opens in Paydesk's own browser, so these describe it. Change them only if the
                gateway asks for other values.
              </Text>
              {fieldsIn('browser').map((name) => (
                <TableField key={name} name={name} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        {version === 'v2' && (
          <Accordion.Item value="advanced">
            <Accordion.Control>Advanced (3-D Secure data)</Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={3} spacing="sm">
                {fieldsIn('advanced').map((name) => (
                  <TableField key={name} name={name} />
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </>
  );
}
