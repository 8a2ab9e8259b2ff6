// History's Status filter: several statuses, found by typing. The text typed filters the statuses with the
// house's ranking (lib/search-rank.ts: "re" gives Refused before Action required) and Enter takes the best
// match. Enter with nothing typed takes nothing unless the arrow keys chose an option: it used to take the
// list's first status, Pending, whatever the agent meant.
import { MultiSelect } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { rankedOptionsFilter } from '@renderer/lib/search-rank';
import type { HistoryStatus } from '@renderer/lib/status-look';
import { type KeyboardEvent, useRef, useState } from 'react';

export function StatusFilter({
  options,
  value,
  onChange,
}: {
  options: { value: string; label: string }[];
  value: HistoryStatus[];
  onChange: (value: HistoryStatus[]) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  /** An arrow key chose an option since the text last changed: Enter takes that one. */
  const navigated = useRef(false);
  const typed = search.trim() !== '';

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') navigated.current = true;
    // Mantine's own handling is skipped: nothing typed, nothing chosen, nothing taken.
    else if (event.key === 'Enter' && !typed && !navigated.current) event.preventDefault();
  }

  return (
    <MultiSelect
      label={t('history.filters.status')}
      placeholder={value.length === 0 ? t('history.filters.anyStatus') : undefined}
      data={options}
      value={value}
      onChange={(next) => {
        navigated.current = false;
        onChange(next as HistoryStatus[]);
      }}
      searchable
      searchValue={search}
      onSearchChange={(next) => {
        navigated.current = false;
        setSearch(next);
      }}
      filter={rankedOptionsFilter}
      // The best match is the one Enter takes, once something is typed.
      selectFirstOptionOnChange={typed}
      onKeyDown={onKeyDown}
      clearable
      w="14rem"
      comboboxProps={{ withinPortal: true }}
      data-testid="history-status"
    />
  );
}
