// History's list columns, one registry: each column's id, header, width and cell, and each view's
// columns as a list of ids. The header and every row lay out the same list, so a cell and its header
// cannot drift apart; a new column is one entry here and its id in the views that show it.

import { useLocale, useT } from '@renderer/i18n/use-t';
import { reasonTexts } from '@renderer/lib/words-text';
import { customerNameOf } from '@shared/customer-fields';
import type { HistoryKind, KycBatchRow, PayInRow } from '@shared/history';
import { formatDateTime } from '@shared/i18n/format';
import type { MessageKey } from '@shared/i18n/messages';
import type { TeamRow } from '@shared/team-history';
import { type ReactNode, useEffect, useState } from 'react';
import { useAmountText } from './amount-text';
import { isTeamRow, type ListRow, type RowFlag } from './query';
import { StatusLabel } from './StatusLabel';

/** The list's columns: each view its own, and the team's with the desk and its operator. */
export type ColumnSet = HistoryKind | `team_${HistoryKind}`;

type PayInListRow = PayInRow | Extract<TeamRow, { kind: 'payin' }>;
type BatchListRow = KycBatchRow | Extract<TeamRow, { kind: 'kyc_batch' }>;

/** What a cell is drawn from: its row, why the row fails verification (if it does), and the tab stop. */
type CellProps<R> = { row: R; failing: RowFlag | undefined; active: boolean };

/** One column of the list: its header, its share of the row (a CSS grid track) and its cell. */
type ListColumn<R> = {
  /** The header's words, from the catalogue. */
  header: MessageKey;
  width: string;
  align?: 'right';
  Cell: (props: CellProps<R>) => ReactNode;
};

function AmountCell({ amount, currency }: { amount: string; currency: string }) {
  const amountText = useAmountText();
  return (
    <td className="paydesk-history-cell" data-align="right" data-mono>
      {amountText(amount, currency)}
    </td>
  );
}

function Dash() {
  const t = useT();
  return (
    <>
      <span className="paydesk-history-dash" aria-hidden="true">
        —
      </span>
      <span className="paydesk-history-hidden">{t('history.cell.none')}</span>
    </>
  );
}

/** The row's status, and ⚠ when it fails verification. */
function StatusCell({ row, failing }: { row: ListRow; failing: RowFlag | undefined }) {
  const t = useT();
  return (
    <td className="paydesk-history-cell" title={failing && reasonTexts(t, failing).join(' ')}>
      {failing && (
        <span className="paydesk-history-warning" aria-hidden="true">
          ⚠
        </span>
      )}
      <StatusLabel status={row.status} />
      {failing && <span className="paydesk-history-hidden">{t('history.cell.failsVerification')}</span>}
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
  const t = useT();
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
      aria-label={t('history.cell.copy', { what: label, value })}
      title={copied ? t('copy.copied') : t('copy.label', { what: label })}
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

/** The order number's copy button says what it copies in the agent's words. */
function OrderNumberCell({ value, active }: { value: string; active: boolean }) {
  const t = useT();
  return <CopyCell label={t('history.cell.orderNumber')} value={value} active={active} />;
}

/** When the row was written, to the second (reviewers tell rows apart by it), on the desk's clock. */
function TimeCell({ at }: { at: number }) {
  const locale = useLocale();
  return <td className="paydesk-history-cell">{formatDateTime(at, locale, { seconds: true })}</td>;
}

function TextCell({ value }: { value: string }) {
  return (
    <td className="paydesk-history-cell" title={value}>
      {value}
    </td>
  );
}

function RightCell({ value }: { value: number }) {
  return (
    <td className="paydesk-history-cell" data-align="right">
      {value}
    </td>
  );
}

/** A registry of columns for rows `R`, each entry's cell typed by `R`. */
const registry =
  <R,>() =>
  <const T extends Record<string, ListColumn<R>>>(columns: T): Record<keyof T, ListColumn<R>> =>
    columns;

/** Columns every kind of row has. */
const COMMON = registry<ListRow>()({
  time: {
    header: 'history.column.time',
    // The widest form of the desk's languages whole: en's "12/28/2026, 12:58:58 PM" (167 px at 16 px).
    width: '10.6rem',
    Cell: ({ row }) => <TimeCell at={row.createdAt} />,
  },
  status: {
    header: 'history.column.status',
    width: '10.8rem',
    Cell: ({ row, failing }) => <StatusCell row={row} failing={failing} />,
  },
  /** The team view's: the desk that wrote the row. */
  desk: {
    header: 'history.column.desk',
    width: 'minmax(5.5rem, 1fr)',
    Cell: ({ row }) => <TextCell value={isTeamRow(row) ? row.deskName || row.deskId : ''} />,
  },
  operator: {
    header: 'history.column.operator',
    width: 'minmax(5rem, 1fr)',
    Cell: ({ row }) => <TextCell value={row.operator} />,
  },
  profile: {
    header: 'history.column.profile',
    width: 'minmax(5rem, 1fr)',
    Cell: ({ row }) => <TextCell value={row.profile} />,
  },
});

const PAYIN = registry<PayInListRow>()({
  ...COMMON,
  amount: {
    header: 'history.column.amount',
    width: 'minmax(5.5rem, 0.8fr)',
    align: 'right',
    Cell: ({ row }) => <AmountCell amount={row.amount} currency={row.currency} />,
  },
  card: {
    header: 'history.column.card',
    width: '9.4rem',
    Cell: ({ row }) => (
      <td className="paydesk-history-cell" data-mono>
        {row.maskedPan ?? <Dash />}
      </td>
    ),
  },
  userId: {
    header: 'history.column.userId',
    width: 'minmax(5rem, 1fr)',
    Cell: ({ row }) => <TextCell value={row.userId} />,
  },
  /** The team's rows do not carry the customer's name. */
  customer: {
    header: 'history.column.customer',
    width: 'minmax(6rem, 1.2fr)',
    Cell: ({ row }) => <TextCell value={isTeamRow(row) ? '' : (customerNameOf(row.request) ?? '')} />,
  },
  merchantTradeNo: {
    header: 'history.column.orderNumber',
    width: 'minmax(7rem, 1.7fr)',
    Cell: ({ row, active }) => <OrderNumberCell value={row.merchantTradeNo} active={active} />,
  },
  orderId: {
    header: 'history.column.orderId',
    width: 'minmax(6rem, 1.1fr)',
    Cell: ({ row, active }) => <CopyCell label="orderId" value={row.orderId} active={active} />,
  },
});

const BATCH = registry<BatchListRow>()({
  ...COMMON,
  file: {
    header: 'history.column.file',
    width: 'minmax(8rem, 2fr)',
    Cell: ({ row }) => <TextCell value={row.fileName} />,
  },
  records: {
    header: 'history.column.records',
    width: '5rem',
    align: 'right',
    Cell: ({ row }) => <RightCell value={row.counts.total} />,
  },
  accepted: {
    header: 'history.column.accepted',
    width: '5.5rem',
    align: 'right',
    Cell: ({ row }) => <RightCell value={row.counts.accepted} />,
  },
  notAccepted: {
    header: 'history.column.notAccepted',
    width: '8rem',
    align: 'right',
    Cell: ({ row }) => <RightCell value={row.counts.rejected + row.counts.invalid} />,
  },
});

type PayInColumnId = keyof typeof PAYIN;
type BatchColumnId = keyof typeof BATCH;
const PAYIN_SHARED: PayInColumnId[] = ['amount', 'card', 'userId', 'customer', 'merchantTradeNo'];
const BATCH_SHARED: BatchColumnId[] = ['file', 'records', 'accepted', 'notAccepted'];

// Each view its own columns: a batch has no amount, card or order number, a pay-in no file. The team's
// put the desk and its operator after the status, and leave out the orderId (in the detail) and a batch's
// profile (each desk's own) for the room.
const PAYIN_VIEWS: Record<'payin' | 'team_payin', PayInColumnId[]> = {
  payin: ['time', 'status', ...PAYIN_SHARED, 'orderId'],
  team_payin: ['time', 'status', 'desk', 'operator', ...PAYIN_SHARED],
};
const BATCH_VIEWS: Record<'kyc_batch' | 'team_kyc_batch', BatchColumnId[]> = {
  kyc_batch: ['time', 'status', ...BATCH_SHARED, 'profile', 'operator'],
  team_kyc_batch: ['time', 'status', 'desk', 'operator', ...BATCH_SHARED],
};

/** What the header and the grid read of a column. */
type ColumnHead = Pick<ListColumn<never>, 'header' | 'width' | 'align'> & { id: string };

/** A view's columns, in order: what its header shows and its rows lay out. */
export function columnsOf(view: ColumnSet): ColumnHead[] {
  return view === 'payin' || view === 'team_payin'
    ? PAYIN_VIEWS[view].map((id) => ({ id, ...PAYIN[id] }))
    : BATCH_VIEWS[view].map((id) => ({ id, ...BATCH[id] }));
}

/** A row's cells, in its view's order. */
export function RowCells(props: CellProps<ListRow>) {
  const { row } = props;
  if (row.kind === 'payin') {
    return PAYIN_VIEWS[isTeamRow(row) ? 'team_payin' : 'payin'].map((id) => {
      const { Cell } = PAYIN[id];
      return <Cell key={id} {...props} row={row} />;
    });
  }
  return BATCH_VIEWS[isTeamRow(row) ? 'team_kyc_batch' : 'kyc_batch'].map((id) => {
    const { Cell } = BATCH[id];
    return <Cell key={id} {...props} row={row} />;
  });
}
