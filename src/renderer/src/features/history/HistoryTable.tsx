// The history list: an ARIA table whose rows are virtualized (TanStack Virtual), so thousands of rows
// cost a screenful of DOM. The next page loads while a page of rows is still ahead. Keyboard: one row is
// in the tab order (roving tabindex); arrows, Page Up/Down, Home and End move it, Enter opens the detail.
// Rows are HistoryTableRow, memoized: scrolling renders the rows that come into view, not all of them.
// Ctrl+C on a pay-in row copies its order number. The team view's rows add their desk and operator.
import { Loader, Text } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { GridFooter } from '@renderer/lib/GridFooter';
import { paddingAboveRows } from '@renderer/lib/rows-in-flow';
import { useFocusWhenRendered } from '@renderer/lib/use-focus-when-rendered';
import type { HistoryKind } from '@shared/history';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ColumnSet,
  HistoryTableHeader,
  HistoryTableRow,
  ROW_HEIGHT,
  type RowHandlers,
  tableVariables,
} from './HistoryTableRow';
import { NothingFound } from './NothingFound';
import { type ListRow, rowKey } from './query';
import { useHistoryStore } from './store';

/** Rows still ahead of the last one rendered when the next page is asked for. */
const LOAD_AHEAD = 100;
function tableLabel(t: Translate, kind: HistoryKind, team: boolean): string {
  const label = t(`history.table.label.${kind}`);
  return team ? t('history.table.team', { label }) : label;
}

export function HistoryTable({ onOpen }: { onOpen: (row: ListRow) => void }) {
  const t = useT();
  const rows = useHistoryStore((state) => state.rows);
  const filters = useHistoryStore((state) => state.filters);
  const error = useHistoryStore((state) => state.error);
  const flagged = useHistoryStore((state) => state.flagged);
  const view = useHistoryStore((state) => state.filters.kind);
  const source = useHistoryStore((state) => state.source);
  const unavailable = useHistoryStore((state) => state.source === 'team' && state.teamProblem !== undefined);
  const columns: ColumnSet = source === 'team' ? `team_${view}` : view;
  const nextCursor = useHistoryStore((state) => state.nextCursor);
  const loading = useHistoryStore((state) => state.loading);
  const loadMore = useHistoryStore((state) => state.loadMore);
  const restarts = useHistoryStore((state) => state.restarts);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // After a key moved the active row, the row takes the focus once the virtualizer has rendered it.
  const focusRow = useFocusWhenRendered(scrollRef, { preventScroll: true });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // The sticky header sits above the rows inside the scroll box.
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? (items[items.length - 1]?.index ?? 0) : -1;

  // A new filter starts at the top; a refresh keeps the place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts is the trigger, not a value used.
  useEffect(() => {
    setActive(0);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [restarts]);

  // The next page is asked for while a page's worth of rows is still ahead, so that a steady wheel meets
  // rows, not the end of the list.
  useEffect(() => {
    if (nextCursor && !loading && lastIndex >= rows.length - LOAD_AHEAD) void loadMore();
  }, [lastIndex, rows.length, nextCursor, loading, loadMore]);

  const activeIndex = Math.min(active, Math.max(rows.length - 1, 0));

  function move(to: number) {
    const index = Math.max(0, Math.min(rows.length - 1, to));
    setActive(index);
    focusRow.request(`[data-index="${index}"]`);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 360) / ROW_HEIGHT) - 2);
    const targets: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: rows.length - 1,
    };
    const target = targets[event.key];
    if (target !== undefined) {
      event.preventDefault();
      move(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const row = rows[index];
      if (row) onOpen(row);
    } else if (event.key === 'c' && (event.ctrlKey || event.metaKey)) {
      const row = rows[index];
      if (row?.kind === 'payin') {
        event.preventDefault();
        void navigator.clipboard.writeText(row.merchantTradeNo);
      }
    }
  }

  // The rows' handlers read the latest render's functions through a ref: one object for every row.
  const latest = useRef({ rows, onKeyDown, onOpen, setActive, cancelFocus: focusRow.cancel });
  latest.current = { rows, onKeyDown, onOpen, setActive, cancelFocus: focusRow.cancel };
  const handlers = useMemo<RowHandlers>(
    () => ({
      open(index) {
        latest.current.setActive(index);
        const row = latest.current.rows[index];
        if (row) latest.current.onOpen(row);
      },
      keyDown: (event, index) => latest.current.onKeyDown(event, index),
      focused(index) {
        // A row focused by a click or Tab settles it: no earlier key's move takes it away.
        latest.current.cancelFocus();
        latest.current.setActive(index);
      },
    }),
    [],
  );

  const more = nextCursor !== null;
  const margin = virtualizer.options.scrollMargin;
  const activeShown = items.some((item) => item.index === activeIndex && rows[item.index] !== undefined);
  const nothingFound = !loading && !unavailable && error === undefined && rows.length === 0;
  return (
    <div
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 6,
        fontSize: 13,
      }}
    >
      {nothingFound && <NothingFound filters={filters} source={source} />}
      <div
        ref={scrollRef}
        data-testid="history-scroll"
        // The rows are the tab stops; with none in view (an empty list) the box itself is one, so that it
        // still scrolls by keyboard (axe: scrollable-region-focusable).
        {...(!activeShown && { tabIndex: 0, role: 'group', 'aria-label': tableLabel(t, view, false) })}
        // A wheel that reaches the rows loaded so far waits there for the next page rather than scroll the
        // page under the pointer (which then lands on the charts).
        style={{
          height: 'min(52vh, 560px)',
          minHeight: 220,
          overflow: 'auto',
          overscrollBehavior: 'contain',
          position: 'relative',
        }}
      >
        <table
          aria-label={tableLabel(t, view, source === 'team')}
          aria-rowcount={more ? -1 : rows.length + 1}
          aria-describedby="history-table-help"
          data-testid="history-table"
          style={{ ...tableVariables(columns), display: 'grid', minWidth: 960, borderCollapse: 'collapse' }}
        >
          <HistoryTableHeader view={columns} />
          <tbody
            className="paydesk-history-rows"
            style={{ height: virtualizer.getTotalSize(), paddingTop: paddingAboveRows(items, margin) }}
          >
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <HistoryTableRow
                  key={rowKey(row)}
                  row={row}
                  index={item.index}
                  active={item.index === activeIndex}
                  failing={source === 'desk' ? flagged.get(row.id) : undefined}
                  handlers={handlers}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      <GridFooter mih={28} role="status">
        {loading ? (
          <>
            <Loader size="xs" />
            <Text size="xs">{t('history.table.loading')}</Text>
          </>
        ) : (
          <Text size="xs" c="gray.7">
            {unavailable
              ? t('history.table.unavailable')
              : more
                ? t('history.table.rowsMore', { count: rows.length })
                : t('history.table.rows', { count: rows.length })}
          </Text>
        )}
      </GridFooter>
    </div>
  );
}
