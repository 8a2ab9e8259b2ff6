// The pay-in form's part below Send: what most pay-ins leave as it is (the order number, the mode, v1's pay
// channel) and the folded sections (products, URLs, the browser's headers, 3-D Secure data).
import { Accordion, SimpleGrid, Stack, Text } from '@mantine/core';
import { fieldsIn, PAYIN_FIELDS } from '@shared/payin-fields';
import type { Profile } from '@shared/profile';
import type { PayInVersion } from './form';
import { FORM_COLUMNS, SegmentedField, TableField, TextField } from './form-fields';
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
  return (
    <>
      {/* What most pay-ins leave as it is, after Send: a returning customer's pay-in needs no scrolling. */}
      <Text size="sm" fw={600} c="gray.8" mt="xs">
        More options
      </Text>
      <SimpleGrid {...FORM_COLUMNS}>
        <TextField name="merchantTradeNo" label={PAYIN_FIELDS.merchantTradeNo.label} autoComplete="off" />
        <SegmentedField
          name="txMode"
          label={PAYIN_FIELDS.txMode.label}
          options={[
            { value: 'h2h', label: 'h2h (card keyed here)' },
            { value: 'redirection', label: 'redirection' },
          ]}
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
