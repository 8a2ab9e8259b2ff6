// One row of the KYC grid: the row number (a row header), the row's state, one cell per KYC field. An
// invalid cell carries aria-invalid, a warning icon and an outline (never colour alone), and its reasons as
// an accessible description; the grid shows the same reasons in a tooltip on hover and focus.
// A fast wheel brings a screenful of new rows every frame, so a row is plain markup: column widths and the
// pinned columns' offsets come from the grid's stylesheet (kyc.css, with the widths as one CSS variable on
// the table), not from a style object per cell, and a row still loading is empty cells, not placeholders.

import { type Translate, useT } from '@renderer/i18n/use-t';
import type { KycField, KycRowError, KycRowView, KycRowWarning } from '@shared/kyc-batch';
import type { KycCellChange } from '@shared/kyc-edits';
import { type KeyboardEvent, memo, type ReactNode } from 'react';
import { COLUMNS, type GridColumn, gridHeader, LAST_PINNED_ID } from './grid-columns';
import { fieldLabel } from './kyc-fields';
import { errorText, warningText } from './problem-text';
import { RowStateLabel } from './StateLabels';

export interface EditState {
  pos: number;
  index: number;
  field: KycField;
  draft: string;
}

export interface EditorHandlers {
  onDraft: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

export const cellKey = (pos: number, col: number) => `${pos}:${col}`;
const describedById = (pos: number, col: number) => `kyc-why-${pos}-${col}`;
const changedById = (pos: number, col: number) => `kyc-changed-${pos}-${col}`;

/** How a changed cell is described (to a screen reader, and on the line under the grid). */
export function changeText(t: Translate, change: KycCellChange): string {
  const values = { empty: change.file === '' ? 'yes' : 'no', file: change.file };
  return change.from === 'edit' ? t('kyc.notice.changedEdit', values) : t('kyc.notice.changedSent', values);
}

/** A pencil for a cell edited here, an arrow for a value sent before: a shape, not a colour alone. */
/** A cell's small line icon (decorative: the cell's description says the same in words). */
function CellIcon({ className, size, children }: { className: string; size: number; children: ReactNode }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function ChangeIcon({ from }: { from: KycCellChange['from'] }) {
  return (
    <CellIcon className="kyc-change-icon" size={12}>
      {from === 'edit' ? <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" /> : <path d="M12 20V5M5 11l7-7 7 7" />}
    </CellIcon>
  );
}

/** The errors a cell shows: its field's, or for the state cell the row's own (no field). */
export function cellErrors(row: KycRowView | undefined, column: GridColumn | undefined): KycRowError[] {
  if (!row || !column || column.id === 'row') return [];
  const field = column.field ?? null;
  return row.errors.filter((error) => error.field === field);
}

/**
 * A cell's document-date warnings (expired, not valid yet): the row is well-formed, the officer decides.
 * The state cell carries the row's, so that a row far from its date columns still shows one.
 */
export function cellWarnings(row: KycRowView | undefined, column: GridColumn | undefined): KycRowWarning[] {
  if (!row || !column || column.id === 'row') return [];
  return column.field ? row.warnings.filter((warning) => warning.field === column.field) : row.warnings;
}

function WarningIcon() {
  return (
    <CellIcon className="kyc-cell-icon" size={14}>
      <path d="M12 3 2 21h20L12 3z" />
      <path d="M12 10v5M12 18h.01" />
    </CellIcon>
  );
}

/** Caret at the end, as a spreadsheet does when a cell is opened for editing. */
function focusEditor(input: HTMLInputElement | null): void {
  if (!input || input === document.activeElement) return;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}

interface RowProps {
  pos: number;
  row: KycRowView | undefined;
  /** The active column when this row holds the active cell, else -1. */
  activeCol: number;
  /** The row "Go to" found. */
  selected: boolean;
  editing: EditState | undefined;
  saving: { field: KycField; draft: string } | undefined;
  editor: EditorHandlers;
}

/**
 * A row still loading that does not hold the active cell: one cell across the row, drawn as grey bars. A
 * wheel turned hard shows only these (the rows are asked for once it slows, store.ts), two elements a row
 * where a row of cells is twenty. The active row keeps its cells, so that the focus always has one.
 */
function LoadingRow({ pos }: { pos: number }) {
  return (
    <tr aria-rowindex={pos + 2} aria-busy className="kyc-row" data-odd={pos % 2 === 1} data-testid="kyc-row">
      <td className="kyc-cell kyc-loading" aria-colindex={1} aria-colspan={COLUMNS.length} />
    </tr>
  );
}

export const KycGridRow = memo(function KycGridRow({
  pos,
  row,
  activeCol,
  selected,
  editing,
  saving,
  editor,
}: RowProps) {
  const t = useT();
  if (!row && activeCol < 0) return <LoadingRow pos={pos} />;
  const descriptions: { id: string; text: string }[] = [];
  const cells = COLUMNS.map((column, col) => {
    const errors = cellErrors(row, column);
    const invalid = errors.length > 0;
    const warnings = cellWarnings(row, column);
    const warned = !invalid && warnings.length > 0;
    const whyId = invalid || warned ? describedById(pos, col) : undefined;
    if (whyId) {
      const text = invalid
        ? t('kyc.grid.invalid', { why: errorText(t, errors) })
        : t('kyc.grid.warning', { why: warningText(t, warnings) });
      descriptions.push({ id: whyId, text });
    }
    const change = column.field ? row?.changed?.[column.field] : undefined;
    const changedId = change ? changedById(pos, col) : undefined;
    if (change && changedId) descriptions.push({ id: changedId, text: changeText(t, change) });
    const describedBy = [whyId, changedId].filter(Boolean).join(' ') || undefined;
    const common = {
      className: 'kyc-cell',
      'aria-colindex': col + 1,
      'data-cell': cellKey(pos, col),
      'data-pinned': column.pinned !== undefined || undefined,
      'data-pinned-last': column.id === LAST_PINNED_ID || undefined,
      tabIndex: col === activeCol ? 0 : -1,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy,
      'data-source': errors.some((error) => error.source === 'gateway') ? 'gateway' : undefined,
      'data-changed': change?.from,
      'data-warning': warned ? (warnings.every((w) => w.confirmed) ? 'confirmed' : 'unconfirmed') : undefined,
    };
    // A row still loading: empty cells, drawn as grey bars by kyc.css.
    if (!row) return <td key={column.id} {...common} />;
    if (column.id === 'row') {
      return (
        <th key={column.id} scope="row" {...common}>
          {row.row}
        </th>
      );
    }
    if (column.id === 'state') {
      return (
        <td key={column.id} {...common}>
          {(invalid || warned) && <WarningIcon />}
          <RowStateLabel state={row.state} />
        </td>
      );
    }
    const field = column.field!;
    if (editing?.field === field) {
      return (
        <td key={column.id} {...common}>
          <input
            ref={focusEditor}
            className="kyc-cell-editor"
            aria-label={t('kyc.grid.cell', { field, row: row.row })}
            aria-describedby={describedBy}
            value={editing.draft}
            onChange={(event) => editor.onDraft(event.currentTarget.value)}
            onKeyDown={editor.onKeyDown}
            onBlur={editor.onBlur}
            spellCheck={false}
            autoComplete="off"
          />
        </td>
      );
    }
    const isSaving = saving?.field === field;
    const value = isSaving ? saving.draft : (row.record[field] ?? '');
    return (
      <td key={column.id} {...common} data-saving={isSaving || undefined} aria-busy={isSaving || undefined}>
        {(invalid || warned) && <WarningIcon />}
        {change && <ChangeIcon from={change.from} />}
        {value}
      </td>
    );
  });
  return (
    <tr
      aria-rowindex={pos + 2}
      aria-busy={row ? undefined : true}
      aria-selected={selected || undefined}
      className="kyc-row"
      data-odd={pos % 2 === 1}
      data-testid="kyc-row"
      data-state={row?.state}
    >
      {cells}
      {descriptions.length > 0 && (
        <td hidden>
          {descriptions.map((description) => (
            <span key={description.id} id={description.id}>
              {description.text}
            </span>
          ))}
        </td>
      )}
    </tr>
  );
});

/** The column headers, sticky above the rows: field names as the gateway spells them. */
export function KycGridHeader() {
  const t = useT();
  return (
    <thead className="kyc-head">
      <tr aria-rowindex={1} className="kyc-head-row">
        {COLUMNS.map((column, col) => (
          <th
            key={column.id}
            scope="col"
            aria-colindex={col + 1}
            className="kyc-cell"
            data-pinned={column.pinned !== undefined || undefined}
            data-pinned-last={column.id === LAST_PINNED_ID || undefined}
            title={
              column.field &&
              t('kyc.field.named', { label: fieldLabel(t, column.field), field: column.field })
            }
          >
            {column.field
              ? gridHeader(t, column.field)
              : column.id === 'row'
                ? t('kyc.grid.row')
                : t('kyc.chunks.state')}
          </th>
        ))}
      </tr>
    </thead>
  );
}
