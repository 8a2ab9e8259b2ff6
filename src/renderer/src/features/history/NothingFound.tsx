// What the list says when a filter finds nothing, at the top of the list where the eye is, with what was
// searched and how. An agent who read "No pay-ins match." in small grey print under the fold concluded that
// the customer had never paid, and charged again (issue 35): the message says what was looked for, where, and
// what else narrowed it, so that a search that missed reads as a search, not as proof.
import { Alert, Text } from '@mantine/core';
import { STATUS_LOOK } from '@renderer/lib/status-look';
import { type HistoryKind, ID_PART_MIN } from '@shared/history';
import type { HistoryFilters, HistorySource } from './query';

const NOUN: Record<HistoryKind, string> = { payin: 'pay-ins', kyc_batch: 'KYC batches' };

/** How each view's search matches, as the query code does it (filter-sql.ts; team-history.ts's searchDrivers). */
function searchedBy(kind: HistoryKind, source: HistorySource): string {
  if (kind === 'kyc_batch') return 'Looked for a word of the file name.';
  if (source === 'team') {
    return `Looked for the order number, orderId or customer id (any part of ${ID_PART_MIN} or more characters, in any case; shorter, the whole value), the start of a traceid, an amount or a card: the team view does not match a name.`;
  }
  return `Looked for the order number, orderId or customer id (any part of ${ID_PART_MIN} or more characters, in any case), a name, e-mail, decline reason, amount or card.`;
}

/** The filters besides the search, as the bar shows them: "status Declined; from 2026-11-01". */
function otherFilters(filters: HistoryFilters, source: HistorySource): string[] {
  const parts: string[] = [];
  if (filters.status.length > 0)
    parts.push(`status ${filters.status.map((status) => STATUS_LOOK[status].label).join(' or ')}`);
  if (filters.from) parts.push(`from ${filters.from}`);
  if (filters.to) parts.push(`to ${filters.to}`);
  if (source === 'desk' && filters.profile) parts.push(`profile ${filters.profile}`);
  if (source === 'team' && filters.deskId) parts.push('one desk');
  return parts;
}

export function NothingFound({ filters, source }: { filters: HistoryFilters; source: HistorySource }) {
  const text = filters.text.trim();
  const others = otherFilters(filters, source);
  const where = source === 'team' ? "the team's" : "this desk's";
  const noun = NOUN[filters.kind];
  const title = text
    ? `Nothing found for “${text}”`
    : others.length > 0
      ? `No ${noun} match these filters`
      : `No ${noun} on ${source === 'team' ? 'the team' : 'this desk'} yet`;
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="orange"
      variant="light"
      radius={0}
      p="sm"
      title={title}
      data-testid="history-nothing-found"
      styles={{ title: { fontSize: 'var(--mantine-font-size-md)', color: 'var(--mantine-color-black)' } }}
    >
      {(text || others.length > 0) && (
        <Text size="sm">
          Searched {where} {noun}
          {others.length > 0 ? `, only ${others.join('; ')}` : ''}.{' '}
          {text ? searchedBy(filters.kind, source) : ''}
        </Text>
      )}
      {filters.kind === 'payin' && (text || others.length > 0) && (
        <Text size="sm" fw={600} mt={4}>
          Not finding a pay-in does not show that none was made: check the number with the customer
          {others.length > 0 ? ' and clear the other filters' : ''} before charging again.
        </Text>
      )}
    </Alert>
  );
}
