// The latest submission chunk by chunk: what the gateway answered to each request (code, msg, traceid to
// copy for its support), and "Resubmit" for a chunk that was refused or got no answer. Rows are memoized:
// a 100,000-record batch has 200 chunks, and each progress event must re-render only the chunk it reports
// (re-rendering every row's copy button and tooltip per event overran React's nested-update limit).
import { Button, Table } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { CopyValue } from '@renderer/lib/CopyValue';
import { wordsText } from '@renderer/lib/words-text';
import type { KycChunkResult } from '@shared/kyc-batch';
import { memo } from 'react';
import { count } from './format';
import { ChunkStateLabel } from './StateLabels';

const ChunkRow = memo(function ChunkRow({
  chunk,
  busy,
  onResubmit,
}: {
  chunk: KycChunkResult;
  busy: boolean;
  onResubmit: (chunkIndex: number) => void;
}) {
  const t = useT();
  const number = chunk.index + 1;
  return (
    <Table.Tr data-testid="kyc-chunk">
      <Table.Td>{number}</Table.Td>
      <Table.Td ta="right">{count(chunk.records)}</Table.Td>
      <Table.Td>
        <ChunkStateLabel state={chunk.state} />
      </Table.Td>
      <Table.Td ff="monospace" fz="xs">
        {chunk.traceid ? (
          <CopyValue label={t('kyc.chunks.traceid', { number })} value={chunk.traceid} />
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td ff="monospace">{chunk.code ?? '—'}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>
        {wordsText(t, { message: chunk.msg, words: chunk.words })}
      </Table.Td>
      <Table.Td>
        {chunk.state !== 'accepted' && (
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            onClick={() => onResubmit(chunk.index)}
            aria-label={t('kyc.chunks.resubmitChunk', { number })}
          >
            {t('kyc.chunks.resubmit')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

export function KycChunkTable({
  chunks,
  busy,
  onResubmit,
}: {
  chunks: readonly KycChunkResult[];
  busy: boolean;
  /** Stable across renders, so that unchanged rows stay memoized. */
  onResubmit: (chunkIndex: number) => void;
}) {
  const t = useT();
  if (chunks.length === 0) return null;
  return (
    <div
      style={{
        maxHeight: 232,
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
      }}
    >
      <Table
        fz="sm"
        striped
        stickyHeader
        verticalSpacing={4}
        aria-label={t('history.detail.chunks')}
        data-testid="kyc-chunks"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('kyc.chunks.chunk')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('history.detail.records')}
            </Table.Th>
            <Table.Th scope="col">{t('kyc.chunks.state')}</Table.Th>
            <Table.Th scope="col">traceid</Table.Th>
            <Table.Th scope="col">{t('history.detail.code')}</Table.Th>
            <Table.Th scope="col">{t('history.detail.message')}</Table.Th>
            <Table.Th scope="col">{t('kyc.chunks.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chunks.map((chunk) => (
            <ChunkRow key={chunk.index} chunk={chunk} busy={busy} onResubmit={onResubmit} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
