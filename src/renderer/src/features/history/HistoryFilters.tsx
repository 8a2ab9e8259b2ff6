// The filter bar: the view (pay-ins or KYC batches), search (debounced), status, date range with presets
// and profile. One filter drives the list, the totals, the charts and the CSV export alike. The team view
// has a desk instead of the profile (each desk has its own) and searches identifiers, amounts and cards
// only, not names or words (team-history.ts).
import { Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { rankedOptionsFilter } from '@renderer/lib/search-rank';
import { useCan } from '@renderer/lib/session-store';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { type HistoryStatus, STATUS_LOOK } from '@renderer/lib/status-look';
import { useTeamDesks } from '@renderer/lib/team/use-team-reads';
import { type HistoryKind, ID_PART_MIN, KYC_BATCH_STATUSES } from '@shared/history';
import { PAYIN_STATUSES } from '@shared/payin-lifecycle';
import { useEffect, useState } from 'react';
import { DATE_PRESETS, localDayText } from './format';
import { EMPTY_FILTERS } from './query';
import { StatusFilter } from './StatusFilter';
import { useHistoryStore } from './store';

const statusOptions = (statuses: readonly HistoryStatus[]) =>
  statuses.map((status) => ({ value: status, label: STATUS_LOOK[status].label }));
const STATUS_OPTIONS: Record<HistoryKind, { value: string; label: string }[]> = {
  payin: statusOptions(PAYIN_STATUSES),
  kyc_batch: statusOptions(KYC_BATCH_STATUSES),
};
const VIEW_OPTIONS = [
  { value: 'payin', label: 'Pay-ins' },
  { value: 'kyc_batch', label: 'KYC batches' },
];
const SEARCH_HINT: Record<HistoryKind, string> = {
  payin:
    'Name, e-mail, amount, card (424242******4242 or last 4), decline reason, order no., orderId, userId',
  kyc_batch: 'A word of the file name',
};
const TEAM_SEARCH_HINT =
  'Order no., orderId, userId (any part), traceid; amount; card (424242******4242 or last 4)';

export function HistoryFilters() {
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
    <Stack gap="xs" role="search" aria-label="Filter the history">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <SegmentedControl
          aria-label="Show"
          data={VIEW_OPTIONS}
          value={filters.kind}
          // Statuses and words differ between the two: a filter made for one view means nothing in the other.
          onChange={(value) => {
            setText('');
            setFilters({ kind: value as HistoryKind, status: [], text: '' });
          }}
          style={{ flexShrink: 0 }}
        />
        <TextInput
          label="Search"
          placeholder={team ? TEAM_SEARCH_HINT : SEARCH_HINT[filters.kind]}
          description={
            team
              ? `Ids match by any part of ${ID_PART_MIN}+ characters, in any case; amounts and cards: “12.50”, “4242”`
              : `Ids match by any part of ${ID_PART_MIN}+ characters, in any case; names by their start: “kow” finds Kowalska`
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
          options={STATUS_OPTIONS[filters.kind]}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => setFilters({ from: event.currentTarget.value })}
          w="9.5rem"
        />
        <TextInput
          label="To (inclusive)"
          type="date"
          value={filters.to}
          onChange={(event) => setFilters({ to: event.currentTarget.value })}
          w="9.5rem"
        />
        <Group gap={4} role="group" aria-label="Date presets">
          {DATE_PRESETS.map((preset) => {
            const from = localDayText(preset.from);
            const to = localDayText(preset.to);
            const active = filters.from === from && filters.to === to;
            return (
              <Button
                key={preset.label}
                size="compact-sm"
                variant={active ? 'filled' : 'default'}
                color={active ? 'indigo.8' : undefined}
                aria-pressed={active}
                onClick={() => setFilters({ from, to })}
                mb={6}
              >
                {preset.label}
              </Button>
            );
          })}
        </Group>
        {team && (
          <Select
            label="Desk"
            placeholder="Every desk"
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
            label="Profile"
            placeholder="Any profile"
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
            label="Operator"
            placeholder="Any operator"
            value={operator}
            onChange={(event) => setOperator(event.currentTarget.value)}
            maxLength={60}
            w="9rem"
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
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
