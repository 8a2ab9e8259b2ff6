// What came of the pay-in, in words and colour: Approved, Declined, Action required (the bank page in a
// sandboxed frame), Processing and Awaiting confirmation (the gateway has not said yet), Outcome unknown
// (may have been charged: ask again only with the same order number), Conflict (the gateway said two
// things), Not sent, Refused. The panel is an aria-live region so the outcome is announced, and it follows
// the pay-in's changes from any source (main's payin.changed events). Once the form describes another
// pay-in (result-relation.ts), the panel says its pay-in is the previous one: a settled one dims to a line
// with its receipt, an open one keeps all it offers.
import { Trans } from '@lingui/react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { AskAgainPanel } from '@renderer/lib/AskAgainPanel';
import { useApprovalRequest } from '@renderer/lib/approval/approval-request';
import { ReceiptButton } from '@renderer/lib/receipt/ReceiptButton';
import { useActiveProfile } from '@renderer/lib/settings-store';
import { STATUS_LOOK, statusLabel } from '@renderer/lib/status-look';
import { usePayInAttempts } from '@renderer/lib/use-payin-attempts';
import { messageText, wordsText } from '@renderer/lib/words-text';
import type { PayInResult as Result } from '@shared/ipc';
import { type PayInStatus, SETTLED_STATUSES } from '@shared/payin-lifecycle';
import { BankPage } from './BankPage';
import { isFormField } from './form';
import { PayInFacts } from './PayInFacts';
import { Frame } from './ResultFrame';
import { customerOf, describesAnotherPayIn, previousSummary } from './result-relation';
import { type PayInPhase, usePayInStore } from './store';
import './payin-result.css';

/** The result panel's headings: the History page's words, except where the panel says more. */
function titleOf(t: Translate, status: PayInStatus): string {
  switch (status) {
    case 'pending':
      return t('status.outcome_unknown');
    case 'refused':
      return t('payin.result.title.refused');
    case 'awaiting_confirmation':
      return t('payin.result.title.awaitingConfirmation');
    case 'conflict':
      return t('status.conflictCheck');
    default:
      return statusLabel(t, status);
  }
}

/**
 * A pay-in whose outcome is open: what the agent may do is ask the gateway again, never charge again.
 * `checkLater`: the panel offers to put it aside (not when the desk waits for a notification that will
 * settle it by itself).
 */
function AskAgain({ result, checkLater: offerLater = true }: { result: Result; checkLater?: boolean }) {
  const t = useT();
  const askAgain = usePayInStore((state) => state.askAgain);
  const putAside = usePayInStore((state) => state.putAside);
  const askAgainProblem = usePayInStore((state) => state.askAgainProblem);
  // Read again with each news of the pay-in; each ask shows "Sending…" first, so this mounts anew after it.
  const attempts = usePayInAttempts(result.historyId, `${result.status}:${result.message ?? ''}`);
  return (
    <AskAgainPanel
      merchantTradeNo={result.merchantTradeNo}
      message={messageText(t, result)}
      attempts={attempts}
      problem={askAgainProblem?.message}
      needsCard={askAgainProblem?.needsCard ?? false}
      onAskAgain={(card) => void askAgain(result.historyId, card)}
      actions={
        offerLater && (
          <Button variant="default" onClick={() => putAside(result)}>
            {t('payin.result.checkLater')}
          </Button>
        )
      }
    />
  );
}

/**
 * The gateway has not said yet (processing, or the bank page finished: awaiting confirmation). With a
 * notification service on the profile, its notification reaches this desk through the team database and
 * the panel updates by itself: the panel says it waits for it rather than offer to check later. Asking
 * again stays offered, as the fallback.
 */
function Waiting({ result }: { result: Result }) {
  const t = useT();
  const notified = useActiveProfile()?.notificationService !== undefined;
  if (notified) {
    return (
      <Stack gap="xs">
        <Group gap="xs" data-testid="payin-waiting-notification">
          <Loader size="xs" />
          <Text size="sm" fw={600}>
            {t('payin.result.waitingNotification')}
          </Text>
        </Group>
        <Text size="sm">{t('payin.result.waitingNotificationBody')}</Text>
        <AskAgain result={{ ...result, message: undefined }} checkLater={false} />
      </Stack>
    );
  }
  if (result.status === 'awaiting_confirmation') return <AskAgain result={result} />;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('payin.result.notDecided')}</Text>
      </Group>
      <AskAgain result={{ ...result, message: undefined }} />
    </Stack>
  );
}

/** An approval: the form has started a new payment; the same customer's details come back on request. */
function Approved({ result }: { result: Result }) {
  const t = useT();
  const lastCustomer = usePayInStore((state) => state.lastCustomer);
  const sameCustomerAgain = usePayInStore((state) => state.sameCustomerAgain);
  return (
    <Stack gap="xs">
      {/* The panel's own words: main's message for an approval says no more than its heading. */}
      <Text size="sm">{t('payin.result.wentThrough')}</Text>
      <Group>
        <ReceiptButton historyId={result.historyId} />
        {lastCustomer && (
          <Button variant="default" size="xs" onClick={sameCustomerAgain}>
            {t('payin.result.sameCustomer')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The panel's own Close (or Check later): the cursor goes back to the form (store.ts putAside). */
function PutAside({ label }: { label?: string }) {
  const t = useT();
  const putAside = usePayInStore((state) => state.putAside);
  return (
    <Group>
      <Button variant="default" size="xs" onClick={() => putAside()}>
        {label ?? t('payin.result.close')}
      </Button>
    </Group>
  );
}

function Body({ result }: { result: Result }) {
  const t = useT();
  switch (result.status) {
    case 'approved':
      return <Approved result={result} />;
    case 'declined':
      return (
        <Stack gap="xs">
          <Text size="sm">
            <Trans
              id="payin.result.reason"
              // The gateway's remark as it sent it, in bold; main's message for a decline only restates it.
              values={{ reason: result.remark || t('payin.result.reasonNotGiven') }}
              components={{ 0: <strong /> }}
            />
          </Text>
          <Group>
            <ReceiptButton historyId={result.historyId} />
          </Group>
        </Stack>
      );
    case 'action_required':
      return result.bankPage ? (
        <BankPage result={result} />
      ) : (
        // The page is gone (too old, from before a restart) or cannot be shown: the gateway's answer to the
        // same order gives it again while the order is open, or settles it.
        <AskAgain
          result={{
            ...result,
            message: result.message ?? t('payin.result.bankPageGone'),
          }}
        />
      );
    case 'processing':
    case 'awaiting_confirmation':
      return <Waiting result={result} />;
    case 'pending':
    case 'outcome_unknown':
      return <AskAgain result={result} />;
    case 'conflict':
      return (
        <Stack gap="xs">
          <Text fw={700}>{t('payin.result.conflict')}</Text>
          <Text size="sm">{messageText(t, result)}</Text>
          <Text size="sm">{t('payin.result.conflictTimeline')}</Text>
          <PutAside />
        </Stack>
      );
    case 'refused':
    case 'not_sent':
      return (
        <Stack gap="xs">
          <Text size="sm">{messageText(t, result) ?? t('payin.result.refusedRequest')}</Text>
          {result.status === 'not_sent' && <Text size="sm">{t('payin.result.nothingCharged')}</Text>}
          {result.field === 'sign' ? (
            <Text size="sm">{t('payin.result.badSignature')}</Text>
          ) : (
            isFormField(result.field) && (
              <Text size="sm">
                {/* The gateway's field name, as it spells it. */}
                <Trans
                  id="payin.result.field"
                  values={{ field: result.field }}
                  components={{ 0: <Text span ff="monospace" /> }}
                />
              </Text>
            )
          )}
          <PutAside />
        </Stack>
      );
  }
}

function PhaseView({ phase }: { phase: PayInPhase }) {
  const t = useT();
  const awaitingApproval = useApprovalRequest(
    (state) => state.waiting?.request.action === 'payin.over_limit',
  );
  switch (phase.kind) {
    case 'idle':
      return phase.note ? (
        <Alert color="yellow" variant="light" p="xs" data-testid="payin-later-note">
          {phase.note}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('payin.result.idle')}
        </Text>
      );
    case 'sending':
      if (awaitingApproval) {
        return (
          <Frame
            color="yellow"
            title={t('payin.result.awaitingApproval.title')}
            testStatus="awaiting_approval"
            next={false}
          >
            <Text size="sm">{t('payin.result.awaitingApproval.body')}</Text>
          </Frame>
        );
      }
      return (
        <Frame
          color="blue"
          title={phase.what === 'cancel' ? t('payin.result.closingBankPage') : t('payin.result.sending')}
          testStatus="sending"
          next={false}
        >
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('payin.result.waitingGateway')}</Text>
          </Group>
        </Frame>
      );
    case 'refused_locally':
      return phase.certain ? (
        <Frame color="gray" title={t('status.not_sent')} testStatus="not_sent">
          <Text size="sm">{phase.message}</Text>
          <Text size="sm">{t('payin.result.nothingLeft')}</Text>
          <PutAside />
        </Frame>
      ) : (
        <Frame color="yellow" title={t('payin.result.couldNotFinish')} testStatus="outcome_unknown">
          <Text size="sm">{phase.message}</Text>
          <Text size="sm">{t('payin.result.lookUpFirst')}</Text>
          <PutAside />
        </Frame>
      );
    case 'lost':
      return (
        <Frame color="yellow" title={t('status.outcome_unknown')} testStatus="outcome_unknown">
          <Text fw={700}>{t('askAgain.mayBeCharged')}</Text>
          <Text size="sm">{phase.message}</Text>
          <PutAside label={t('payin.result.checkLater')} />
        </Frame>
      );
    case 'result':
      // A new status is news: the frame comes anew and its heading takes the focus.
      return <ResultFrame key={`${phase.result.historyId}:${phase.result.status}`} result={phase.result} />;
  }
}

/** A settled pay-in the form has moved on from: one line, its receipt, its customer again, and Close. */
function PreviousSettled({ result }: { result: Result }) {
  const t = useT();
  const putAside = usePayInStore((state) => state.putAside);
  const lastCustomer = usePayInStore((state) => state.lastCustomer);
  const sameCustomerAgain = usePayInStore((state) => state.sameCustomerAgain);
  return (
    <Group gap="xs">
      {(result.status === 'approved' || result.status === 'declined') && (
        <ReceiptButton historyId={result.historyId} />
      )}
      {result.status === 'approved' && lastCustomer && (
        <Button variant="default" size="xs" onClick={sameCustomerAgain}>
          {t('payin.result.sameCustomer')}
        </Button>
      )}
      <Button variant="default" size="xs" onClick={() => putAside()}>
        {t('payin.result.close')}
      </Button>
    </Group>
  );
}

function ResultFrame({ result }: { result: Result }) {
  const t = useT();
  const locale = useLocale();
  const customer = usePayInStore((state) => customerOf(result, state.sentFor));
  const previous = usePayInStore((state) => describesAnotherPayIn(state.draft, customer));
  const color = STATUS_LOOK[result.status].color;
  const title = titleOf(t, result.status);
  // An open pay-in keeps its colour and all it offers: it is never put aside without the agent's word.
  const settled = SETTLED_STATUSES.has(result.status);
  return (
    <Frame
      color={previous && settled ? 'gray' : color}
      title={previous ? t('payin.result.previous', { title }) : title}
      testStatus={result.status}
      previous={previous}
    >
      {previous && (
        <Text size="sm" fw={500} data-testid="payin-result-previous">
          {settled
            ? previousSummary(t, locale, result, customer)
            : t('payin.result.previousOpen', { summary: previousSummary(t, locale, result, customer) })}
        </Text>
      )}
      {previous && settled ? (
        <PreviousSettled result={result} />
      ) : (
        <>
          <Body result={result} />
          <PayInFacts result={result} />
          {result.teamCheck?.state === 'skipped' && (
            // Team mode: other desks' pay-ins could not be looked at before this one went.
            <Alert color="yellow" variant="light" p="xs" data-testid="payin-team-check-skipped">
              {wordsText(t, { message: result.teamCheck.message ?? '', words: result.teamCheck.words })}
            </Alert>
          )}
        </>
      )}
    </Frame>
  );
}

export function PayInResult() {
  const t = useT();
  const phase = usePayInStore((state) => state.phase);
  return (
    <section aria-live="polite" aria-atomic="false" aria-label={t('payin.result.region')}>
      <PhaseView phase={phase} />
    </section>
  );
}
