// A KYC batch's hand edits in History's drawer: each cell an operator changed in Paydesk before its record
// was sent (row, field, the value before and after, who, when), as the batch's audit entries hold them.
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import type { KycEdit } from '@shared/kyc-edits';
import { localDateTime } from './format';

const shown = (value: string) => (value === '' ? '(empty)' : value);

export function KycEditsTable({ edits, unreadable }: { edits: readonly KycEdit[]; unreadable: number }) {
  return (
    <Stack gap={4} data-testid="history-kyc-edits">
      <Title order={3} size="h5">
        Hand edits sent ({edits.length})
      </Title>
      {edits.length === 0 ? (
        <Text size="sm" c="gray.7">
          The records were sent as the file had them: no cell was edited in Paydesk.
        </Text>
      ) : (
        <Table fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After (sent)</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Time (local)</Table.Th>
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
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{localDateTime(edit.at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {unreadable > 0 && (
        <Alert color="red" p="xs" role="alert">
          {unreadable === 1 ? '1 audit entry' : `${unreadable} audit entries`} of this batch hold edits that
          no longer read as Paydesk wrote them: they are left out above.
        </Alert>
      )}
    </Stack>
  );
}
