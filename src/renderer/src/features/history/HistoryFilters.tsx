// The filter bar: the view (pay-ins or KYC batches), search (debounced), status, date range with presets
// and profile. One filter drives the list, the totals, the charts and the CSV export alike. The team view
// has a desk instead of the profile (each desk has its own) and searches identifiers, amounts and cards
// only, not names or words (team-history.ts).
import { Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { DateField } from '@renderer/lib/date-field/DateField';
import { rankedOptionsFilter } from '@renderer/lib/search-rank';
import { useCan } from '@renderer/lib/session-store';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { type HistoryStatus, statusLabel } from '@renderer/lib/status-look';
import { useTeamDesks } from '@renderer/lib/team/use-team-reads';
import { type HistoryKind, ID_PART_MIN, KYC_BATCH_STATUSES } from '@shared/history';
import { PAYIN_STATUSES } from '@shared/payin-lifecycle';
import { useEffect, useState } from 'react';
import { DATE_PRESETS, localDayText } from './format';
import { EMPTY_FILTERS } from './query';
import { StatusFilter } from './StatusFilter';
import { useHistoryStore } from './store';

const STATUSES: Record<HistoryKind, readonly HistoryStatus[]> = {
  payin: PAYIN_STATUSES,
  kyc_batch: KYC_BATCH_STATUSES,
};

/** What the search box takes, as its placeholder says it. */
function searchHint(t: Translate, kind: HistoryKind, team: boolean): string {
  if (team) return t('history.filters.searchHint.team');
  return kind === 'payin' ? t('history.filters.searchHint.payin') : t('history.filters.searchHint.kyc');
}

const PRESET_KEYS = {
  today: 'history.filters.preset.today',
  yesterday: 'history.filters.preset.yesterday',
  last7: 'history.filters.preset.last7',
} as const;

export function HistoryFilters() {
  const t = useT();
  const filters = useHistoryStore((state) => state.filters);
  const setFilters = useHistoryStore((state) => state.setFilters);
  const resetFilters = useHistoryStore((state) => state.resetFilters);
  const team = useHistoryStore((state) => state.source === 'team');
  const desks = useTeamDesks(team);
  const profiles = useSettingsStore((state) => state.view?.settings.profiles);
  const [text, setText] = useState(filters.text);
  const [debounced] = useDebouncedValue(text, 300);
  const [operator, setOperator] = useState(filters.operator);
  const [debouncedOperator] = useDebouncedValue(operator, 300);
  // Only a role that reads every operator's rows chooses whose: main narrows the others to their own.
  const readsEveryone = useCan('history.all');

  useEffect(() => {
    if (debounced.trim() !== useHistoryStore.getState().filters.text.trim()) setFilters({ text: debounced });
  }, [debounced, setFilters]);
  useEffect(() => {
    if (debouncedOperator.trim() !== useHistoryStore.getState().filters.operator.trim()) {
      setFilters({ operator: debouncedOperator });
    }
  }, [debouncedOperator, setFilters]);

  const profileNames = [...new Set((profiles ?? []).map((profile) => profile.name))];
  const isFiltered =
    JSON.stringify({ ...filters, text, operator }) !==
    JSON.stringify({ ...EMPTY_FILTERS, kind: filters.kind });

  return (
    <Stack gap="xs" role="search" aria-label={t('history.filters.region')}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <SegmentedControl
          aria-label={t('history.filters.show')}
          data={[
            { value: 'payin', label: t('history.filters.view.payin') },
            { value: 'kyc_batch', label: t('history.filters.view.kyc') },
          ]}
          value={filters.kind}
          // Statuses and words differ between the two: a filter made for one view means nothing in the other.
          onChange={(value) => {
            setText('');
            setFilters({ kind: value as HistoryKind, status: [], text: '' });
          }}
          style={{ flexShrink: 0 }}
        />
        <TextInput
          label={t('history.filters.search')}
          placeholder={searchHint(t, filters.kind, team)}
          description={
            team
              ? t('history.filters.searchHelp.team', { min: ID_PART_MIN })
              : t('history.filters.searchHelp.desk', { min: ID_PART_MIN })
          }
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={64}
          type="search"
          maw="40rem"
          style={{ flexGrow: 1 }}
          data-testid="history-search"
        />
      </Group>
      <Group align="flex-end" gap="xs">
        <StatusFilter
          options={STATUSES[filters.kind].map((status) => ({
            value: status,
            label: statusLabel(t, status),
          }))}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        <DateField
          label={t('history.filters.from')}
          value={filters.from}
          onChange={(from) => setFilters({ from })}
          w="9.5rem"
          data-testid="history-from"
        />
        <DateField
          label={t('history.filters.to')}
          value={filters.to}
          onChange={(to) => setFilters({ to })}
          w="9.5rem"
          data-testid="history-to"
        />
        <Group gap={4} role="group" aria-label={t('history.filters.presets')}>
          {DATE_PRESETS.map((preset) => {
            const from = localDayText(preset.from);
            const to = localDayText(preset.to);
            const active = filters.from === from && filters.to === to;
            return (
              <Button
                key={preset.id}
                size="compact-sm"
                variant={active ? 'filled' : 'default'}
                color={active ? 'indigo.8' : undefined}
                aria-pressed={active}
                onClick={() => setFilters({ from, to })}
                mb={6}
              >
                {t(PRESET_KEYS[preset.id])}
              </Button>
            );
          })}
        </Group>
        {team && (
          <Select
            label={t('history.filters.desk')}
            placeholder={t('history.filters.everyDesk')}
            data={desks.map((desk) => ({ value: desk.deskId, label: desk.deskName || desk.deskId }))}
            value={filters.deskId}
            onChange={(value) => setFilters({ deskId: value })}
            clearable
            searchable
            filter={rankedOptionsFilter}
            selectFirstOptionOnChange
            w="9rem"
            data-testid="history-desk"
          />
        )}
        {!team && (
          <Select
            label={t('history.filters.profile')}
            placeholder={t('history.filters.anyProfile')}
            data={profileNames}
            value={filters.profile}
            onChange={(value) => setFilters({ profile: value })}
            clearable
            searchable
            filter={rankedOptionsFilter}
            selectFirstOptionOnChange
            w="10rem"
          />
        )}
        {!team && readsEveryone && (
          <TextInput
            label={t('history.filters.operator')}
            placeholder={t('history.filters.anyOperator')}
            value={operator}
            onChange={(event) => setOperator(event.currentTarget.value)}
            maxLength={60}
            // Room for the placeholder in Portuguese ("Qualquer operador").
            w="10rem"
            data-testid="history-operator"
          />
        )}
        <Button
          variant="subtle"
          disabled={!isFiltered}
          onClick={() => {
            setText('');
            setOperator('');
            resetFilters();
          }}
        >
          {t('history.filters.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
