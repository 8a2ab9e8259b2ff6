// A small line saying how this desk's replication stands: up to date, so many waiting, or failing and
// why. Shown beside History's switch; Settings → Team shows the same in full (ReplicationStatus).
import { Text, Tooltip } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { localDateTime } from '@renderer/lib/local-time';
import type { TeamStatus } from '@shared/team-history';

/** The status in a few words, and the colour to say them in. */
function replicationSummary(t: Translate, status: TeamStatus): { text: string; color: string } {
  if (status.mode === 'off') return { text: t('team.replication.off'), color: 'gray.7' };
  if (status.mode === 'waiting') return { text: t('team.replication.notRunning'), color: 'red.9' };
  if (status.state === 'retrying') {
    return { text: t('team.replication.unreachable', { count: status.pending }), color: 'red.9' };
  }
  if (status.pending > 0) {
    return { text: t('team.replication.replicating', { count: status.pending }), color: 'gray.7' };
  }
  // "Up to date" beside "Not since Paydesk started" read as a contradiction: nothing was there to send.
  if (!status.lastReplicatedAt) return { text: t('team.replication.nothingWaiting'), color: 'teal.9' };
  return { text: t('team.replication.upToDate'), color: 'teal.9' };
}

export function ReplicationIndicator({ status }: { status: TeamStatus | undefined }) {
  const t = useT();
  if (!status) return null;
  const { text, color } = replicationSummary(t, status);
  const said = [
    status.lastReplicatedAt
      ? t('team.replication.lastSent', { at: localDateTime(status.lastReplicatedAt) })
      : undefined,
    status.lastError ? t('team.replication.lastErrorWas', { message: status.lastError.message }) : undefined,
  ].filter((part) => part !== undefined);
  return (
    <Tooltip label={said.join(' ') || text} multiline maw={420} withinPortal>
      <Text size="xs" c={color} data-testid="team-replication-indicator" tabIndex={0}>
        ● {text}
      </Text>
    </Tooltip>
  );
}
