// One row of the history list, and the list's header row. A wheel through a long history brings a
// screenful of new rows every frame: a row is plain markup on the classes of history.css (the columns as
// one CSS variable on the table) and renders again only when its own row, place or tab stop changes.
import { type KeyboardEvent, memo } from 'react';
import type { HistoryRow } from '../../../../shared/history';
import { KIND_LABEL } from '../../lib/status-look';
import { localDateTime } from './format';
import { StatusLabel } from './StatusLabel';

export const ROW_HEIGHT = 36;

export const COLUMNS = [
  { id: 'time', label: 'Time (local)', width: '8.9rem' },
  { id: 'kind', label: 'Kind', width: '4rem' },
  { id: 'status', label: 'Status', width: '10.8rem' },
  { id: 'amount', label: 'Amount', width: 'minmax(5.5rem, 0.8fr)', align: 'right' as const },
  { id: 'card', label: 'Card', width: '9.4rem' },
  { id: 'userId', label: 'userId', width: 'minmax(5rem, 1fr)' },
  { id: 'merchantTradeNo', label: 'Order number', width: 'minmax(7rem, 1.7fr)' },
  { id: 'orderId', label: 'orderId', width: 'minmax(6rem, 1.1fr)' },
];

/** Set once on the table: every row lays its cells out on these columns (history.css). */
export const TABLE_VARIABLES = {
  '--history-columns': COLUMNS.map((column) => column.width).join(' '),
  '--history-row-height': `${ROW_HEIGHT}px`,
} as Record<string, string>;

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

function Cells({ row }: { row: HistoryRow }) {
  const time = localDateTime(row.createdAt);
  if (row.kind === 'payin') {
    return (
      <>
        <td className="paydesk-history-cell">{time}</td>
        <td className="paydesk-history-cell">{KIND_LABEL.payin}</td>
        <td className="paydesk-history-cell">
          <StatusLabel status={row.status} />
        </td>
        <td className="paydesk-history-cell" data-align="right" data-mono>
          {row.amount} {row.currency}
        </td>
        <td className="paydesk-history-cell" data-mono>
          {row.maskedPan ?? <Dash />}
        </td>
        <td className="paydesk-history-cell" title={row.userId}>
          {row.userId}
        </td>
        <td className="paydesk-history-cell" data-mono title={row.merchantTradeNo}>
          {row.merchantTradeNo}
        </td>
        <td className="paydesk-history-cell" data-mono title={row.orderId ?? undefined}>
          {row.orderId ?? <Dash />}
        </td>
      </>
    );
  }
  return (
    <>
      <td className="paydesk-history-cell">{time}</td>
      <td className="paydesk-history-cell">{KIND_LABEL.kyc_batch}</td>
      <td className="paydesk-history-cell">
        <StatusLabel status={row.status} />
      </td>
      <td className="paydesk-history-cell" data-align="right">
        {row.counts.total} records
      </td>
      <td className="paydesk-history-cell">
        <Dash />
      </td>
      <td className="paydesk-history-cell">
        <Dash />
      </td>
      <td className="paydesk-history-cell" title={row.fileName}>
        <span className="paydesk-history-note">file </span>
        {row.fileName}
      </td>
      <td className="paydesk-history-cell">
        <Dash />
      </td>
    </>
  );
}

export const HistoryTableRow = memo(function HistoryTableRow({
  row,
  index,
  top,
  active,
  handlers,
}: {
  row: HistoryRow;
  index: number;
  /** Offset from the top of the rows, below the header. */
  top: number;
  active: boolean;
  handlers: RowHandlers;
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      data-index={index}
      data-odd={index % 2 === 1}
      data-testid="history-row"
      tabIndex={active ? 0 : -1}
      className="paydesk-history-grid paydesk-history-row"
      onClick={() => handlers.open(row.id, index)}
      onKeyDown={(event) => handlers.keyDown(event, index, row.id)}
      onFocus={() => handlers.focused(index)}
      style={{ transform: `translateY(${top}px)` }}
    >
      <Cells row={row} />
    </tr>
  );
});

export function HistoryTableHeader() {
  return (
    <thead className="paydesk-history-head">
      <tr aria-rowindex={1} className="paydesk-history-grid paydesk-history-head-row">
        {COLUMNS.map((column) => (
          <th key={column.id} scope="col" className="paydesk-history-cell" data-align={column.align}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
