// How the file's date columns are read (issue 35, item 9): a column whose rows prove it writes the day
// first (17.03.1979) reads its undecided dates (07.03.1979) that way, and the officer sees which row proved
// it; a column whose rows prove both orders, or neither, reads none of them. The officer may set the order
// of any date column for this file (main checks every row again, and audits the choice).
import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { KycDateColumn, KycDateOrder } from '@shared/kyc-batch';
import { useState } from 'react';
import { useKycStore } from './store';

/** An order as the messages' select names it ("day-first" is no ICU key). */
const orderKey = (order: KycDateOrder) => (order === 'day-first' ? 'day' : 'month');

function sentenceOf(t: Translate, column: KycDateColumn): string {
  const { reading } = column;
  const set = column.chosen ? ` ${t('kyc.dates.set', { order: orderKey(column.chosen) })}` : '';
  switch (reading.kind) {
    case 'proven':
      return `${t('kyc.dates.proven', { order: orderKey(reading.order), row: reading.row, text: reading.text })}${set}`;
    case 'conflict':
      return `${t('kyc.dates.conflict', { dayFirst: reading.dayFirstRow, monthFirst: reading.monthFirstRow })}${set}`;
    case 'unproven':
      return `${t('kyc.dates.unproven')}${set}`;
  }
}

function DateColumn({ column }: { column: KycDateColumn }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function choose(value: string) {
    const { summary } = useKycStore.getState();
    if (!summary || busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const order = value === '' ? null : (value as KycDateOrder);
      const next = await call('kyc.setDateOrder', { batchId: summary.batchId, header: column.header, order });
      // Every row was checked again under the order: the page takes it as a finished check.
      useKycStore.getState().checked({ batchId: next.batchId, phase: 'done', summary: next });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group gap="sm" wrap="nowrap" align="center" justify="space-between">
      <Text size="sm">
        {/* The file's own header, as the file writes it. */}
        <strong>“{column.header}”</strong>: {sentenceOf(t, column)}
        {problem && (
          <Text span c="red.8" size="sm" role="alert">
            {' '}
            {problem}
          </Text>
        )}
      </Text>
      <NativeSelect
        size="xs"
        aria-label={t('kyc.dates.orderOf', { header: column.header })}
        data={[
          { value: '', label: t('kyc.dates.option.proven') },
          { value: 'day-first', label: t('kyc.dates.option.dayFirst') },
          { value: 'month-first', label: t('kyc.dates.option.monthFirst') },
        ]}
        value={column.chosen ?? ''}
        // Not disabled while main checks again: a disabled select loses the keyboard's focus.
        aria-busy={busy}
        onChange={(event) => void choose(event.currentTarget.value)}
        w={200}
      />
    </Group>
  );
}

export function KycDateColumns({ columns }: { columns: readonly KycDateColumn[] }) {
  const t = useT();
  if (columns.length === 0) return null;
  return (
    <Alert color="blue" p="xs" title={t('kyc.dates.title')} data-testid="kyc-date-columns">
      <Stack gap={4}>
        {columns.map((column) => (
          <DateColumn key={column.header} column={column} />
        ))}
      </Stack>
    </Alert>
  );
}
