// How the file's date columns are read (issue 35, item 9): a column whose rows prove it writes the day
// first (17.03.1979) reads its undecided dates (07.03.1979) that way, and the officer sees which row proved
// it; a column whose rows prove both orders, or neither, reads none of them. The officer may set the order
// of any date column for this file (main checks every row again, and audits the choice).
import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { KycDateColumn, KycDateOrder } from '@shared/kyc-batch';
import { useState } from 'react';
import { useKycStore } from './store';

const ORDER_WORDS = { 'day-first': 'day first', 'month-first': 'month first' } as const;

function sentenceOf(column: KycDateColumn): string {
  const { reading } = column;
  const set = column.chosen ? ` Set here: ${ORDER_WORDS[column.chosen]}.` : '';
  switch (reading.kind) {
    case 'proven':
      return `Dates read ${ORDER_WORDS[reading.order]}, as row ${reading.row} (${reading.text}) shows.${set}`;
    case 'conflict':
      return `Dates written day first (row ${reading.dayFirstRow}) and month first (row ${reading.monthFirstRow}): one that reads both ways is not guessed.${set}`;
    case 'unproven':
      return `No row tells whether the day or the month comes first: a date that reads both ways is not guessed.${set}`;
  }
}

const OPTIONS = [
  { value: '', label: 'As its rows prove' },
  { value: 'day-first', label: 'Day first (DD.MM.YYYY)' },
  { value: 'month-first', label: 'Month first (MM/DD/YYYY)' },
];

function DateColumn({ column }: { column: KycDateColumn }) {
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
        <strong>“{column.header}”</strong>: {sentenceOf(column)}
        {problem && (
          <Text span c="red.8" size="sm" role="alert">
            {' '}
            {problem}
          </Text>
        )}
      </Text>
      <NativeSelect
        size="xs"
        aria-label={`Order of the dates in “${column.header}”`}
        data={OPTIONS}
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
  if (columns.length === 0) return null;
  return (
    <Alert color="blue" p="xs" title="Dates in the file" data-testid="kyc-date-columns">
      <Stack gap={4}>
        {columns.map((column) => (
          <DateColumn key={column.header} column={column} />
        ))}
      </Stack>
    </Alert>
  );
}
