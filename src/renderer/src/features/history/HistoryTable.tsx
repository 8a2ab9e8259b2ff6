// The history list: an ARIA table whose rows are virtualized (TanStack Virtual), so thousands of rows
// cost a screenful of DOM. The next page loads as the end comes into view. Keyboard: one row is in the
// tab order (roving tabindex); arrows, Page Up/Down, Home and End move it, Enter opens the detail.
// A row that fails verification against the audit trail is marked (⚠ in its status, a red edge, and the
// reasons on hover): what it shows may not be what Paydesk recorded.
import { Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { HistoryRow } from '../../../../shared/history';
import { KIND_LABEL } from '../../lib/status-look';
import { useFocusWhenRendered } from '../../lib/use-focus-when-rendered';
import { localDateTime } from './format';
import { StatusLabel } from './StatusLabel';
import { useHistoryStore } from './store';

const ROW_HEIGHT = 36;
const COLUMNS = [
  { id: 'time', label: 'Time (local)', width: '8.9rem' },
  { id: 'kind', label: 'Kind', width: '4rem' },
  { id: 'status', label: 'Status', width: '10.8rem' },
  { id: 'amount', label: 'Amount', width: 'minmax(5.5rem, 0.8fr)', align: 'right' as const },
  { id: 'card', label: 'Card', width: '9.4rem' },
  { id: 'userId', label: 'userId', width: 'minmax(5rem, 1fr)' },
  { id: 'merchantTradeNo', label: 'Order number', width: 'minmax(7rem, 1.7fr)' },
  { id: 'orderId', label: 'orderId', width: 'minmax(6rem, 1.1fr)' },
];
const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: COLUMNS.map((column) => column.width).join(' '),
  alignItems: 'center',
  columnGap: 10,
  padding: '0 12px',
};
const CELL: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

function Dash() {
  return (
    <>
      <Text span c="gray.7" aria-hidden="true">
        —
      </Text>
      <VisuallyHidden>none</VisuallyHidden>
    </>
  );
}

/** The row's status, and ⚠ when it fails verification. */
function StatusCell({ row, failing }: { row: HistoryRow; failing: readonly string[] | undefined }) {
  return (
    <td style={CELL} title={failing?.join(' ')}>
      {failing && (
        <Text span c="red.8" fw={700} mr={4} aria-hidden="true">
          ⚠
        </Text>
      )}
      <StatusLabel status={row.status} />
      {failing && <VisuallyHidden>, fails verification against the audit trail</VisuallyHidden>}
    </td>
  );
}

function Cells({ row, failing }: { row: HistoryRow; failing: readonly string[] | undefined }) {
  const time = localDateTime(row.createdAt);
  if (row.kind === 'payin') {
    return (
      <>
        <td style={CELL}>{time}</td>
        <td style={CELL}>{KIND_LABEL.payin}</td>
        <StatusCell row={row} failing={failing} />
        <td style={{ ...CELL, textAlign: 'right', fontFamily: MONO }}>
          {row.amount} {row.currency}
        </td>
        <td style={{ ...CELL, fontFamily: MONO }}>{row.maskedPan ?? <Dash />}</td>
        <td style={CELL} title={row.userId}>
          {row.userId}
        </td>
        <td style={{ ...CELL, fontFamily: MONO }} title={row.merchantTradeNo}>
          {row.merchantTradeNo}
        </td>
        <td style={{ ...CELL, fontFamily: MONO }} title={row.orderId ?? undefined}>
          {row.orderId ?? <Dash />}
        </td>
      </>
    );
  }
  return (
    <>
      <td style={CELL}>{time}</td>
      <td style={CELL}>{KIND_LABEL.kyc_batch}</td>
      <StatusCell row={row} failing={failing} />
      <td style={{ ...CELL, textAlign: 'right' }}>{row.counts.total} records</td>
      <td style={CELL}>
        <Dash />
      </td>
      <td style={CELL}>
        <Dash />
      </td>
      <td style={CELL} title={row.fileName}>
        <Text span size="xs" c="gray.7">
          file{' '}
        </Text>
        {row.fileName}
      </td>
      <td style={CELL}>
        <Dash />
      </td>
    </>
  );
}

export function HistoryTable({ onOpen }: { onOpen: (id: number) => void }) {
  const rows = useHistoryStore((state) => state.rows);
  const flagged = useHistoryStore((state) => state.flagged);
  const nextCursor = useHistoryStore((state) => state.nextCursor);
  const loading = useHistoryStore((state) => state.loading);
  const loadMore = useHistoryStore((state) => state.loadMore);
  const generation = useHistoryStore((state) => state.generation);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // After a key moved the active row, the row takes the focus once the virtualizer has rendered it.
  const focusRow = useFocusWhenRendered(scrollRef, { preventScroll: true });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The sticky header sits above the rows inside the scroll box.
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? (items[items.length - 1]?.index ?? 0) : -1;

  // A new filter starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the trigger, not a value used.
  useEffect(() => {
    setActive(0);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [generation]);

  useEffect(() => {
    if (nextCursor && !loading && lastIndex >= rows.length - 20) void loadMore();
  }, [lastIndex, rows.length, nextCursor, loading, loadMore]);

  const activeIndex = Math.min(active, Math.max(rows.length - 1, 0));

  function move(to: number) {
    const index = Math.max(0, Math.min(rows.length - 1, to));
    setActive(index);
    focusRow.request(`[data-index="${index}"]`);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, id: number) {
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
      onOpen(id);
    }
  }

  const more = nextCursor !== null;
  const margin = virtualizer.options.scrollMargin;
  return (
    <div
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 6,
        fontSize: 13,
      }}
    >
      <div
        ref={scrollRef}
        style={{ height: 'min(52vh, 560px)', minHeight: 220, overflow: 'auto', position: 'relative' }}
      >
        <table
          aria-label="History: pay-ins and KYC batches, newest first"
          aria-rowcount={more ? -1 : rows.length + 1}
          aria-describedby="history-table-help"
          data-testid="history-table"
          style={{ display: 'grid', minWidth: 960, borderCollapse: 'collapse' }}
        >
          <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 1 }}>
            <tr
              aria-rowindex={1}
              style={{
                ...GRID,
                height: ROW_HEIGHT,
                background: 'var(--mantine-color-gray-1)',
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              {COLUMNS.map((column) => (
                <th key={column.id} scope="col" style={{ ...CELL, textAlign: column.align ?? 'left' }}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const failing = flagged.get(row.id);
              return (
                <tr
                  key={row.id}
                  aria-rowindex={item.index + 2}
                  data-index={item.index}
                  data-odd={item.index % 2 === 1}
                  data-testid="history-row"
                  data-audit={failing ? 'failed' : undefined}
                  tabIndex={item.index === activeIndex ? 0 : -1}
                  className="paydesk-history-row"
                  onClick={() => {
                    setActive(item.index);
                    onOpen(row.id);
                  }}
                  onKeyDown={(event) => onKeyDown(event, item.index, row.id)}
                  onFocus={() => {
                    // A row focused by a click or Tab settles it: no earlier key's move takes it away.
                    focusRow.cancel();
                    setActive(item.index);
                  }}
                  style={{
                    ...GRID,
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start - margin}px)`,
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    boxShadow: failing ? 'inset 3px 0 0 var(--mantine-color-red-7)' : undefined,
                    cursor: 'pointer',
                  }}
                >
                  <Cells row={row} failing={failing} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Group
        gap={6}
        px="sm"
        py={4}
        mih={28}
        role="status"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        {loading ? (
          <>
            <Loader size="xs" />
            <Text size="xs">Loading…</Text>
          </>
        ) : (
          <Text size="xs" c="gray.7">
            {rows.length === 0
              ? 'No pay-ins or batches match.'
              : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${more ? ' loaded; more load as you scroll' : ''}`}
          </Text>
        )}
      </Group>
    </div>
  );
}
