// Undo and redo of the operator's cell edits, as two stacks: an edit pushes onto undo and clears redo;
// undoing puts the cell's value before back and moves the edit to redo, redoing the other way. Pure, so the
// store (store.ts) moves an edit only once main has taken the value, and tests run it in Node.
import { translate } from '@renderer/i18n/i18n';
import type { KycField } from '@shared/kyc-batch';

/** One cell edit: `before` is the cell's text as main had it (kyc.update's `previous`), `after` the new. */
export interface CellEdit {
  index: number;
  /** The spreadsheet row, as the operator sees it. */
  row: number;
  field: KycField;
  before: string;
  after: string;
}

export interface EditStacks {
  undo: readonly CellEdit[];
  redo: readonly CellEdit[];
}

/** The edits kept for undo: older ones drop off, as in a spreadsheet. */
const MAX_UNDO = 200;

export const NO_EDITS: EditStacks = { undo: [], redo: [] };

/** An edit made by hand: undoable, and what could be redone is gone. */
export function pushEdit(stacks: EditStacks, edit: CellEdit): EditStacks {
  return { undo: [...stacks.undo, edit].slice(-MAX_UNDO), redo: [] };
}

/**
 * The edit undo takes back (the value before it) or redo makes again (the value after), and the stacks
 * once main has taken it: the edit moved onto the other stack.
 */
export function plannedStep(
  stacks: EditStacks,
  kind: 'undo' | 'redo',
): { edit: CellEdit; value: string; next: EditStacks } | undefined {
  const edit = stacks[kind][stacks[kind].length - 1];
  if (!edit) return undefined;
  const taken = dropStep(stacks, kind);
  return kind === 'undo'
    ? { edit, value: edit.before, next: { ...taken, redo: [...stacks.redo, edit] } }
    : { edit, value: edit.after, next: { ...taken, undo: [...stacks.undo, edit] } };
}

/** An undo or redo that can never be made (its record was accepted meanwhile): taken off its stack. */
export function dropStep(stacks: EditStacks, kind: 'undo' | 'redo'): EditStacks {
  return kind === 'undo'
    ? { undo: stacks.undo.slice(0, -1), redo: stacks.redo }
    : { undo: stacks.undo, redo: stacks.redo.slice(0, -1) };
}

/** What is announced once an edit is undone or redone. */
export function stepText(kind: 'Undid' | 'Redid', edit: CellEdit, value: string): string {
  return translate('kyc.notice.step', {
    kind: kind === 'Undid' ? 'undo' : 'redo',
    row: edit.row,
    field: edit.field,
    empty: value === '' ? 'yes' : 'no',
    value,
  });
}
