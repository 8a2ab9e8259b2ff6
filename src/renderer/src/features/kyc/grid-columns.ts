// The grid's columns: the row number, the row's state and its userId (pinned to the left), then one column
// per other KYC field in the wire schema's order. Widths are in pixels so that rows line up without measuring.
import type { Translate } from '@shared/i18n/messages';
import type { KycField, KycRowView } from '@shared/kyc-batch';
import { KYC_FIELDS } from './kyc-fields';

export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 34;

export interface GridColumn {
  id: 'row' | 'state' | KycField;
  field: KycField | undefined;
  width: number;
  /** Left offset of a pinned column. */
  pinned: number | undefined;
}

// Each wide enough for its header in the longest of the desk's languages and in the pseudo-locale (40 %
// longer): languages-pseudo-kyc-payin.spec.ts measures every header whole at 1024×700.
const FIELD_WIDTH: Record<KycField, number> = {
  userId: 154,
  firstName: 134,
  lastName: 136,
  middleName: 158,
  birthday: 112,
  gender: 104,
  country: 110,
  iddCode: 154,
  personalCode: 186,
  certificateDateStart: 202,
  certificateDateEnd: 204,
  email: 220,
  mobile: 140,
  idCardUrls: 300,
  documentUrls: 280,
};

/**
 * A column's header: the words of a compliance officer's spreadsheet, short enough for the column
 * (`kyc.field.header.*`; the full label and the gateway's name are the header's tooltip). The row's editor
 * keeps the gateway's name.
 */
export const gridHeader = (t: Translate, field: KycField): string => t(`kyc.field.header.${field}`);

const ROW_NUMBER_WIDTH = 76;
const STATE_WIDTH = 112;

/** Pinned after the row number and state: the record's own id stays in view as the fields scroll by. */
const PINNED_FIELD: KycField = 'userId';

export const COLUMNS: readonly GridColumn[] = [
  { id: 'row', field: undefined, width: ROW_NUMBER_WIDTH, pinned: 0 },
  { id: 'state', field: undefined, width: STATE_WIDTH, pinned: ROW_NUMBER_WIDTH },
  {
    id: PINNED_FIELD,
    field: PINNED_FIELD,
    width: FIELD_WIDTH[PINNED_FIELD],
    pinned: ROW_NUMBER_WIDTH + STATE_WIDTH,
  },
  ...KYC_FIELDS.filter((field) => field !== PINNED_FIELD).map((field) => ({
    id: field,
    field,
    width: FIELD_WIDTH[field],
    pinned: undefined,
  })),
];

/** Where each column starts in the grid's content, in pixels. */
export const COLUMN_STARTS: readonly number[] = COLUMNS.map((_, col) =>
  COLUMNS.slice(0, col).reduce((sum, column) => sum + column.width, 0),
);

/**
 * The horizontal scroll positions at which a scrolling column's left edge meets the pinned columns: the
 * grid's snap points (kyc.css), so the only places a sideways scroll may stop.
 */
export function snapPointOf(col: number): number {
  return COLUMN_STARTS[col]! - PINNED_WIDTH;
}

/**
 * The snap point to scroll to so that the column is whole beside the pins, from `scrollLeft` and the box's
 * width; `undefined` when it already is (or is pinned). A column wider than the view shows its start.
 */
export function revealColumnAt(col: number, scrollLeft: number, viewWidth: number): number | undefined {
  const column = COLUMNS[col];
  if (!column || column.pinned !== undefined) return undefined;
  const start = COLUMN_STARTS[col]!;
  const end = start + column.width;
  if (start - scrollLeft < PINNED_WIDTH) return snapPointOf(col);
  if (end - scrollLeft <= viewWidth) return undefined;
  // The first column start, left to right, from which the column's right edge is in view.
  for (let first = FIRST_SCROLLING_COLUMN; first < col; first++) {
    if (end - snapPointOf(first) <= viewWidth) return snapPointOf(first);
  }
  return snapPointOf(col);
}

/** The last pinned column: the border between what stays and what scrolls. */
export const LAST_PINNED_ID = PINNED_FIELD;

export const PINNED_WIDTH = COLUMNS.reduce(
  (sum, column) => sum + (column.pinned !== undefined ? column.width : 0),
  0,
);
export const GRID_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
const FIRST_SCROLLING_COLUMN = COLUMNS.findIndex((column) => column.pinned === undefined);
/** The first field column: where the active cell starts. */
export const FIRST_FIELD_COLUMN = COLUMNS.findIndex((column) => column.field !== undefined);

/**
 * The layout the stylesheet (kyc.css) reads, set once on the grid's table: every row lays its cells out on
 * these columns (CSS grid), and the pinned columns stick at their offsets.
 */
export const GRID_VARIABLES = {
  '--kyc-columns': COLUMNS.map((column) => `${column.width}px`).join(' '),
  '--kyc-row-height': `${ROW_HEIGHT}px`,
  '--kyc-header-height': `${HEADER_HEIGHT}px`,
  ...Object.fromEntries(
    COLUMNS.flatMap((column, col) =>
      column.pinned === undefined ? [] : [[`--kyc-pin-${col + 1}`, `${column.pinned}px`]],
    ),
  ),
} as Record<string, string>;

/**
 * The row's first invalid cell, left to right: where Go to puts the cursor on an invalid row, since its bad
 * cell is often off-screen to the right with nothing to say which column.
 */
export function firstInvalidField(row: KycRowView): KycField | undefined {
  const invalid = new Set(row.errors.map((error) => error.field));
  return COLUMNS.find((column) => column.field !== undefined && invalid.has(column.field))?.field;
}
