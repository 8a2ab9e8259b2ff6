// The grid's columns: the row number, the row's state and its userId (pinned to the left), then one column
// per other KYC field in the wire schema's order. Widths are in pixels so that rows line up without measuring.
import type { KycField } from '@shared/kyc-batch';
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

const FIELD_WIDTH: Record<KycField, number> = {
  userId: 140,
  firstName: 120,
  lastName: 130,
  middleName: 110,
  birthday: 112,
  gender: 84,
  country: 76,
  iddCode: 76,
  personalCode: 140,
  certificateDateStart: 168,
  certificateDateEnd: 160,
  email: 220,
  mobile: 140,
  idCardUrls: 300,
  documentUrls: 260,
};

/** Pinned after the row number and state: the record's own id stays in view as the fields scroll by. */
const PINNED_FIELD: KycField = 'userId';

export const COLUMNS: readonly GridColumn[] = [
  { id: 'row', field: undefined, width: 68, pinned: 0 },
  { id: 'state', field: undefined, width: 112, pinned: 68 },
  { id: PINNED_FIELD, field: PINNED_FIELD, width: FIELD_WIDTH[PINNED_FIELD], pinned: 180 },
  ...KYC_FIELDS.filter((field) => field !== PINNED_FIELD).map((field) => ({
    id: field,
    field,
    width: FIELD_WIDTH[field],
    pinned: undefined,
  })),
];

/** The last pinned column: the border between what stays and what scrolls. */
export const LAST_PINNED_ID = PINNED_FIELD;

export const PINNED_WIDTH = COLUMNS.reduce(
  (sum, column) => sum + (column.pinned !== undefined ? column.width : 0),
  0,
);
export const GRID_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
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
