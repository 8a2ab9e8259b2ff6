// KYC batches: a file of identity records comes in (drop or picker), its column mapping is reviewed, its
// rows are checked and fixed in a virtualized grid, and the valid ones are sent in chunks. A file dropped
// anywhere on the page opens; what happened is announced in a polite live region.
import '@mantine/core/styles/Progress.css';
import './kyc.css';
import { Alert, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useT } from '@renderer/i18n/use-t';
import type { KycBatchSummary } from '@shared/kyc-batch';
import { Fragment, useDeferredValue, useEffect, useRef } from 'react';
import { firstInvalidField } from './grid-columns';
import { KycCheckProgress } from './KycCheckProgress';
import { KycDateColumns } from './KycDateColumns';
import { KycDateWarnings } from './KycDateWarnings';
import { KycDropZone, useFileDrop } from './KycDropZone';
import { KycEditBar, KycSentValuesNote } from './KycEditBar';
import { KycFilterBar } from './KycFilterBar';
import { KycGoTo } from './KycGoTo';
import { KycGrid, type KycGridHandle } from './KycGrid';
import { KycMappingPanel } from './KycMappingPanel';
import { KycSubmitPanel } from './KycSubmitPanel';
import { listenForKycProgress, useKycStore } from './store';

const FORMAT_LABEL: Record<KycBatchSummary['format'], string> = { csv: 'CSV', xlsx: 'XLSX', json: 'JSON' };

function BatchHeader({ summary }: { summary: KycBatchSummary }) {
  const t = useT();
  const counts = useKycStore((state) => state.counts) ?? summary.counts;
  const facts = [
    FORMAT_LABEL[summary.format],
    t('kyc.header.records', { count: counts.total }),
    t('kyc.header.invalid', { count: counts.invalid }),
    t('kyc.header.valid', { count: counts.valid }),
  ];
  if (counts.accepted > 0) facts.push(t('kyc.header.accepted', { count: counts.accepted }));
  if (counts.rejected > 0) facts.push(t('kyc.header.rejected', { count: counts.rejected }));
  if (counts.warnings > 0) facts.push(t('kyc.header.toConfirm', { count: counts.warnings }));
  if (counts.checking > 0) facts.push(t('kyc.header.toCheck', { count: counts.checking }));
  return (
    // The name whole (a long one wraps, never cut to "k…"), the counts after it, each count on one line.
    <Group gap="xs" data-testid="kyc-batch-header" style={{ rowGap: 0 }}>
      <Text fw={700} title={summary.fileName} style={{ overflowWrap: 'anywhere' }}>
        {summary.fileName}
      </Text>
      <Text c="gray.8" size="sm">
        {facts.map((fact, index) => (
          <Fragment key={fact}>
            {index > 0 && ' · '}
            <span style={{ whiteSpace: 'nowrap' }}>{fact}</span>
          </Fragment>
        ))}
      </Text>
    </Group>
  );
}

function Batch({ summary }: { summary: KycBatchSummary }) {
  const t = useT();
  const grid = useRef<KycGridHandle>(null);
  return (
    <>
      {summary.warnings.length > 0 && (
        <Alert color="yellow" p="xs" title={t('kyc.notes')}>
          {summary.warnings.join(' ')}
        </Alert>
      )}
      <KycDateColumns columns={summary.dateColumns} />
      <KycCheckProgress />
      <KycMappingPanel />
      <KycDateWarnings />
      <KycSubmitPanel />
      <Group justify="space-between" align="center" gap="xs">
        <Group gap="md" align="center">
          <KycFilterBar />
          <KycGoTo
            onFound={(pos, row, byUserId) =>
              grid.current?.goTo(pos, firstInvalidField(row) ?? (byUserId ? 'userId' : undefined))
            }
          />
        </Group>
        {/* Undo and Redo beside the keys' help: a row of their own pushed the grid out of the window. */}
        <Group gap="sm" align="center" wrap="nowrap">
          <KycEditBar />
          <Text id="kyc-grid-help" size="xs" c="gray.7" maw={440} ta="right">
            {t('kyc.gridKeys')}
          </Text>
        </Group>
      </Group>
      <KycSentValuesNote />
      <KycGrid ref={grid} label={t('kyc.gridLabel', { file: summary.fileName })} />
    </>
  );
}

export function KycPage() {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const summary = useKycStore((state) => state.summary);
  // The batch's panels and grid follow a step behind, in a render React may interrupt: mounted in the same
  // task as the answer to the open, they held the page for one frame of 40-60 ms (bench:ui, kyc-open).
  const batch = useDeferredValue(summary);
  const fileError = useKycStore((state) => state.fileError);
  const notice = useKycStore((state) => state.notice);
  const { over, handlers } = useFileDrop();

  useEffect(() => listenForKycProgress(), []);
  // Main readies the worker that reads files while the operator finds one. Nothing to show if that fails:
  // opening the file starts the worker again and says what went wrong.
  const prepare = useKycStore((state) => state.prepare);
  useEffect(() => {
    prepare().catch(() => undefined);
  }, [prepare]);
  useHotkeys([
    [
      'mod+O',
      () => {
        // Pages stay mounted when hidden: only the page on screen opens its picker.
        if (root.current?.offsetParent) pickerRef.current?.click();
      },
    ],
  ]);

  return (
    <Stack gap="sm" ref={root} {...handlers} data-testid="kyc-page">
      <Stack gap={0}>
        <Title order={2}>{t('shell.page.kyc')}</Title>
        {!summary && (
          <Text size="sm" c="gray.7">
            {t('kyc.intro')}
          </Text>
        )}
      </Stack>
      <KycDropZone
        over={over}
        current={summary ? <BatchHeader summary={summary} /> : undefined}
        pickerRef={pickerRef}
      />
      {fileError && (
        <Alert color="red" role="alert" p="xs" title={t('kyc.fileError')} data-testid="kyc-file-error">
          {fileError}
          {summary ? ` ${t('kyc.fileError.staysOpen', { file: summary.fileName })}` : ''}
        </Alert>
      )}
      {batch && <Batch summary={batch} />}
      <VisuallyHidden role="status" aria-live="polite" data-testid="kyc-announcer">
        {notice && <span key={notice.seq}>{notice.text}</span>}
      </VisuallyHidden>
    </Stack>
  );
}
