// What an agent can do about a pay-in that is not settled, from History's drawer (issue 35): every such
// status has a way forward on screen. Ask the gateway again (the same order number: its answer decides);
// reopen the bank page on the Pay-in page while it is still valid (A38); or mark the pay-in for follow-up
// with the reason, which main audits with the operator's name. Earlier marks are listed with who and when.
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { usePageRequest } from '@renderer/lib/page-request';
import { errorMessage } from '@renderer/lib/paydesk';
import { payInActions } from '@renderer/lib/payin-actions';
import type { PayInRow } from '@shared/history';
import { formatDateTime } from '@shared/i18n/format';
import { FOLLOW_UP_REASON_MAX, followUpReasonSchema } from '@shared/ipc';
import { followUpReasonWords } from '@shared/payin-issue-words';
import { FOLLOW_UP_STATUSES, MONEY_READING } from '@shared/payin-lifecycle';
import { type FormEvent, useState } from 'react';
import { AskAgainFromHistory } from './AskAgainFromHistory';
import { type HistoryDetail, useHistoryStore } from './store';

type AuditEntryView = HistoryDetail['timeline'][number];

const FOLLOW_UP_EVENT = 'payin.follow_up';

function ReopenBankPage({ historyId }: { historyId: number }) {
  const t = useT();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function reopen() {
    setBusy(true);
    setProblem(undefined);
    try {
      await payInActions().reopenBankPage(historyId);
      // The bank page is on the Pay-in page now: the drawer goes, the page shows.
      useHistoryStore.getState().close();
      usePageRequest.getState().request('payin');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs" data-testid="history-reopen-bank-page">
      <Group gap="sm">
        <Button variant="default" loading={busy} onClick={() => void reopen()}>
          {t('history.forward.reopen')}
        </Button>
        <Text size="xs" c="gray.7">
          {t('history.forward.reopenWhen')}
        </Text>
      </Group>
      {problem && (
        <Alert color="orange" p="xs" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

function FollowUpMarks({ marks }: { marks: AuditEntryView[] }) {
  const t = useT();
  const locale = useLocale();
  if (marks.length === 0) return null;
  return (
    <Stack gap={4} data-testid="history-follow-ups">
      {marks.map((mark) => (
        <Alert key={mark.seq} color="grape" p="xs" title={t('history.forward.marked')}>
          <Text size="sm">{String(mark.detail.reason ?? '')}</Text>
          <Text size="xs" c="gray.7">
            {t('history.forward.markedBy', {
              operator: mark.operator,
              at: formatDateTime(mark.at, locale, { seconds: true }),
            })}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

function FollowUpForm({ historyId }: { historyId: number }) {
  const t = useT();
  const markFollowUp = useHistoryStore((state) => state.markFollowUp);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The channel's own check, said in the agent's words under the field (its message is main's English).
    const issue = followUpReasonSchema.safeParse(reason).error?.issues[0];
    if (issue) {
      const words = followUpReasonWords(issue);
      setProblem(t(words.key, words.values));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await markFollowUp(historyId, reason);
      setReason('');
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  if (!open) {
    return (
      <Group>
        <Button variant="default" onClick={() => setOpen(true)} data-testid="history-follow-up-open">
          {t('history.forward.markOpen')}
        </Button>
      </Group>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={t('history.forward.mark')}>
      <Stack gap="xs">
        <Textarea
          label={t('history.forward.why')}
          description={t('history.forward.whyDescription')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={FOLLOW_UP_REASON_MAX}
          autosize
          minRows={2}
          required
          data-autofocus
          // Opened by the button, the field is where the agent types next.
          autoFocus
          error={problem}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('history.forward.mark')}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            {t('history.forward.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PayInWaysForward({ row, timeline }: { row: PayInRow; timeline: AuditEntryView[] }) {
  const t = useT();
  const refresh = useHistoryStore((state) => state.refresh);
  const marks = timeline.filter((entry) => entry.event === FOLLOW_UP_EVENT);
  const open = MONEY_READING[row.status] === 'open';
  if (!open && !FOLLOW_UP_STATUSES.has(row.status) && marks.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="history-ways-forward">
      <Title order={3} size="h5">
        {open ? t('history.forward.openTitle') : t('history.forward.title')}
      </Title>
      {open && (
        <AskAgainFromHistory
          key={row.id}
          historyId={row.id}
          merchantTradeNo={row.merchantTradeNo}
          onDone={() => void refresh()}
        />
      )}
      {row.status === 'action_required' && <ReopenBankPage historyId={row.id} />}
      <FollowUpMarks marks={marks} />
      {FOLLOW_UP_STATUSES.has(row.status) && <FollowUpForm key={row.id} historyId={row.id} />}
    </Stack>
  );
}
