// The filter bar: search (debounced), status, kind, date range and profile. One filter drives the list,
// the charts and the CSV export alike.
import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { HISTORY_STATUSES, type HistoryKind } from '../../../../shared/history';
import { type HistoryStatus, KIND_LABEL, STATUS_LOOK } from '../../lib/status-look';
import { useSettingsStore } from '../settings/store';
import { EMPTY_FILTERS, useHistoryStore } from './store';

const STATUS_OPTIONS = HISTORY_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LOOK[status].label,
}));
const KIND_OPTIONS = [
  { value: 'payin', label: KIND_LABEL.payin },
  { value: 'kyc_batch', label: KIND_LABEL.kyc_batch },
];

export function HistoryFilters() {
  const filters = useHistoryStore((state) => state.filters);
  const setFilters = useHistoryStore((state) => state.setFilters);
  const resetFilters = useHistoryStore((state) => state.resetFilters);
  const profiles = useSettingsStore((state) => state.view?.settings.profiles);
  const [text, setText] = useState(filters.text);
  const [debounced] = useDebouncedValue(text, 300);

  useEffect(() => {
    if (debounced.trim() !== useHistoryStore.getState().filters.text.trim()) setFilters({ text: debounced });
  }, [debounced, setFilters]);

  const profileNames = [...new Set((profiles ?? []).map((profile) => profile.name))];
  const isFiltered = JSON.stringify({ ...filters, text }) !== JSON.stringify(EMPTY_FILTERS);

  return (
    <Stack gap="xs" role="search" aria-label="Filter the history">
      <TextInput
        label="Search"
        placeholder="Order no., orderId, traceid or userId (start of it), or the card's last 4 digits"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={64}
        type="search"
        maw="40rem"
        data-testid="history-search"
      />
      <Group align="flex-end" gap="xs">
        <MultiSelect
          label="Status"
          placeholder={filters.status.length === 0 ? 'Any status' : undefined}
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => setFilters({ status: value as HistoryStatus[] })}
          clearable
          w="14rem"
          comboboxProps={{ withinPortal: true }}
          data-testid="history-status"
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          data={KIND_OPTIONS}
          value={filters.kind}
          onChange={(value) => setFilters({ kind: (value as HistoryKind | null) ?? null })}
          clearable
          w="8.5rem"
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
        <Select
          label="Profile"
          placeholder="Any profile"
          data={profileNames}
          value={filters.profile}
          onChange={(value) => setFilters({ profile: value })}
          clearable
          searchable
          w="10rem"
        />
        <Button
          variant="subtle"
          disabled={!isFiltered}
          onClick={() => {
            setText('');
            resetFilters();
          }}
        >
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
