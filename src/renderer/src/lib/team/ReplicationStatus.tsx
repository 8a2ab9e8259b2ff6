// Settings → Team's replication status: how many of this desk's writes wait for the team database, when
// a batch last reached it, and the last error (kept after the replication recovers, with its time).
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { wordsText } from '@renderer/lib/words-text';
import { formatDateTime } from '@shared/i18n/format';
import { ReplicationIndicator } from './ReplicationIndicator';
import { useTeamStatus } from './use-team-reads';

export function ReplicationStatus() {
  const t = useT();
  const locale = useLocale();
  const status = useTeamStatus(true);
  if (!status || status.mode === 'off') return null;
  return (
    <Stack gap={4} role="group" aria-label={t('team.replication.title')} data-testid="team-replication">
      <Group gap="xs">
        <Text fw={600} size="sm">
          {t('team.replication.title')}
        </Text>
        <ReplicationIndicator status={status} />
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" w="auto">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" fw={500} c="gray.7">
              {t('team.replication.pending')}
            </Table.Th>
            <Table.Td data-testid="team-pending">{status.pending}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={500} c="gray.7">
              {t('team.replication.last')}
            </Table.Th>
            <Table.Td data-testid="team-last-replicated">
              {status.lastReplicatedAt
                ? formatDateTime(status.lastReplicatedAt, locale, { seconds: true })
                : t('team.replication.nothingYet')}
            </Table.Td>
          </Table.Tr>
          {status.deskId && (
            <Table.Tr>
              <Table.Th scope="row" fw={500} c="gray.7">
                {t('team.replication.deskId')}
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
          title={t('team.replication.lastError', {
            at: formatDateTime(status.lastError.at, locale, { seconds: true }),
          })}
          data-testid="team-last-error"
        >
          {wordsText(t, { message: status.lastError.message, words: status.lastError.words ?? undefined })}
          {status.state === 'retrying' && ` ${t('team.replication.retrying')}`}
        </Alert>
      )}
    </Stack>
  );
}
