// A select for the pay-in form, the page an agent opens first: an ARIA combobox (the input keeps the focus,
// the arrow keys move through a listbox by aria-activedescendant) whose options are filtered by what is
// typed. Mantine's Select does the same on the other pages, but brings its Combobox, Popover and the
// floating-ui positioning library (about 90 kB of the start's JavaScript); this list opens right under
// (or, near the window's bottom, right over) its input, which is all a form in a scrolling page needs.
// It also keeps nothing between openings (Mantine's Popover once leaked a render per opening:
// docs/BENCHMARKS.md, "Working day").
import { Input } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useT } from '@renderer/i18n/use-t';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { CheckIcon, ChevronIcon } from './icons';
import { rankGroups } from './search-rank';
import './search-select.css';

interface SelectOption {
  value: string;
  label: string;
  /** Other words the option is found by (not shown): a country's English name, "UK", "USA". */
  keywords?: readonly string[];
}

interface SelectGroup {
  group: string;
  items: readonly SelectOption[];
}

type SelectData = readonly (SelectOption | SelectGroup)[];

interface SearchSelectProps {
  label: string;
  data: SelectData;
  value: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  /**
   * Typing filters the options (a part of the label anywhere, any case or accent), best match first;
   * otherwise the input is read-only.
   */
  searchable?: boolean;
  description?: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
  /** At most this many matches are listed for what is typed (the best ones). */
  limit?: number;
  nothingFoundMessage?: string;
  maxDropdownHeight?: number;
  w?: string;
  'data-testid'?: string;
}

interface Row {
  option: SelectOption;
  group: string | undefined;
}

function rowsOf(data: SelectData): Row[] {
  return data.flatMap((entry): Row[] =>
    'group' in entry
      ? entry.items.map((option) => ({ option, group: entry.group }))
      : [{ option: entry, group: undefined }],
  );
}

const entryItems = (entry: SelectOption | SelectGroup): readonly SelectOption[] =>
  'group' in entry ? entry.items : [entry];

/**
 * The rows to list: every one before anything is typed (the chosen one among them), else the first `limit`
 * matches, best first (lib/search-rank.ts: an exact code, then names that begin with the text, then word
 * starts, then the rest), a group's rows staying together under its heading.
 */
function matchingRows(
  data: SelectData,
  rows: readonly Row[],
  search: string | undefined,
  limit: number,
): readonly Row[] {
  if (!search?.trim()) return rows;
  return rankGroups(data, search, entryItems, (option) =>
    option.keywords ? [option.label, ...option.keywords] : option.label,
  )
    .flatMap(({ group, items }) =>
      items.map((option) => ({ option, group: 'group' in group ? group.group : undefined })),
    )
    .slice(0, limit);
}

const GAP_PX = 4;

export function SearchSelect({
  label,
  data,
  value,
  onChange,
  onBlur,
  ref,
  searchable = false,
  description,
  error,
  required,
  placeholder,
  limit = Number.POSITIVE_INFINITY,
  nothingFoundMessage,
  maxDropdownHeight = 250,
  w,
  'data-testid': testId,
}: SearchSelectProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const rows = useMemo(() => rowsOf(data), [data]);
  const chosen = rows.find((row) => row.option.value === value)?.option;
  const [open, setOpen] = useState(false);
  // What the agent typed since the list opened; undefined lists every option.
  const [search, setSearch] = useState<string>();
  const [active, setActive] = useState(-1);
  const [above, setAbove] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const inputRefs = useMergedRef(inputRef, ref);
  const shown = open ? matchingRows(data, rows, search, limit) : [];

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  /**
   * Opens the list, or refilters it for `typed`. The first match is active, so Enter takes it; with nothing
   * typed (the text deleted) none is, so that Enter cannot take the first country in the list by accident.
   */
  function openList(typed?: string) {
    const input = inputRef.current;
    if (!open && input) {
      const box = input.getBoundingClientRect();
      const below = window.innerHeight - box.bottom;
      setAbove(below < maxDropdownHeight && box.top > below);
    }
    setSearch(typed);
    const list = matchingRows(data, rows, typed, limit);
    const chosenAt = list.findIndex((row) => row.option.value === value);
    if (typed === undefined) setActive(Math.max(chosenAt, 0));
    else setActive(typed.trim() === '' || list.length === 0 ? -1 : 0);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setSearch(undefined);
    setActive(-1);
  }

  /** Takes the row (none: the value stays as it was) and closes the list. */
  function choose(row: Row | undefined) {
    close();
    if (row && row.option.value !== value) onChange(row.option.value);
  }

  function move(step: number) {
    if (!open) return openList();
    if (shown.length === 0) return;
    const last = shown.length - 1;
    setActive((at) => (at < 0 ? (step > 0 ? 0 : last) : (at + step + shown.length) % shown.length));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        return move(1);
      case 'ArrowUp':
        event.preventDefault();
        return move(-1);
      case 'Enter':
        // Closed, Enter is the form's (it sends); open, it takes the option shown as active.
        if (!open) return;
        event.preventDefault();
        return choose(shown[active]);
      case ' ':
        if (searchable && open) return;
        event.preventDefault();
        return open ? choose(shown[active]) : openList();
      case 'Escape':
        if (!open) return;
        // Only the list closes, not a dialog around it.
        event.preventDefault();
        event.stopPropagation();
        return close();
    }
  }

  const option = (row: Row, index: number) => (
    // The options take neither the focus nor keys: the input keeps both (aria-activedescendant).
    // biome-ignore lint/a11y/useFocusableInteractive: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      key={row.option.value}
      id={`${id}-${index}`}
      role="option"
      aria-selected={index === active}
      data-checked={row.option.value === value || undefined}
      className="search-select-option"
      onMouseMove={() => index !== active && setActive(index)}
      onClick={() => choose(row)}
    >
      <span className="search-select-check">{row.option.value === value && <CheckIcon />}</span>
      {row.option.label}
    </div>
  );
  // Options of one group (in a row) under its heading, as an ARIA group named by it.
  const listed: ReactNode[] = [];
  for (let index = 0; index < shown.length; ) {
    const group = shown[index]!.group;
    if (group === undefined) {
      listed.push(option(shown[index]!, index));
      index++;
      continue;
    }
    const members: ReactNode[] = [];
    for (; index < shown.length && shown[index]!.group === group; index++)
      members.push(option(shown[index]!, index));
    const headingId = `${id}-group-${listed.length}`;
    listed.push(
      // A listbox may hold options and groups of them, not a fieldset.
      // biome-ignore lint/a11y/useSemanticElements: see above
      <div key={headingId} role="group" aria-labelledby={headingId}>
        <div id={headingId} className="search-select-group">
          {group}
        </div>
        {members}
      </div>,
    );
  }

  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} required={required} w={w}>
      <div className="search-select">
        <Input
          id={id}
          ref={inputRefs}
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-autocomplete={searchable ? 'list' : 'none'}
          aria-controls={open && shown.length > 0 ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? `${id}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          readOnly={!searchable}
          pointer={!searchable}
          required={required}
          error={error}
          placeholder={placeholder}
          value={search ?? chosen?.label ?? ''}
          onChange={(event) => openList(event.currentTarget.value)}
          // A click into text being typed only moves the caret.
          onClick={() => {
            if (!open) openList();
            else if (!searchable) close();
          }}
          onFocus={(event) => searchable && event.currentTarget.select()}
          onBlur={() => {
            close();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          rightSection={<ChevronIcon />}
          rightSectionPointerEvents="none"
          data-testid={testId}
        />
        {open && (
          // Its mousedown only keeps the focus in the input (and so the list open) while the list is clicked.
          // biome-ignore lint/a11y/noStaticElementInteractions: see above
          <div
            className="search-select-dropdown"
            onMouseDown={(event) => event.preventDefault()}
            data-above={above || undefined}
            style={{ maxHeight: maxDropdownHeight, [above ? 'bottom' : 'top']: `calc(100% + ${GAP_PX}px)` }}
          >
            {shown.length > 0 ? (
              <div id={listId} role="listbox" aria-labelledby={`${id}-label`}>
                {listed}
              </div>
            ) : (
              <div className="search-select-empty">{nothingFoundMessage ?? t('common.nothingFound')}</div>
            )}
          </div>
        )}
      </div>
    </Input.Wrapper>
  );
}
