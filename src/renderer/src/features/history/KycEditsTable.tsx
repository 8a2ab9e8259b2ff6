// A KYC batch's hand edits in History's drawer: each cell an operator changed in Paydesk before its record
// was sent (row, field, the value before and after, who, when), as the batch's audit entries hold them.
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { formatDateTime } from '@shared/i18n/format';
import type { KycEdit } from '@shared/kyc-edits';

export function KycEditsTable({ edits, unreadable }: { edits: readonly KycEdit[]; unreadable: number }) {
  const t = useT();
  const locale = useLocale();
  const shown = (value: string) => (value === '' ? t('history.detail.empty') : value);
  return (
    <Stack gap={4} data-testid="history-kyc-edits">
      <Title order={3} size="h5">
        {t('history.edits.title', { count: edits.length })}
      </Title>
      {edits.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('history.edits.none')}
        </Text>
      ) : (
        <Table fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.edits.row')}</Table.Th>
              <Table.Th>{t('history.edits.field')}</Table.Th>
              <Table.Th>{t('history.edits.before')}</Table.Th>
              <Table.Th>{t('history.edits.after')}</Table.Th>
              <Table.Th>{t('history.detail.by')}</Table.Th>
              <Table.Th>{t('history.column.time')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {edits.map((edit, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is the audit entries' order and never reorders.
              <Table.Tr key={i}>
                <Table.Td>{edit.row}</Table.Td>
                <Table.Td>{edit.field}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{shown(edit.old)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{shown(edit.new)}</Table.Td>
                <Table.Td>{edit.operator}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(edit.at, locale, { seconds: true })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {unreadable > 0 && (
        <Alert color="red" p="xs" role="alert">
          {t('history.edits.unreadable', { count: unreadable })}
        </Alert>
      )}
    </Stack>
  );
}
