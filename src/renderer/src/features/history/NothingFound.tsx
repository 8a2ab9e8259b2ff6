// What the list says when a filter finds nothing, at the top of the list where the eye is, with what was
// searched and how. An agent who read "No pay-ins match." in small grey print under the fold concluded that
// the customer had never paid, and charged again (issue 35): the message says what was looked for, where, and
// what else narrowed it, so that a search that missed reads as a search, not as proof.
import { Alert, Text } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { statusLabel } from '@renderer/lib/status-look';
import { type HistoryKind, ID_PART_MIN } from '@shared/history';
import { formatDay } from '@shared/i18n/day-text';
import type { HistoryFilters, HistorySource } from './query';

/** How each view's search matches, as the query code does it (filter-sql.ts; team-history.ts's searchDrivers). */
function searchedBy(t: Translate, kind: HistoryKind, source: HistorySource): string {
  if (kind === 'kyc_batch') return t('history.nothing.how.kyc');
  if (source === 'team') return t('history.nothing.how.team', { min: ID_PART_MIN });
  return t('history.nothing.how.desk', { min: ID_PART_MIN });
}

/** The filters besides the search, as the bar shows them: "status Declined; from 2026-11-01". */
function otherFilters(
  t: Translate,
  locale: string,
  filters: HistoryFilters,
  source: HistorySource,
): string[] {
  const parts: string[] = [];
  if (filters.status.length > 0) {
    const statuses = new Intl.ListFormat(locale, { type: 'disjunction' }).format(
      filters.status.map((status) => statusLabel(t, status)),
    );
    parts.push(t('history.nothing.filter.status', { statuses }));
  }
  if (filters.from) parts.push(t('history.nothing.filter.from', { day: formatDay(filters.from, locale) }));
  if (filters.to) parts.push(t('history.nothing.filter.to', { day: formatDay(filters.to, locale) }));
  if (source === 'desk' && filters.profile)
    parts.push(t('history.nothing.filter.profile', { profile: filters.profile }));
  if (source === 'team' && filters.deskId) parts.push(t('history.nothing.filter.oneDesk'));
  return parts;
}

function titleOf(t: Translate, text: string, filtered: boolean, kind: HistoryKind, source: HistorySource) {
  if (text) return t('history.nothing.title.search', { text });
  if (filtered) return t(`history.nothing.title.filtered.${kind}`);
  return t(`history.nothing.title.empty.${source}.${kind}`);
}

export function NothingFound({ filters, source }: { filters: HistoryFilters; source: HistorySource }) {
  const t = useT();
  const locale = useLocale();
  const text = filters.text.trim();
  const others = otherFilters(t, locale, filters, source);
  const scope = t(`history.nothing.scope.${source}.${filters.kind}`);
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="orange"
      variant="light"
      radius={0}
      p="sm"
      title={titleOf(t, text, others.length > 0, filters.kind, source)}
      data-testid="history-nothing-found"
      styles={{ title: { fontSize: 'var(--mantine-font-size-md)', color: 'var(--mantine-color-black)' } }}
    >
      {(text || others.length > 0) && (
        <Text size="sm">
          {others.length > 0
            ? t('history.nothing.searchedOnly', { scope, filters: others.join('; ') })
            : t('history.nothing.searched', { scope })}{' '}
          {text ? searchedBy(t, filters.kind, source) : ''}
        </Text>
      )}
      {filters.kind === 'payin' && (text || others.length > 0) && (
        <Text size="sm" fw={600} mt={4}>
          {others.length > 0 ? t('history.nothing.warningFiltered') : t('history.nothing.warning')}
        </Text>
      )}
    </Alert>
  );
}
