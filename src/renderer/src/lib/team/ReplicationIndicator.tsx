// A small line saying how this desk's replication stands: up to date, so many waiting, or failing and
// why. Shown beside History's switch; Settings → Team shows the same in full (ReplicationStatus).
import { Text, Tooltip } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { formatDateTime } from '@shared/i18n/format';
import type { TeamStatus } from '@shared/team-history';
import { wordsText } from '../words-text';

/** The status in a few words, and the colour to say them in. */
function replicationSummary(t: Translate, status: TeamStatus): { text: string; color: string } {
  if (status.mode === 'off') return { text: t('team.replication.indicator.off'), color: 'gray.7' };
  if (status.mode === 'waiting') return { text: t('team.replication.indicator.notRunning'), color: 'red.9' };
  if (status.state === 'retrying') {
    return { text: t('team.replication.indicator.unreachable', { count: status.pending }), color: 'red.9' };
  }
  if (status.pending > 0) {
    return { text: t('team.replication.indicator.replicating', { count: status.pending }), color: 'gray.7' };
  }
  // "Up to date" beside "Not since Paydesk started" read as a contradiction: nothing was there to send.
  if (!status.lastReplicatedAt)
    return { text: t('team.replication.indicator.nothingWaiting'), color: 'teal.9' };
  return { text: t('team.replication.indicator.upToDate'), color: 'teal.9' };
}

export function ReplicationIndicator({ status }: { status: TeamStatus | undefined }) {
  const t = useT();
  const locale = useLocale();
  if (!status) return null;
  const { text, color } = replicationSummary(t, status);
  const said = [
    status.lastReplicatedAt &&
      t('team.replication.indicator.lastSent', {
        at: formatDateTime(status.lastReplicatedAt, locale, { seconds: true }),
      }),
    // The team database's own words, as main passed them on.
    status.lastError &&
      t('team.replication.indicator.lastError', {
        message: wordsText(t, { message: status.lastError.message, words: status.lastError.words }),
      }),
  ].filter(Boolean);
  return (
    <Tooltip label={said.join(' ') || text} multiline maw={420} withinPortal>
      <Text size="xs" c={color} data-testid="team-replication-indicator" tabIndex={0}>
        ● {text}
      </Text>
    </Tooltip>
  );
}
