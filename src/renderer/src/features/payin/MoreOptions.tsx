// The pay-in form's part below Send: what most pay-ins leave as it is (the order number, the mode, v1's pay
// channel) and the folded sections (products, URLs, the browser's headers, 3-D Secure data).
import { Accordion, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { fieldsIn } from '@shared/payin-fields';
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
  const t = useT();
  return (
    <>
      {/* What most pay-ins leave as it is, after Send: a returning customer's pay-in needs no scrolling. */}
      <Text size="sm" fw={600} c="gray.8" mt="xs">
        {t('payin.more.title')}
      </Text>
      <SimpleGrid {...FORM_COLUMNS}>
        <TextField name="merchantTradeNo" label={t('payin.field.merchantTradeNo')} autoComplete="off" />
        <SegmentedField
          name="txMode"
          label={t('payin.field.txMode')}
          options={[
            { value: 'h2h', label: t('payin.more.h2h') },
            { value: 'redirection', label: t('payin.more.redirection') },
          ]}
        />
        {version === 'v1' && <TextField name="payChannel" label={t('payin.field.payChannel')} />}
      </SimpleGrid>

      <Accordion multiple variant="contained" value={sections} onChange={onSections}>
        <Accordion.Item value="products">
          <Accordion.Control>{t('payin.field.products')}</Accordion.Control>
          <Accordion.Panel>
            <ProductsEditor currency={currency} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="urls">
          <Accordion.Control>{t('payin.more.urls')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="xs" c="dimmed" data-testid="return-addresses-note">
                {profile?.notificationService
                  ? t('payin.more.urls.service', { base: profile.notificationService.baseUrl })
                  : profile?.returnAddresses === 'profile'
                    ? t('payin.more.urls.profile')
                    : t('payin.more.urls.paydesk')}
              </Text>
              {fieldsIn('urls').map((name) => (
                <TableField key={name} name={name} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="browser">
          <Accordion.Control>{t('payin.more.browser')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t('payin.more.browser.note')}
              </Text>
              {fieldsIn('browser').map((name) => (
                <TableField key={name} name={name} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        {version === 'v2' && (
          <Accordion.Item value="advanced">
            <Accordion.Control>{t('payin.more.advanced')}</Accordion.Control>
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
