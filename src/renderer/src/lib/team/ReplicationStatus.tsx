// Settings → Team's replication status: how many of this desk's writes wait for the team database, when
// a batch last reached it, and the last error (kept after the replication recovers, with its time).
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { localDateTime } from '@renderer/lib/local-time';
import { ReplicationIndicator } from './ReplicationIndicator';
import { useTeamStatus } from './use-team-reads';

export function ReplicationStatus() {
  const status = useTeamStatus(true);
  if (!status || status.mode === 'off') return null;
  return (
    <Stack gap={4} role="group" aria-label="Replication" data-testid="team-replication">
      <Group gap="xs">
        <Text fw={600} size="sm">
          Replication
        </Text>
        <ReplicationIndicator status={status} />
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" w="auto">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" fw={500} c="gray.7">
              Waiting to be sent
            </Table.Th>
            <Table.Td data-testid="team-pending">{status.pending}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={500} c="gray.7">
              Last replicated
            </Table.Th>
            <Table.Td data-testid="team-last-replicated">
              {status.lastReplicatedAt
                ? localDateTime(status.lastReplicatedAt)
                : 'Nothing to send since Paydesk started'}
            </Table.Td>
          </Table.Tr>
          {status.deskId && (
            <Table.Tr>
              <Table.Th scope="row" fw={500} c="gray.7">
                Desk id
              </Table.Th>
              <Table.Td ff="monospace">{status.deskId}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {status.lastError && (
        <Alert
          color={status.state === 'retrying' || status.mode === 'waiting' ? 'red' : 'gray'}
          p="xs"
          role="note"
          title={`Last error, ${localDateTime(status.lastError.at)}`}
          data-testid="team-last-error"
        >
          {status.lastError.message}
          {status.state === 'retrying' &&
            ' Paydesk keeps trying; pay-ins go on and wait here until the team database is back.'}
        </Alert>
      )}
    </Stack>
  );
}
