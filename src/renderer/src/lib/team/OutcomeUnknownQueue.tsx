// The team's outcome-unknown queue: pay-ins on any desk that the gateway has not settled, so that nobody
// charges the same customer again before they are. Calm by design: nothing at all while the queue is
// empty, one quiet line while the team database cannot say, and a short list (the newest few) otherwise.
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { STATUS_LOOK } from '@renderer/lib/status-look';
import { wordsText } from '@renderer/lib/words-text';
import { formatAmount, formatTimeOrDateTime } from '@shared/i18n/format';
import { TEAM_QUEUE_COUNT_CAP } from '@shared/team-queue';
import { useState } from 'react';
import { useTeamQueue } from './use-team-reads';

/** Rows shown before "Show all". */
const FEW = 3;

export function OutcomeUnknownQueue({ enabled }: { enabled: boolean }) {
  const t = useT();
  const locale = useLocale();
  const view = useTeamQueue(enabled);
  const [all, setAll] = useState(false);
  if (!view) return null;
  if ('problem' in view) {
    return (
      <Text size="xs" c="gray.7" data-testid="team-queue-unavailable">
        {t('team.queue.unavailable', {
          problem: wordsText(t, { message: view.problem, words: view.words ?? undefined }),
        })}
      </Text>
    );
  }
  const { items, total } = view.queue;
  if (total === 0) return null;
  const shown = all ? items : items.slice(0, FEW);
  // Today's pay-ins by their time alone, older ones with their day: the queue keeps them until settled.
  const now = Date.now();
  const count =
    total >= TEAM_QUEUE_COUNT_CAP
      ? t('team.queue.atLeast', { count: TEAM_QUEUE_COUNT_CAP.toLocaleString(locale) })
      : total.toLocaleString(locale);
  return (
    <Paper
      withBorder
      p="xs"
      role="region"
      aria-label={t('team.queue.label')}
      data-testid="team-queue"
      style={{ borderColor: `var(--mantine-color-${STATUS_LOOK.outcome_unknown.color}-4)` }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('team.queue.heading', { count })}
        </Text>
        <Text size="xs" c="gray.7">
          {t('team.queue.warning')}
        </Text>
        <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} withRowBorders={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('team.queue.column.time')}</Table.Th>
              <Table.Th>{t('team.queue.column.desk')}</Table.Th>
              <Table.Th ta="right">{t('team.queue.column.amount')}</Table.Th>
              <Table.Th>{t('team.queue.column.card')}</Table.Th>
              <Table.Th>{t('team.queue.column.order')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((item) => (
              <Table.Tr key={`${item.deskId}:${item.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatTimeOrDateTime(item.createdAt, now, locale)}
                </Table.Td>
                <Table.Td>
                  {item.deskName || t('team.queue.aDesk')}, {item.operator}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(item.amount, item.currency, locale)}
                </Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }} title={item.maskedPan ?? undefined}>
                  {item.maskedPan ? `…${item.maskedPan.slice(-4)}` : t('team.queue.storedCard')}
                </Table.Td>
                <Table.Td
                  ff="monospace"
                  style={{ wordBreak: 'break-all' }}
                  title={item.orderId ? `orderId ${item.orderId}` : undefined}
                >
                  {item.merchantTradeNo}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {total > FEW && (
          <Group gap={4}>
            {items.length > FEW && (
              <Anchor component="button" type="button" size="xs" onClick={() => setAll(!all)}>
                {all
                  ? t('team.queue.showFewer')
                  : t('team.queue.showAll', { count: items.length.toLocaleString(locale) })}
              </Anchor>
            )}
            {total > items.length && (
              <Text size="xs" c="gray.7">
                {t('team.queue.newestOf', { shown: items.length.toLocaleString(locale), count })}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
