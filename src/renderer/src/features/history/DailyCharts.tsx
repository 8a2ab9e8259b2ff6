// Pay-ins per day (stacked by status) and the approval rate per day: approved / (approved + declined).
// The charts are pictures for sighted users; each comes with a sentence and a visually hidden table
// holding the same numbers, which is what assistive technology reads. Counts only: amounts of different
// currencies never add up, and amounts are never turned into floats.
import { Alert, Paper, SimpleGrid, Stack, Text, Title, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { STATUS_LOOK, statusLabel } from '@renderer/lib/status-look';
import { wordsText } from '@renderer/lib/words-text';
import type { DailyTotal } from '@shared/history';
import { PAYIN_STATUSES, type PayInStatus } from '@shared/payin-lifecycle';
import { type ReactNode, useId, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useHistoryStore } from './store';

/** At most this many days are drawn (the latest ones); the hidden table lists them too. */
const MAX_DAYS = 62;

type DayRow = {
  day: string;
  total: number;
  approved: number;
  declined: number;
  rate: number | null;
} & Partial<Record<PayInStatus, number>>;

function byDay(totals: DailyTotal[]): DayRow[] {
  const days = new Map<string, DayRow>();
  for (const entry of totals) {
    let row = days.get(entry.day);
    if (!row) {
      row = { day: entry.day, total: 0, approved: 0, declined: 0, rate: null };
      days.set(entry.day, row);
    }
    row[entry.status] = (row[entry.status] ?? 0) + entry.count;
    row.total += entry.count;
  }
  const rows = [...days.values()].sort((a, b) => a.day.localeCompare(b.day)).slice(-MAX_DAYS);
  for (const row of rows) {
    row.approved = row.approved ?? 0;
    row.declined = row.declined ?? 0;
    const decided = row.approved + row.declined;
    row.rate = decided > 0 ? Math.round((row.approved / decided) * 1000) / 10 : null;
  }
  return rows;
}

const percent = (t: Translate, value: number | null) =>
  value === null ? t('history.charts.noDecided') : `${value}%`;

/** `drawn`: false while the page is hidden, where the charts would measure 0×0. */
export function DailyCharts({ drawn }: { drawn: boolean }) {
  const t = useT();
  const totals = useHistoryStore((state) => state.totals);
  const totalsError = useHistoryStore((state) => state.totalsError);
  const totalsNote = useHistoryStore((state) => state.totalsNote);
  const theme = useMantineTheme();
  const rows = useMemo(() => byDay(totals), [totals]);
  const present = PAYIN_STATUSES.filter((status) => rows.some((row) => (row[status] ?? 0) > 0));
  const colorOf = (status: PayInStatus) => {
    const color = STATUS_LOOK[status].color;
    return theme.colors[color]?.[status === 'pending' || status === 'not_sent' ? 4 : 6] ?? '#888';
  };

  const count = rows.reduce((sum, row) => sum + row.total, 0);
  const approved = rows.reduce((sum, row) => sum + row.approved, 0);
  const declined = rows.reduce((sum, row) => sum + row.declined, 0);
  const overall = approved + declined > 0 ? Math.round((approved / (approved + declined)) * 1000) / 10 : null;
  const busiest = rows.reduce<DayRow | undefined>(
    (best, row) => (!best || row.total > best.total ? row : best),
    undefined,
  );
  const first = rows[0];
  const last = rows[rows.length - 1];
  const volumeSummary =
    first && last && busiest
      ? t('history.charts.volumeSummary', {
          count,
          days: rows.length,
          first: first.day,
          last: last.day,
          busiest: busiest.day,
          busiestCount: busiest.total,
        })
      : t('history.charts.noPayIns');
  const rateSummary =
    rows.length > 0
      ? t('history.charts.rateSummary', { rate: percent(t, overall), approved, declined })
      : t('history.charts.noDecidedMatch');

  if (totalsNote) {
    return (
      <Text size="sm" c="gray.7" data-testid="history-totals-note">
        {wordsText(t, totalsNote)}
      </Text>
    );
  }
  if (totalsError) {
    return (
      <Alert color="red" title={t('history.charts.failed')}>
        {wordsText(t, totalsError)}
      </Alert>
    );
  }

  return (
    <SimpleGrid cols={2} spacing="md" data-testid="history-charts">
      <DayChart
        title={t('history.charts.volumeTitle')}
        caption={volumeSummary}
        drawn={drawn}
        rows={rows}
        table={{
          caption: t('history.charts.volumeTable'),
          columns: [...present.map((status) => statusLabel(t, status)), t('history.charts.total')],
          cells: (row) => [...present.map((status) => row[status] ?? 0), row.total],
        }}
      >
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip isAnimationActive={false} />
        <Legend
          wrapperStyle={{ fontSize: 11 }}
          formatter={(value) => <span style={{ color: theme.colors.dark[6] }}>{value}</span>}
        />
        {present.map((status) => (
          <Bar
            key={status}
            dataKey={status}
            name={statusLabel(t, status)}
            stackId="status"
            maxBarSize={56}
            fill={colorOf(status)}
            isAnimationActive={false}
          />
        ))}
      </DayChart>

      <DayChart
        title={t('history.charts.rateTitle')}
        caption={t('history.charts.rateCaption', { summary: rateSummary })}
        drawn={drawn}
        rows={rows}
        table={{
          caption: t('history.charts.rateTitle'),
          columns: [t('status.approved'), t('status.declined'), t('history.charts.rate')],
          cells: (row) => [row.approved, row.declined, percent(t, row.rate)],
        }}
      >
        <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
        <Tooltip isAnimationActive={false} formatter={(value) => [`${value}%`, t('history.charts.rate')]} />
        <Bar
          dataKey="rate"
          name={t('history.charts.rate')}
          fill={theme.colors.indigo[6]}
          isAnimationActive={false}
        />
      </DayChart>
    </SimpleGrid>
  );
}

/**
 * One chart, by day: a figure titled and captioned, the bars (`children`: the y axis, tooltip and bars)
 * hidden from assistive technology, and the same numbers as a visually hidden table, a row a day.
 */
function DayChart({
  title,
  caption,
  drawn,
  rows,
  table,
  children,
}: {
  title: string;
  caption: string;
  drawn: boolean;
  rows: DayRow[];
  table: { caption: string; columns: string[]; cells: (row: DayRow) => ReactNode[] };
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Paper withBorder p="sm" component="figure" m={0} aria-labelledby={titleId}>
      <Stack gap={4}>
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        <Text size="xs" c="gray.7" component="figcaption">
          {caption}
        </Text>
        <div aria-hidden="true" style={{ height: 200 }}>
          {drawn && rows.length > 0 && (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={rows}
                accessibilityLayer={false}
                margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tick={{ fontSize: 11 }} tickFormatter={(day: string) => day.slice(5)} />
                {children}
              </BarChart>
            </ResponsiveContainer>
          )}
        </div>
      </Stack>
      <VisuallyHidden>
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.charts.day')}</th>
              {table.columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.day}</th>
                {table.cells(row).map((cell, column) => (
                  <td key={table.columns[column]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
