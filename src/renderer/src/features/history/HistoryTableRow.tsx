// One row of the history list, and the list's header row. A wheel through a long history brings a
// screenful of new rows every frame: a row is plain markup on the classes of history.css (the view's
// columns as one CSS variable on the table) and renders again only when its own row, place, tab stop or
// audit flag changes. A row that fails verification against the audit trail is marked (⚠ in its status,
// a red edge, and the reasons on hover): what it shows may not be what Paydesk recorded.
import type { HistoryKind, HistoryRow } from '@shared/history';
import { type KeyboardEvent, memo, useEffect, useState } from 'react';
import { localDateTime } from './format';
import { StatusLabel } from './StatusLabel';

export const ROW_HEIGHT = 36;

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

/** Set on the table: every row lays its cells out on the view's columns (history.css). */
export function tableVariables(view: HistoryKind): Record<string, string> {
  return {
    '--history-columns': COLUMNS[view].map((column) => column.width).join(' '),
    '--history-row-height': `${ROW_HEIGHT}px`,
  };
}

/** The rows' handlers, one object for the whole list, so that a row's props stay equal between renders. */
export interface RowHandlers {
  open: (id: number, index: number) => void;
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number, id: number) => void;
  focused: (index: number) => void;
}

function Dash() {
  return (
    <>
      <span className="paydesk-history-dash" aria-hidden="true">
        —
      </span>
      <span className="paydesk-history-hidden">none</span>
    </>
  );
}

/** The row's status, and ⚠ when it fails verification. */
function StatusCell({ row, failing }: { row: HistoryRow; failing: readonly string[] | undefined }) {
  return (
    <td className="paydesk-history-cell" title={failing?.join(' ')}>
      {failing && (
        <span className="paydesk-history-warning" aria-hidden="true">
          ⚠
        </span>
      )}
      <StatusLabel status={row.status} />
      {failing && (
        <span className="paydesk-history-hidden">, fails verification against the audit trail</span>
      )}
    </td>
  );
}

/** How long a copy button shows its tick, as Mantine's CopyButton did. */
const COPIED_MS = 1_000;

/**
 * A plain button, not Mantine's CopyButton and ActionIcon: a long wheel mounts two of them in each of a
 * screenful of new rows every frame, and Mantine's were the rows' costliest part (bench:ui --profile).
 * The look is ActionIcon's subtle one, in history.css, and its icon a CSS mask rather than an inline SVG
 * (three elements fewer in each of two cells of every row).
 */
function RowCopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="paydesk-history-copy"
      data-copied={copied}
      tabIndex={-1}
      aria-label={`Copy ${label} ${value}`}
      title={copied ? 'Copied' : `Copy ${label}`}
      onClick={(event) => {
        event.stopPropagation();
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    />
  );
}

/**
 * A copy button inside a row's cell: out of the tab order (the row is one tab stop; Ctrl+C on it copies
 * the order number), and a click on it copies without opening the row.
 */
function CopyCell({ label, value }: { label: string; value: string | null }) {
  if (!value) {
    return (
      <td className="paydesk-history-cell">
        <Dash />
      </td>
    );
  }
  return (
    <td className="paydesk-history-copy-cell" title={value}>
      <span className="paydesk-history-cell" data-mono>
        {value}
      </span>
      <RowCopyButton label={label} value={value} />
    </td>
  );
}

function Cells({ row, failing }: { row: HistoryRow; failing: readonly string[] | undefined }) {
  const time = localDateTime(row.createdAt);
  if (row.kind === 'payin') {
    return (
      <>
        <td className="paydesk-history-cell">{time}</td>
        <StatusCell row={row} failing={failing} />
        <td className="paydesk-history-cell" data-align="right" data-mono>
          {row.amount} {row.currency}
        </td>
        <td className="paydesk-history-cell" data-mono>
          {row.maskedPan ?? <Dash />}
        </td>
        <td className="paydesk-history-cell" title={row.userId}>
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
      <td className="paydesk-history-cell">{time}</td>
      <StatusCell row={row} failing={failing} />
      <td className="paydesk-history-cell" title={row.fileName}>
        {row.fileName}
      </td>
      <td className="paydesk-history-cell" data-align="right">
        {counts.total}
      </td>
      <td className="paydesk-history-cell" data-align="right">
        {counts.accepted}
      </td>
      <td className="paydesk-history-cell" data-align="right">
        {counts.rejected + counts.invalid}
      </td>
      <td className="paydesk-history-cell" title={row.profile}>
        {row.profile}
      </td>
      <td className="paydesk-history-cell" title={row.operator}>
        {row.operator}
      </td>
    </>
  );
}

export const HistoryTableRow = memo(function HistoryTableRow({
  row,
  index,
  top,
  active,
  failing,
  handlers,
}: {
  row: HistoryRow;
  index: number;
  /** Offset from the top of the rows, below the header. */
  top: number;
  active: boolean;
  /** Why the row fails verification against the audit trail, when it does. */
  failing: readonly string[] | undefined;
  handlers: RowHandlers;
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      data-index={index}
      data-odd={index % 2 === 1}
      data-testid="history-row"
      data-audit={failing ? 'failed' : undefined}
      tabIndex={active ? 0 : -1}
      className="paydesk-history-grid paydesk-history-row"
      onClick={() => handlers.open(row.id, index)}
      onKeyDown={(event) => handlers.keyDown(event, index, row.id)}
      onFocus={() => handlers.focused(index)}
      // Placed by `top`, not a transform: with a transform, styling a screenful of new rows cost about
      // eight times as much in Chromium (a fast wheel brings one every frame).
      style={{ top }}
    >
      <Cells row={row} failing={failing} />
    </tr>
  );
});

export function HistoryTableHeader({ view }: { view: HistoryKind }) {
  return (
    <thead className="paydesk-history-head">
      <tr aria-rowindex={1} className="paydesk-history-grid paydesk-history-head-row">
        {COLUMNS[view].map((column) => (
          <th key={column.id} scope="col" className="paydesk-history-cell" data-align={column.align}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
