// Totals of the pay-ins the filter shows, one line per currency (amounts of different currencies never
// add up): what was approved and for how much, what was declined, and what is still open — money that may
// have moved and nobody has said whether. Summed exactly, as decimal text, from the daily totals.
import { Table, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { DailyTotal } from '@shared/history';
import { sumAmounts } from '@shared/money/amount';
import { MONEY_READING } from '@shared/payin-lifecycle';
import { useMemo } from 'react';
import { useAmountText } from './amount-text';
import { useHistoryStore } from './store';

interface CurrencyLine {
  currency: string;
  approved: number;
  approvedAmounts: string[];
  declined: number;
  open: number;
  other: number;
}

function byCurrency(totals: DailyTotal[]): CurrencyLine[] {
  const lines = new Map<string, CurrencyLine>();
  for (const entry of totals) {
    let line = lines.get(entry.currency);
    if (!line) {
      line = { currency: entry.currency, approved: 0, approvedAmounts: [], declined: 0, open: 0, other: 0 };
      lines.set(entry.currency, line);
    }
    if (entry.status === 'approved') {
      line.approved += entry.count;
      line.approvedAmounts.push(entry.amount);
    } else if (entry.status === 'declined') line.declined += entry.count;
    else if (MONEY_READING[entry.status] === 'open' || MONEY_READING[entry.status] === 'conflict')
      line.open += entry.count;
    else line.other += entry.count;
  }
  return [...lines.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export function CurrencyTotals() {
  const t = useT();
  const amountText = useAmountText();
  const totals = useHistoryStore((state) => state.totals);
  const lines = useMemo(() => byCurrency(totals), [totals]);
  if (lines.length === 0) return null;
  return (
    <Table
      withTableBorder
      fz="sm"
      verticalSpacing={2}
      horizontalSpacing="md"
      style={{ width: 'auto', alignSelf: 'flex-start' }}
      aria-label={t('history.totals.label')}
      data-testid="history-currency-totals"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('history.totals.currency')}</Table.Th>
          <Table.Th ta="right">{t('status.approved')}</Table.Th>
          <Table.Th ta="right">{t('history.totals.amountApproved')}</Table.Th>
          <Table.Th ta="right">{t('status.declined')}</Table.Th>
          <Table.Th ta="right">{t('history.totals.open')}</Table.Th>
          <Table.Th ta="right">{t('history.totals.other')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.currency}>
            <Table.Th scope="row">{line.currency}</Table.Th>
            <Table.Td ta="right">{line.approved}</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700}>
              {amountText(sumAmounts(line.approvedAmounts), line.currency)}
            </Table.Td>
            <Table.Td ta="right">{line.declined}</Table.Td>
            <Table.Td ta="right">
              {line.open > 0 ? (
                // Mantine's darkest orange is 4.29:1 on white at this size (axe: color-contrast); this is 6.5:1.
                <Text span fw={700} c="#a63a00" fz="sm">
                  {line.open}
                </Text>
              ) : (
                0
              )}
            </Table.Td>
            <Table.Td ta="right">{line.other}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
