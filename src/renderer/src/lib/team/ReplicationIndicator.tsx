// A small line saying how this desk's replication stands: up to date, so many waiting, or failing and
// why. Shown beside History's switch; Settings → Team shows the same in full (ReplicationStatus).
import { Text, Tooltip } from '@mantine/core';
import { localDateTime } from '@renderer/lib/local-time';
import type { TeamStatus } from '@shared/team-history';

/** The status in a few words, and the colour to say them in. */
function replicationSummary(status: TeamStatus): { text: string; color: string } {
  if (status.mode === 'off') return { text: 'Team mode is off', color: 'gray.7' };
  if (status.mode === 'waiting') return { text: 'Team mode is not running', color: 'red.9' };
  if (status.state === 'retrying') {
    return { text: `Team database unreachable · ${status.pending} waiting`, color: 'red.9' };
  }
  if (status.pending > 0) return { text: `Replicating · ${status.pending} waiting`, color: 'gray.7' };
  // "Up to date" beside "Not since Paydesk started" read as a contradiction: nothing was there to send.
  if (!status.lastReplicatedAt) return { text: 'Nothing waiting to be sent', color: 'teal.9' };
  return { text: 'Replicated: up to date', color: 'teal.9' };
}

export function ReplicationIndicator({ status }: { status: TeamStatus | undefined }) {
  if (!status) return null;
  const { text, color } = replicationSummary(status);
  const last = status.lastReplicatedAt ? `Last sent ${localDateTime(status.lastReplicatedAt)}.` : '';
  const error = status.lastError ? ` Last error: ${status.lastError.message}` : '';
  return (
    <Tooltip label={`${last}${error}` || text} multiline maw={420} withinPortal>
      <Text size="xs" c={color} data-testid="team-replication-indicator" tabIndex={0}>
        ● {text}
      </Text>
    </Tooltip>
  );
}
