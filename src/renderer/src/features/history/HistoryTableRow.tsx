// One row of the history list, and the list's header row, both laid out from one registry of columns
// (history-columns.tsx). A wheel through a long history brings a screenful of new rows every frame: a row
// is plain markup on the classes of history.css (the view's columns as one CSS variable on the table) and
// renders again only when its own row, index, tab stop or audit flag changes. A row that fails verification against the audit trail is marked (⚠ in its status,
// a red edge, and the reasons on hover): what it shows may not be what Paydesk recorded. The team view's
// rows add the desk that wrote them and its operator.

import { useT } from '@renderer/i18n/use-t';
import { type KeyboardEvent, memo } from 'react';
import { type ColumnSet, columnsOf, RowCells } from './history-columns';
import type { ListRow, RowFlag } from './query';

export type { ColumnSet } from './history-columns';

export const ROW_HEIGHT = 36;

/** Set on the table: every row lays its cells out on the view's columns (history.css). */
export function tableVariables(view: ColumnSet): Record<string, string> {
  return {
    '--history-columns': columnsOf(view)
      .map((column) => column.width)
      .join(' '),
    '--history-row-height': `${ROW_HEIGHT}px`,
  };
}

/** The rows' handlers, one object for the whole list, so that a row's props stay equal between renders. */
export interface RowHandlers {
  open: (index: number) => void;
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number) => void;
  focused: (index: number) => void;
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
  failing: RowFlag | undefined;
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
      <RowCells row={row} failing={failing} active={active} />
    </tr>
  );
});

export function HistoryTableHeader({ view }: { view: ColumnSet }) {
  const t = useT();
  return (
    <thead className="paydesk-history-head">
      <tr aria-rowindex={1} className="paydesk-history-grid paydesk-history-head-row">
        {columnsOf(view).map((column) => (
          <th
            key={column.id}
            scope="col"
            className="paydesk-history-cell"
            data-align={column.align}
            data-column={column.id}
          >
            {t(column.header)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
