// One operator's day as main answered it (history.operatorDay): the pay-ins' totals per status and
// currency, then each list in time order. Amounts are main's decimal text, shown as they came.
import { Stack, Table, Text, Title } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { statusWords } from '@renderer/lib/status-look';
import { formatAmount, formatTime } from '@shared/i18n/format';
import { OPERATOR_DAY_LIST_CAP, type OperatorDay } from '@shared/operator-day';
import type { ReactNode } from 'react';
import { approvalWords, daySummary, sessionWords } from './operator-day-words';
import { permissionName } from './roles-store';

function List({
  title,
  empty,
  capped,
  head,
  rows,
}: {
  title: string;
  empty: string;
  capped: boolean;
  head: string[];
  rows: ReactNode[][];
}) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ColumnTable label={title} columns={head} fz="sm">
          {rows.map((cells, index) => (
            // The lists are in time order and never reordered: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index}>
              {cells.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                <Table.Td key={column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </ColumnTable>
      )}
      {capped && (
        <Text size="sm" c="orange.8">
          {t('settings.operatorDay.capped', { max: OPERATOR_DAY_LIST_CAP })}
        </Text>
      )}
    </Stack>
  );
}

export function OperatorDayView({ day, name }: { day: OperatorDay; name: string }) {
  const t = useT();
  const locale = useLocale();
  // The day is chosen above: each line's time of day, to the second, on the desk's clock.
  const time = (at: number) => formatTime(at, locale, { seconds: true });
  const capped = (list: OperatorDay['capped'][number]) => day.capped.includes(list);
  const column = {
    time: t('settings.operatorDay.column.time'),
    what: t('settings.operatorDay.column.what'),
    about: t('settings.operatorDay.column.about'),
    status: t('settings.operatorDay.column.status'),
  };
  return (
    <Stack gap="sm" aria-live="polite">
      <Text size="sm" fw={500}>
        {daySummary(t, locale, day, name)}
      </Text>
      <List
        title={t('settings.operatorDay.payIns.title')}
        empty={t('settings.operatorDay.payIns.empty')}
        capped={false}
        head={[
          column.status,
          t('settings.operatorDay.column.currency'),
          t('settings.operatorDay.column.payIns'),
          t('settings.operatorDay.column.total'),
        ]}
        rows={day.payIns.map((total) => [
          statusWords(t, total.status),
          total.currency,
          total.count,
          <Text key="amount" ff="monospace" size="sm">
            {formatAmount(total.amount, total.currency, locale)}
          </Text>,
        ])}
      />
      <List
        title={t('settings.operatorDay.sessions.title')}
        empty={t('settings.operatorDay.sessions.empty')}
        capped={capped('sessions')}
        head={[column.time, column.what]}
        rows={day.sessions.map((moment) => [time(moment.at), sessionWords(t, moment)])}
      />
      <List
        title={t('settings.operatorDay.asked.title')}
        empty={t('settings.operatorDay.asked.empty')}
        capped={capped('approvalsAsked')}
        head={[column.time, column.what, column.about, t('settings.operatorDay.column.supervisor')]}
        rows={day.approvalsAsked.map((entry) => [
          time(entry.at),
          approvalWords(t, entry.event),
          entry.summary ?? entry.action,
          entry.supervisor ?? '',
        ])}
      />
      <List
        title={t('settings.operatorDay.given.title')}
        empty={t('settings.operatorDay.given.empty')}
        capped={capped('approvalsGiven')}
        head={[column.time, t('settings.operatorDay.column.askedBy'), column.about]}
        rows={day.approvalsGiven.map((entry) => [
          time(entry.at),
          entry.selfApproved
            ? t('settings.operatorDay.given.ownRequest', { requester: entry.requester })
            : entry.requester,
          entry.summary ?? entry.action,
        ])}
      />
      <List
        title={t('settings.operatorDay.batches.title')}
        empty={t('settings.operatorDay.batches.empty')}
        capped={capped('kycBatches')}
        head={[column.time, t('settings.operatorDay.column.file'), column.status]}
        rows={day.kycBatches.map((batch) => [time(batch.at), batch.fileName, statusWords(t, batch.status)])}
      />
      <List
        title={t('settings.operatorDay.refused.title')}
        empty={t('settings.operatorDay.refused.empty')}
        capped={capped('refusedCalls')}
        head={[
          column.time,
          t('settings.operatorDay.column.asked'),
          t('settings.operatorDay.column.permission'),
        ]}
        rows={day.refusedCalls.map((refused) => [
          time(refused.at),
          refused.channel,
          permissionName(t, refused.permission),
        ])}
      />
    </Stack>
  );
}
