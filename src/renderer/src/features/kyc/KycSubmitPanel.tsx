// Sending the batch: "Submit N valid records" (or, for a file the gateway has seen, the offer to send only
// the records not yet accepted), the progress in records and chunks as main reports it, each chunk's
// answer, and the export of the rows still to fix.
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type Confirmation, ConfirmDialog } from '@renderer/lib/ConfirmDialog';
import { useActiveProfile } from '@renderer/lib/settings-store';
import { KYC_MAX_RECORDS_PER_REQUEST } from '@shared/gateway/kyc';
import { useState } from 'react';
import { count, records } from './format';
import { KycChunkTable } from './KycChunkTable';
import { isChecking, type SendState } from './kyc-state';
import { waitingText } from './sending';
import { useKycStore } from './store';

/**
 * Identity records about to go to a production gateway: one confirmation naming the profile and the count
 * (compliance staff expect it). Main refuses a production send that was not confirmed for that profile.
 */
function useProductionConfirmation() {
  const profile = useActiveProfile();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  function guarded(recordCount: number, send: (confirmedProfile?: string) => Promise<void>) {
    if (profile?.environment !== 'production') {
      void send();
      return;
    }
    setConfirmation({
      title: `Send ${records(recordCount)} to production?`,
      body: `Identity records of real people go to the production gateway of profile “${profile.name}”. Paydesk keeps only the userIds the gateway accepts.`,
      confirmLabel: `Send ${records(recordCount)} to ${profile.name}`,
      danger: true,
      // The dialog closes at once; the progress panel shows the send.
      onConfirm: () => void send(profile.id),
    });
  }
  const dialog = <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />;
  return { guarded, dialog };
}

function progressTitle(send: SendState): string {
  if (send.phase === 'sending') {
    return send.what === 'chunk' ? `Sending chunk ${(send.chunkIndex ?? 0) + 1} again…` : 'Sending…';
  }
  if (send.phase === 'failed') return 'Sending stopped';
  if (send.sentRecords > 0 && send.notSentRecords === send.sentRecords) return 'Not sent';
  if (send.unknownRecords + send.rejectedRecords + send.notSentRecords > 0)
    return 'Sent, with chunks to look at';
  return 'Sent';
}

function SendProgress({ send }: { send: SendState }) {
  const percent =
    send.expectedRecords > 0 ? Math.round((send.sentRecords / send.expectedRecords) * 100) : 100;
  const problems = send.rejectedRecords + send.unknownRecords + send.notSentRecords > 0;
  return (
    <Stack gap={4} data-testid="kyc-progress">
      <Group justify="space-between" gap="xs">
        <Text fw={700} size="sm">
          {progressTitle(send)}
        </Text>
        <Text size="sm">
          {count(send.sentRecords)} of {records(send.expectedRecords)} · {count(send.doneChunks)} of{' '}
          {records(send.totalChunks, 'chunk')}
        </Text>
      </Group>
      <Progress
        value={percent}
        aria-label="Records sent"
        color={problems ? 'orange.8' : 'indigo.7'}
        animated={send.phase === 'sending'}
        size="lg"
      />
      <Text size="sm" data-testid="kyc-send-totals">
        <strong>{count(send.acceptedRecords)}</strong> accepted by the gateway
        {send.rejectedRecords > 0 && (
          <>
            {' · '}
            <strong>{count(send.rejectedRecords)}</strong> in refused chunks
          </>
        )}
        {send.unknownRecords > 0 && (
          <>
            {' · '}
            <strong>{count(send.unknownRecords)}</strong> in chunks whose outcome is unknown (no answer, or
            not all counted: resubmit sends the same records again, the latest record wins)
          </>
        )}
        {send.notSentRecords > 0 && (
          <>
            {' · '}
            <strong>{count(send.notSentRecords)}</strong> in chunks not sent (no connection was made: nothing
            left Paydesk, resubmit when the gateway can be reached)
          </>
        )}
      </Text>
      {send.phase !== 'sending' && (send.awaitingConfirmation ?? 0) > 0 && (
        <Text size="sm" data-testid="kyc-send-waiting">
          {waitingText(send.awaitingConfirmation!)}
        </Text>
      )}
      {send.error && (
        <Alert color="red" role="alert" p="xs">
          {send.error}
        </Alert>
      )}
    </Stack>
  );
}

/** A file whose records the gateway accepted before: only the rest goes, never those twice. */
function RemainingOffer({ busy, onSend }: { busy: boolean; onSend: () => void }) {
  const acceptedBefore = useKycStore((state) => state.acceptedBefore);
  const counts = useKycStore((state) => state.counts);
  if (!counts) return null;
  const toFix = counts.invalid + counts.rejected;
  return (
    <Alert color="blue" p="sm" title="This file was sent before" data-testid="kyc-remaining-offer">
      <Stack gap="xs">
        <Text size="sm">
          The gateway already accepted {records(acceptedBefore)} of this file (matched by userId); they are
          marked Accepted and are not sent again. {records(counts.valid)} {counts.valid === 1 ? 'is' : 'are'}{' '}
          valid and not yet accepted
          {toFix > 0 ? `; ${records(toFix, 'row')} need${toFix === 1 ? 's' : ''} fixing first` : ''}.
        </Text>
        <Group>
          <Button onClick={onSend} disabled={counts.valid - counts.warnings === 0 || busy} data-kyc-submit>
            Send only the {records(counts.valid - counts.warnings)} not yet accepted
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function KycSubmitPanel() {
  const counts = useKycStore((state) => state.counts);
  const send = useKycStore((state) => state.send);
  const acceptedBefore = useKycStore((state) => state.acceptedBefore);
  const mappingBusy = useKycStore((state) => state.mappingBusy);
  const exporting = useKycStore((state) => state.exporting);
  const exportError = useKycStore((state) => state.exportError);
  const submit = useKycStore((state) => state.submit);
  const resubmit = useKycStore((state) => state.resubmit);
  const exportRejected = useKycStore((state) => state.exportRejected);
  const profile = useActiveProfile();
  const production = useProductionConfirmation();
  if (!counts) return null;
  // Valid rows whose document dates wait for confirmation stay here until the officer confirms them.
  const sendable = counts.valid - counts.warnings;
  const sendValid = () => production.guarded(sendable, submit);
  const sendChunk = (chunkIndex: number) => {
    const chunk = send?.chunks.find((candidate) => candidate.index === chunkIndex);
    production.guarded(chunk?.records ?? 0, (confirmedProfile) => resubmit(chunkIndex, confirmedProfile));
  };

  const checking = isChecking(counts);
  const busy = send?.phase === 'sending' || mappingBusy || checking;
  const toFix = counts.invalid + counts.rejected;
  const offerRemaining = acceptedBefore > 0 && send === undefined;

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        {production.dialog}
        {offerRemaining && <RemainingOffer busy={busy} onSend={sendValid} />}
        <Group justify="space-between" align="center">
          <Group gap="sm">
            {!offerRemaining && (
              <Button
                onClick={sendValid}
                disabled={sendable === 0 || busy}
                loading={send?.phase === 'sending'}
                data-kyc-submit
              >
                Submit {records(sendable, 'valid record')}
              </Button>
            )}
            <Button
              variant="default"
              onClick={() => void exportRejected()}
              disabled={toFix === 0 || checking}
              loading={exporting}
            >
              Export rejected rows ({count(toFix)})
            </Button>
          </Group>
          {!checking && counts.warnings > 0 && (
            <Text size="sm" c="gray.8" data-testid="kyc-waiting-for-confirmation">
              {waitingText(counts.warnings, 'confirm them above to send them')}
            </Text>
          )}
          {checking && (
            <Text size="sm" c="gray.8" data-testid="kyc-waiting-for-check">
              Sending and export wait until every row is checked.
            </Text>
          )}
          <Text size="xs" c="gray.7" maw={440}>
            To profile <strong>{profile?.name ?? '—'}</strong>, in chunks of up to{' '}
            {count(KYC_MAX_RECORDS_PER_REQUEST)} records, two at a time. Invalid rows stay here; export them
            to fix them in the file.
          </Text>
        </Group>
        {exportError && (
          <Alert color="red" role="alert" p="xs">
            {exportError}
          </Alert>
        )}
        {send && <SendProgress send={send} />}
        {send && <KycChunkTable chunks={send.chunks} busy={busy} onResubmit={sendChunk} />}
      </Stack>
    </Paper>
  );
}
