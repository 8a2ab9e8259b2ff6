// One operator's day as main answered it (history.operatorDay): the pay-ins' totals per status and
// currency, then each list in time order. Amounts are main's decimal text, shown as they came.
import { Stack, Table, Text, Title } from '@mantine/core';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { localDateTime } from '@renderer/lib/local-time';
import type { OperatorDay } from '@shared/operator-day';
import type { ReactNode } from 'react';

const SESSION_WORDS: Record<string, string> = {
  signed_in: 'Signed in',
  unlocked: 'Unlocked',
  locked: 'Locked',
  signed_out: 'Signed out',
  sign_in_refused: 'Sign-in refused',
  account_locked: 'Locked out (too many tries)',
  account_unlocked: 'Lockout lifted',
  enrolment_started: 'Started enrolling',
  enrolment_abandoned: 'Left enrolment',
};

const APPROVAL_WORDS: Record<string, string> = {
  requested: 'Asked for approval',
  granted: 'Approved',
  refused: 'Approval refused',
  used: 'Approval used',
};

const LOCK_REASONS: Record<string, string> = { idle: 'idle', operator: 'by the operator' };

const time = (at: number) => localDateTime(at).slice(11);
const words = (table: Record<string, string>, key: string) => table[key] ?? key.replaceAll('_', ' ');

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
          Only the first 500 are shown: History has the rest.
        </Text>
      )}
    </Stack>
  );
}

export function OperatorDayView({ day, name }: { day: OperatorDay; name: string }) {
  const capped = (list: OperatorDay['capped'][number]) => day.capped.includes(list);
  const payInCount = day.payIns.reduce((sum, total) => sum + total.count, 0);
  return (
    <Stack gap="sm" aria-live="polite">
      <Text size="sm" fw={500}>
        {name} on {day.day}: {day.sessions.length} session events, {payInCount} pay-ins,{' '}
        {day.kycBatches.length} KYC batches, {day.approvalsAsked.length} approval events,{' '}
        {day.approvalsGiven.length} approvals given, {day.refusedCalls.length} refused calls.
      </Text>
      <List
        title="Pay-ins by status"
        empty="No pay-ins."
        capped={false}
        head={['Status', 'Currency', 'Pay-ins', 'Total']}
        rows={day.payIns.map((total) => [
          total.status.replaceAll('_', ' '),
          total.currency,
          total.count,
          <Text key="amount" ff="monospace" size="sm">
            {total.amount}
          </Text>,
        ])}
      />
      <List
        title="Sessions"
        empty="Not signed in this day."
        capped={capped('sessions')}
        head={['Time', 'What']}
        rows={day.sessions.map((moment) => [
          time(moment.at),
          `${words(SESSION_WORDS, moment.event)}${moment.reason ? ` (${LOCK_REASONS[moment.reason] ?? moment.reason})` : ''}`,
        ])}
      />
      <List
        title="Approvals asked for"
        empty="None asked for."
        capped={capped('approvalsAsked')}
        head={['Time', 'What', 'About', 'Supervisor']}
        rows={day.approvalsAsked.map((entry) => [
          time(entry.at),
          words(APPROVAL_WORDS, entry.event),
          entry.summary ?? entry.action,
          entry.supervisor ?? '',
        ])}
      />
      <List
        title="Approvals given"
        empty="None given."
        capped={capped('approvalsGiven')}
        head={['Time', 'Asked by', 'About']}
        rows={day.approvalsGiven.map((entry) => [
          time(entry.at),
          entry.selfApproved ? `${entry.requester} (own request, only supervisor)` : entry.requester,
          entry.summary ?? entry.action,
        ])}
      />
      <List
        title="KYC batches"
        empty="No KYC batches."
        capped={capped('kycBatches')}
        head={['Time', 'File', 'Status']}
        rows={day.kycBatches.map((batch) => [
          time(batch.at),
          batch.fileName,
          batch.status.replaceAll('_', ' '),
        ])}
      />
      <List
        title="Refused calls"
        empty="Nothing refused."
        capped={capped('refusedCalls')}
        head={['Time', 'What was asked', 'Permission it needs']}
        rows={day.refusedCalls.map((refused) => [time(refused.at), refused.channel, refused.permission])}
      />
    </Stack>
  );
}
