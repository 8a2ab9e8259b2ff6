// Sending the batch: "Submit N valid records" (or, for a file the gateway has seen, the offer to send only
// the records not yet accepted), the progress in records and chunks as main reports it, each chunk's
// answer, and the export of the rows still to fix.
import { Trans } from '@lingui/react';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { type Confirmation, ConfirmDialog } from '@renderer/lib/ConfirmDialog';
import { ExportFormatMenu, useSpreadsheetFormat } from '@renderer/lib/ExportFormatMenu';
import { useActiveProfile } from '@renderer/lib/settings-store';
import { spreadsheetSeparator } from '@shared/csv-export';
import { KYC_MAX_RECORDS_PER_REQUEST } from '@shared/gateway/kyc';
import { useState } from 'react';
import { KycChunkTable } from './KycChunkTable';
import { isChecking, type SendState } from './kyc-state';
import { waitingText } from './sending';
import { useKycStore } from './store';

/**
 * Identity records about to go to a production gateway: one confirmation naming the profile and the count
 * (compliance staff expect it). Main refuses a production send that was not confirmed for that profile.
 */
function useProductionConfirmation() {
  const t = useT();
  const profile = useActiveProfile();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  function guarded(recordCount: number, send: (confirmedProfile?: string) => Promise<void>) {
    if (profile?.environment !== 'production') {
      void send();
      return;
    }
    setConfirmation({
      title: t('kyc.submit.prodTitle', { count: recordCount }),
      body: t('kyc.submit.prodBody', { profile: profile.name }),
      confirmLabel: t('kyc.submit.prodConfirm', { count: recordCount, profile: profile.name }),
      danger: true,
      // The dialog closes at once; the progress panel shows the send.
      onConfirm: () => void send(profile.id),
    });
  }
  const dialog = <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />;
  return { guarded, dialog };
}

function progressTitle(t: Translate, send: SendState): string {
  if (send.phase === 'sending') {
    return send.what === 'chunk'
      ? t('kyc.progress.sendingChunk', { number: (send.chunkIndex ?? 0) + 1 })
      : t('kyc.progress.sending');
  }
  if (send.phase === 'failed') return t('kyc.progress.stopped');
  if (send.sentRecords > 0 && send.notSentRecords === send.sentRecords) return t('status.not_sent');
  if (send.unknownRecords + send.rejectedRecords + send.notSentRecords > 0)
    return t('kyc.progress.sentToLookAt');
  return t('kyc.progress.sent');
}

function SendProgress({ send }: { send: SendState }) {
  const t = useT();
  const percent =
    send.expectedRecords > 0 ? Math.round((send.sentRecords / send.expectedRecords) * 100) : 100;
  const problems = send.rejectedRecords + send.unknownRecords + send.notSentRecords > 0;
  return (
    <Stack gap={4} data-testid="kyc-progress">
      <Group justify="space-between" gap="xs">
        <Text fw={700} size="sm">
          {progressTitle(t, send)}
        </Text>
        <Text size="sm">
          {t('kyc.progress.counts', {
            sent: send.sentRecords,
            expected: send.expectedRecords,
            done: send.doneChunks,
            chunks: send.totalChunks,
          })}
        </Text>
      </Group>
      <Progress
        value={percent}
        aria-label={t('kyc.progress.label')}
        color={problems ? 'orange.8' : 'indigo.7'}
        animated={send.phase === 'sending'}
        size="lg"
      />
      <Text size="sm" data-testid="kyc-send-totals">
        <Trans id="kyc.progress.accepted" values={{ count: send.acceptedRecords }} components={BOLD} />
        {send.rejectedRecords > 0 && (
          <>
            {' · '}
            <Trans id="kyc.progress.refused" values={{ count: send.rejectedRecords }} components={BOLD} />
          </>
        )}
        {send.unknownRecords > 0 && (
          <>
            {' · '}
            <Trans id="kyc.progress.unknown" values={{ count: send.unknownRecords }} components={BOLD} />
          </>
        )}
        {send.notSentRecords > 0 && (
          <>
            {' · '}
            <Trans id="kyc.progress.notSent" values={{ count: send.notSentRecords }} components={BOLD} />
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

const BOLD = { 0: <strong /> };

/** A file whose records the gateway accepted before: only the rest goes, never those twice. */
function RemainingOffer({ busy, onSend }: { busy: boolean; onSend: () => void }) {
  const t = useT();
  const acceptedBefore = useKycStore((state) => state.acceptedBefore);
  const counts = useKycStore((state) => state.counts);
  if (!counts) return null;
  const toFix = counts.invalid + counts.rejected;
  return (
    <Alert color="blue" p="sm" title={t('kyc.remaining.title')} data-testid="kyc-remaining-offer">
      <Stack gap="xs">
        <Text size="sm">
          {t('kyc.remaining.body', { accepted: acceptedBefore, valid: counts.valid, toFix })}
        </Text>
        <Group>
          <Button onClick={onSend} disabled={counts.valid - counts.warnings === 0 || busy} data-kyc-submit>
            {t('kyc.remaining.send', { count: counts.valid - counts.warnings })}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function KycSubmitPanel() {
  const t = useT();
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
  const separator = spreadsheetSeparator(useSpreadsheetFormat().language);
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
                {t('kyc.submit.button', { count: sendable })}
              </Button>
            )}
            <ExportFormatMenu
              onExport={(format) => void exportRejected(format)}
              hints={{
                spreadsheet: t('kyc.export.spreadsheetHint', { separator }),
                machine: t('kyc.export.machineHint'),
              }}
              disabled={toFix === 0 || checking}
              loading={exporting}
              testId="kyc-export"
            >
              {t('kyc.submit.export', { count: toFix })}
            </ExportFormatMenu>
          </Group>
          {!checking && counts.warnings > 0 && (
            <Text size="sm" c="gray.8" data-testid="kyc-waiting-for-confirmation">
              {waitingText(counts.warnings, 'confirmAbove')}
            </Text>
          )}
          {checking && (
            <Text size="sm" c="gray.8" data-testid="kyc-waiting-for-check">
              {t('kyc.submit.waitForCheck')}
            </Text>
          )}
          <Text size="xs" c="gray.7" maw={440}>
            <Trans
              id="kyc.submit.how"
              values={{ profile: profile?.name ?? '—', max: KYC_MAX_RECORDS_PER_REQUEST }}
              components={BOLD}
            />
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
