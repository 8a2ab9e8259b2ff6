// One row of the history list, and the list's header row. A wheel through a long history brings a
// screenful of new rows every frame: a row is plain markup on the classes of history.css (the view's
// columns as one CSS variable on the table) and renders again only when its own row, index, tab stop or
// audit flag changes. A row that fails verification against the audit trail is marked (⚠ in its status,
// a red edge, and the reasons on hover): what it shows may not be what Paydesk recorded. The team view's
// rows add the desk that wrote them and its operator.
import { customerNameOf } from '@shared/customer-fields';
import type { HistoryKind } from '@shared/history';
import { type KeyboardEvent, memo, useEffect, useState } from 'react';
import { localDateTime } from './format';
import { isTeamRow, type ListRow } from './query';
import { StatusLabel } from './StatusLabel';

export const ROW_HEIGHT = 36;

type Column = { id: string; label: string; width: string; align?: 'right' };
/** The list's columns: each view its own, and the team's with the desk and its operator. */
export type ColumnSet = HistoryKind | `team_${HistoryKind}`;
const TIME: Column = { id: 'time', label: 'Time (local)', width: '8.9rem' };
const STATUS: Column = { id: 'status', label: 'Status', width: '10.8rem' };
const DESK: Column = { id: 'desk', label: 'Desk', width: 'minmax(5.5rem, 1fr)' };
const OPERATOR: Column = { id: 'operator', label: 'Operator', width: 'minmax(5rem, 1fr)' };
const PAYIN: Column[] = [
  { id: 'amount', label: 'Amount', width: 'minmax(5.5rem, 0.8fr)', align: 'right' },
  { id: 'card', label: 'Card', width: '9.4rem' },
  { id: 'userId', label: 'userId', width: 'minmax(5rem, 1fr)' },
  { id: 'customer', label: 'Customer', width: 'minmax(6rem, 1.2fr)' },
  { id: 'merchantTradeNo', label: 'Order number', width: 'minmax(7rem, 1.7fr)' },
];
const BATCH: Column[] = [
  { id: 'file', label: 'File', width: 'minmax(8rem, 2fr)' },
  { id: 'records', label: 'Records', width: '5rem', align: 'right' },
  { id: 'accepted', label: 'Accepted', width: '5.5rem', align: 'right' },
  { id: 'notAccepted', label: 'Refused or invalid', width: '8rem', align: 'right' },
];
/**
 * Each view its own columns: a batch has no amount, card or order number, a pay-in no file. The team's
 * put the desk and its operator after the status, and leave out the orderId (in the detail) and a batch's
 * profile (each desk's own) for the room.
 */
const COLUMNS: Record<ColumnSet, Column[]> = {
  payin: [TIME, STATUS, ...PAYIN, { id: 'orderId', label: 'orderId', width: 'minmax(6rem, 1.1fr)' }],
  kyc_batch: [
    TIME,
    STATUS,
    ...BATCH,
    { id: 'profile', label: 'Profile', width: 'minmax(5rem, 1fr)' },
    OPERATOR,
  ],
  team_payin: [TIME, STATUS, DESK, OPERATOR, ...PAYIN],
  team_kyc_batch: [TIME, STATUS, DESK, OPERATOR, ...BATCH],
};

/** Set on the table: every row lays its cells out on the view's columns (history.css). */
export function tableVariables(view: ColumnSet): Record<string, string> {
  return {
    '--history-columns': COLUMNS[view].map((column) => column.width).join(' '),
    '--history-row-height': `${ROW_HEIGHT}px`,
  };
}

/** The rows' handlers, one object for the whole list, so that a row's props stay equal between renders. */
export interface RowHandlers {
  open: (index: number) => void;
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number) => void;
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
function StatusCell({ row, failing }: { row: ListRow; failing: readonly string[] | undefined }) {
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
function RowCopyButton({ label, value, active }: { label: string; value: string; active: boolean }) {
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
      tabIndex={active ? 0 : -1}
      aria-label={`Copy ${label} ${value}`}
      title={copied ? 'Copied' : `Copy ${label}`}
      // Enter and Space press the button; the row's own keys (Enter opens it) stay the row's.
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
      }}
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
 * A copy button inside a row's cell: in the tab order of the active row only (the list is one tab stop,
 * its active row's buttons follow it; Ctrl+C on the row copies the order number), and a click on it
 * copies without opening the row.
 */
function CopyCell({ label, value, active }: { label: string; value: string | null; active: boolean }) {
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
      <RowCopyButton label={label} value={value} active={active} />
    </td>
  );
}

function TextCell({ value }: { value: string }) {
  return (
    <td className="paydesk-history-cell" title={value}>
      {value}
    </td>
  );
}

/** The team view's desk and operator, after the status. */
function DeskCells({ row }: { row: ListRow }) {
  if (!isTeamRow(row)) return null;
  return (
    <>
      <TextCell value={row.deskName || row.deskId} />
      <TextCell value={row.operator} />
    </>
  );
}

function Cells({
  row,
  failing,
  active,
}: {
  row: ListRow;
  failing: readonly string[] | undefined;
  active: boolean;
}) {
  const time = localDateTime(row.createdAt);
  const team = isTeamRow(row);
  if (row.kind === 'payin') {
    return (
      <>
        <td className="paydesk-history-cell">{time}</td>
        <StatusCell row={row} failing={failing} />
        <DeskCells row={row} />
        <td className="paydesk-history-cell" data-align="right" data-mono>
          {row.amount} {row.currency}
        </td>
        <td className="paydesk-history-cell" data-mono>
          {row.maskedPan ?? <Dash />}
        </td>
        <TextCell value={row.userId} />
        <TextCell value={team ? '' : (customerNameOf(row.request) ?? '')} />
        <CopyCell label="order number" value={row.merchantTradeNo} active={active} />
        {!team && <CopyCell label="orderId" value={row.orderId} active={active} />}
      </>
    );
  }
  const { counts } = row;
  return (
    <>
      <td className="paydesk-history-cell">{time}</td>
      <StatusCell row={row} failing={failing} />
      <DeskCells row={row} />
      <TextCell value={row.fileName} />
      <td className="paydesk-history-cell" data-align="right">
        {counts.total}
      </td>
      <td className="paydesk-history-cell" data-align="right">
        {counts.accepted}
      </td>
      <td className="paydesk-history-cell" data-align="right">
        {counts.rejected + counts.invalid}
      </td>
      {!team && (
        <>
          <TextCell value={row.profile} />
          <TextCell value={row.operator} />
        </>
      )}
    </>
  );
}

export const HistoryTableRow = memo(function HistoryTableRow({
  row,
  index,
  active,
  failing,
  handlers,
}: {
  row: ListRow;
  index: number;
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
      onClick={() => handlers.open(index)}
      onKeyDown={(event) => handlers.keyDown(event, index)}
      onFocus={() => handlers.focused(index)}
    >
      <Cells row={row} failing={failing} active={active} />
    </tr>
  );
});

export function HistoryTableHeader({ view }: { view: ColumnSet }) {
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
