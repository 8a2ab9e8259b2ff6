// The history list: an ARIA table whose rows are virtualized (TanStack Virtual), so thousands of rows
// cost a screenful of DOM. The next page loads as the end comes into view. Keyboard: one row is in the
// tab order (roving tabindex); arrows, Page Up/Down, Home and End move it, Enter opens the detail.
// A row that fails verification against the audit trail is marked (⚠ in its status, a red edge, and the
// reasons on hover): what it shows may not be what Paydesk recorded.
import { ActionIcon, CopyButton, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { HistoryKind, HistoryRow } from '../../../../shared/history';
import { CheckIcon, CopyIcon } from '../../lib/icons';
import { useFocusWhenRendered } from '../../lib/use-focus-when-rendered';
import { localDateTime } from './format';
import { StatusLabel } from './StatusLabel';
import { useHistoryStore } from './store';

const ROW_HEIGHT = 36;
type Column = { id: string; label: string; width: string; align?: 'right' };
/** Each view its own columns: a batch has no amount, card or order number, a pay-in no file. */
const COLUMNS: Record<HistoryKind, Column[]> = {
  payin: [
    { id: 'time', label: 'Time (local)', width: '8.9rem' },
    { id: 'status', label: 'Status', width: '10.8rem' },
    { id: 'amount', label: 'Amount', width: 'minmax(5.5rem, 0.8fr)', align: 'right' },
    { id: 'card', label: 'Card', width: '9.4rem' },
    { id: 'userId', label: 'userId', width: 'minmax(5rem, 1fr)' },
    { id: 'merchantTradeNo', label: 'Order number', width: 'minmax(7rem, 1.7fr)' },
    { id: 'orderId', label: 'orderId', width: 'minmax(6rem, 1.1fr)' },
  ],
  kyc_batch: [
    { id: 'time', label: 'Time (local)', width: '8.9rem' },
    { id: 'status', label: 'Status', width: '10.8rem' },
    { id: 'file', label: 'File', width: 'minmax(8rem, 2fr)' },
    { id: 'records', label: 'Records', width: '5rem', align: 'right' },
    { id: 'accepted', label: 'Accepted', width: '5.5rem', align: 'right' },
    { id: 'notAccepted', label: 'Refused or invalid', width: '8rem', align: 'right' },
    { id: 'profile', label: 'Profile', width: 'minmax(5rem, 1fr)' },
    { id: 'operator', label: 'Operator', width: 'minmax(5rem, 1fr)' },
  ],
};
const TABLE_LABEL: Record<HistoryKind, string> = {
  payin: 'Pay-ins, newest first',
  kyc_batch: 'KYC batches, newest first',
};
const NONE_MATCH: Record<HistoryKind, string> = {
  payin: 'No pay-ins match.',
  kyc_batch: 'No KYC batches match.',
};
const gridOf = (columns: Column[]): CSSProperties => ({
  display: 'grid',
  gridTemplateColumns: columns.map((column) => column.width).join(' '),
  alignItems: 'center',
  columnGap: 10,
  padding: '0 12px',
});
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

/**
 * A copy button inside a row's cell: out of the tab order (the row is one tab stop; Ctrl+C on it copies
 * the order number), and a click on it copies without opening the row.
 */
function CopyInRow({ label, value }: { label: string; value: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <ActionIcon
          size="sm"
          variant="subtle"
          color={copied ? 'green' : 'gray'}
          tabIndex={-1}
          aria-label={`Copy ${label} ${value}`}
          title={copied ? 'Copied' : `Copy ${label}`}
          onClick={(event) => {
            event.stopPropagation();
            copy();
          }}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </ActionIcon>
      )}
    </CopyButton>
  );
}

const COPY_CELL: CSSProperties = { display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 };

function CopyCell({ label, value }: { label: string; value: string | null }) {
  if (!value) {
    return (
      <td style={CELL}>
        <Dash />
      </td>
    );
  }
  return (
    <td style={COPY_CELL} title={value}>
      <span style={{ ...CELL, fontFamily: MONO }}>{value}</span>
      <CopyInRow label={label} value={value} />
    </td>
  );
}

function Cells({ row, failing }: { row: HistoryRow; failing: readonly string[] | undefined }) {
  const time = localDateTime(row.createdAt);
  if (row.kind === 'payin') {
    return (
      <>
        <td style={CELL}>{time}</td>
        <StatusCell row={row} failing={failing} />
        <td style={{ ...CELL, textAlign: 'right', fontFamily: MONO }}>
          {row.amount} {row.currency}
        </td>
        <td style={{ ...CELL, fontFamily: MONO }}>{row.maskedPan ?? <Dash />}</td>
        <td style={CELL} title={row.userId}>
          {row.userId}
        </td>
        <CopyCell label="order number" value={row.merchantTradeNo} />
        <CopyCell label="orderId" value={row.orderId} />
      </>
    );
  }
  const { counts } = row;
  return (
    <>
      <td style={CELL}>{time}</td>
      <StatusCell row={row} failing={failing} />
      <td style={CELL} title={row.fileName}>
        {row.fileName}
      </td>
      <td style={{ ...CELL, textAlign: 'right' }}>{counts.total}</td>
      <td style={{ ...CELL, textAlign: 'right' }}>{counts.accepted}</td>
      <td style={{ ...CELL, textAlign: 'right' }}>{counts.rejected + counts.invalid}</td>
      <td style={CELL} title={row.profile}>
        {row.profile}
      </td>
      <td style={CELL} title={row.operator}>
        {row.operator}
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
  const view = useHistoryStore((state) => state.filters.kind);
  const columns = COLUMNS[view];
  const grid = gridOf(columns);
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
    } else if (event.key === 'c' && (event.ctrlKey || event.metaKey)) {
      const row = rows[index];
      if (row?.kind === 'payin') {
        event.preventDefault();
        void navigator.clipboard.writeText(row.merchantTradeNo);
      }
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
          aria-label={TABLE_LABEL[view]}
          aria-rowcount={more ? -1 : rows.length + 1}
          aria-describedby="history-table-help"
          data-testid="history-table"
          style={{ display: 'grid', minWidth: 960, borderCollapse: 'collapse' }}
        >
          <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 1 }}>
            <tr
              aria-rowindex={1}
              style={{
                ...grid,
                height: ROW_HEIGHT,
                background: 'var(--mantine-color-gray-1)',
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              {columns.map((column) => (
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
                    ...grid,
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
              ? NONE_MATCH[view]
              : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${more ? ' loaded; more load as you scroll' : ''}`}
          </Text>
        )}
      </Group>
    </div>
  );
}
