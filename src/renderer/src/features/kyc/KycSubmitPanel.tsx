// Sending the batch: "Submit N valid records" (or, for a file the gateway has seen, the offer to send only
// the records not yet accepted), the progress in records and chunks as main reports it, each chunk's
// answer, and the export of the rows still to fix.
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { KYC_MAX_RECORDS_PER_REQUEST } from '../../../../shared/gateway/kyc';
import { useActiveProfile } from '../settings/store';
import { count, records } from './format';
import { KycChunkTable } from './KycChunkTable';
import { type SendState, useKycStore } from './kyc-store';

function progressTitle(send: SendState): string {
  if (send.phase === 'sending') {
    return send.what === 'chunk' ? `Sending chunk ${(send.chunkIndex ?? 0) + 1} again…` : 'Sending…';
  }
  if (send.phase === 'failed') return 'Sending stopped';
  if (send.unknownRecords > 0 || send.rejectedRecords > 0) return 'Sent, with chunks to look at';
  return 'Sent';
}

function SendProgress({ send }: { send: SendState }) {
  const percent =
    send.expectedRecords > 0 ? Math.round((send.sentRecords / send.expectedRecords) * 100) : 100;
  const problems = send.rejectedRecords + send.unknownRecords > 0;
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
      </Text>
      {send.error && (
        <Alert color="red" role="alert" p="xs">
          {send.error}
        </Alert>
      )}
    </Stack>
  );
}

/** A file whose records the gateway accepted before: only the rest goes, never those twice. */
function RemainingOffer({ busy }: { busy: boolean }) {
  const acceptedBefore = useKycStore((state) => state.acceptedBefore);
  const counts = useKycStore((state) => state.counts);
  const submit = useKycStore((state) => state.submit);
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
          <Button onClick={() => void submit()} disabled={counts.valid === 0 || busy}>
            Send only the {records(counts.valid)} not yet accepted
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
  if (!counts) return null;

  const busy = send?.phase === 'sending' || mappingBusy;
  const toFix = counts.invalid + counts.rejected;
  const offerRemaining = acceptedBefore > 0 && send === undefined;

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        {offerRemaining && <RemainingOffer busy={busy} />}
        <Group justify="space-between" align="center">
          <Group gap="sm">
            {!offerRemaining && (
              <Button
                onClick={() => void submit()}
                disabled={counts.valid === 0 || busy}
                loading={send?.phase === 'sending'}
              >
                Submit {records(counts.valid, 'valid record')}
              </Button>
            )}
            <Button
              variant="default"
              onClick={() => void exportRejected()}
              disabled={toFix === 0}
              loading={exporting}
            >
              Export rejected rows ({count(toFix)})
            </Button>
          </Group>
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
        {send && <KycChunkTable chunks={send.chunks} busy={busy} onResubmit={resubmit} />}
      </Stack>
    </Paper>
  );
}
