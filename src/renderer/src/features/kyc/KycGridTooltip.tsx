// The grid's one tooltip: the reasons of the invalid cell (or the document-date warning of a valid one) under
// the pointer, or else of the focused one.
// The pointer's cell lives here, not in the grid: under a turning wheel the rows slide beneath a still
// pointer and the cell under it changes every frame, which re-rendered the whole grid each time. While the
// grid scrolls, the pointer's tip waits (it would flash from cell to cell) and shows where the scrolling stops.
import { Tooltip } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { KycRowError } from '@shared/kyc-batch';
import { useSyncExternalStore } from 'react';
import { COLUMNS } from './grid-columns';
import { cellErrors, cellKey, cellWarnings } from './KycGridRow';
import { errorText, warningText } from './problem-text';
import { type RowPage, rowAt } from './row-pages';

export interface GridCell {
  pos: number;
  col: number;
}

/** The cell under the pointer: set by the grid's mouse handlers, read by the tooltip alone. */
interface PointerCell {
  get(): GridCell | undefined;
  set(cell: GridCell | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function pointerCell(): PointerCell {
  let current: GridCell | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(cell) {
      if (cell?.pos === current?.pos && cell?.col === current?.col) return;
      current = cell;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The selector of a cell's element in the grid. */
export function cellSelector(cell: GridCell): string {
  return `[data-cell="${cellKey(cell.pos, cell.col)}"]`;
}

export function KycGridTooltip({
  pointer,
  focused,
  scrolling,
  pages,
}: {
  pointer: PointerCell;
  focused: GridCell | undefined;
  scrolling: boolean;
  pages: ReadonlyMap<number, RowPage>;
}) {
  const t = useT();
  const hovered = useSyncExternalStore(pointer.subscribe, pointer.get);
  const cell = (scrolling ? undefined : hovered) ?? focused;
  const row = cell ? rowAt(pages, cell.pos) : undefined;
  const errors: KycRowError[] = cell ? cellErrors(row, COLUMNS[cell.col]) : [];
  const warnings = cell && errors.length === 0 ? cellWarnings(row, COLUMNS[cell.col]) : [];
  if (!cell || (errors.length === 0 && warnings.length === 0)) return null;
  return (
    <Tooltip
      target={cellSelector(cell)}
      opened
      label={errors.length > 0 ? errorText(t, errors) : warningText(t, warnings)}
      position="bottom-start"
      multiline
      w={340}
      withArrow
      color="dark"
    />
  );
}
