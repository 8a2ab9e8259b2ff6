// The batch's rows as an ARIA grid, virtualized (TanStack Virtual): 100,000 rows cost a screenful of DOM,
// and their data comes page by page from main as the window moves (store.ts + row-pages.ts). One cell is
// in the tab order (roving tabindex); arrows, Page Up/Down, Home/End and Ctrl+Home/End move it; Enter, F2
// or a double-click edits it; Enter saves, Escape cancels. One tooltip serves the grid (KycGridTooltip): it
// shows the reasons of the invalid cell under the pointer, or else of the focused one.
// Scrolling renders only what it must: rows are plain markup (KycGridRow), the pointer's cell is the
// tooltip's state, not the grid's, and the tab stop catches up with the rows in view once scrolling stops.
// The cell being edited is brought whole into view (past the pinned columns and the header), and the page's
// "Go to" field moves the active cell to the row it found and selects that row (KycGridHandle).
import { Alert } from '@mantine/core';
import { translate } from '@renderer/i18n/i18n';
import { paddingAboveRows } from '@renderer/lib/rows-in-flow';
import { useFocusWhenRendered } from '@renderer/lib/use-focus-when-rendered';
import type { KycField, KycRowView } from '@shared/kyc-batch';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  COLUMNS,
  FIRST_FIELD_COLUMN,
  GRID_VARIABLES,
  GRID_WIDTH,
  HEADER_HEIGHT,
  PINNED_WIDTH,
  ROW_HEIGHT,
  revealColumnAt,
} from './grid-columns';
import { KycGridEmpty } from './KycGridEmpty';
import { cellErrors, type EditorHandlers, type EditState, KycGridHeader, KycGridRow } from './KycGridRow';
import { KycGridStatus } from './KycGridStatus';
import { type GridCell as Cell, cellSelector, KycGridTooltip, pointerCell } from './KycGridTooltip';
import { errorText } from './problem-text';
import { rowAt } from './row-pages';
import { useKycStore } from './store';

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

function cellOf(target: EventTarget | null): Cell | undefined {
  if (!(target instanceof Element)) return undefined;
  const key = target.closest<HTMLElement>('[data-cell]')?.dataset.cell;
  if (!key) return undefined;
  const [pos, col] = key.split(':').map(Number);
  return pos === undefined || col === undefined ? undefined : { pos, col };
}

/** Why a cell cannot be edited now, or undefined when it can. */
function lockedReason(row: KycRowView, busy: boolean): string | undefined {
  if (busy) return translate('kyc.notice.lockedBusy');
  if (row.state === 'accepted') return translate('kyc.notice.lockedAccepted', { row: row.row });
  if (row.state === 'sending') return translate('kyc.notice.lockedSending', { row: row.row });
  return undefined;
}

/** What to say after a fix, from the row as main validated it. */
function fixReport(row: KycRowView, field: KycField): string {
  const left = row.errors.filter((error) => error.field === field);
  const values = { row: row.row, field };
  if (left.length > 0) {
    return translate('kyc.notice.fixStillInvalid', { ...values, why: errorText(translate, left) });
  }
  if (row.state === 'valid') return translate('kyc.notice.fixValid', values);
  if (row.errors.length > 0) return translate('kyc.notice.fixLeft', { ...values, count: row.errors.length });
  return translate('kyc.notice.fixSaved', values);
}

/**
 * Scrolls the grid's box so that the cell is whole inside it: right of the pinned columns (unless it is one)
 * and below the header; then the page, so that the box's part with the cell is in the window.
 */
function revealCell(box: HTMLElement, cell: HTMLElement): void {
  const view = box.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  // Sideways to a snap point (grid-columns.ts): anywhere else the grid's snapping would pull it back.
  const col = Number(cell.dataset.cell?.split(':')[1]);
  const left = Number.isInteger(col) ? revealColumnAt(col, box.scrollLeft, box.clientWidth) : undefined;
  if (left !== undefined) box.scrollLeft = left;
  const top = view.top + box.clientTop + HEADER_HEIGHT;
  const bottom = view.top + box.clientTop + box.clientHeight;
  if (rect.top < top) box.scrollTop -= top - rect.top;
  else if (rect.bottom > bottom) box.scrollTop += Math.min(rect.bottom - bottom, rect.top - top);
  // Now whole in the box (scroll-padding keeps the box still): only the page moves, if it must.
  cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export interface KycGridHandle {
  /** Makes the row at `pos` (in the filtered list) the active one and selects it; `field`: its column. */
  goTo(pos: number, field: KycField | undefined): void;
}

export function KycGrid({ label, ref }: { label: string; ref?: Ref<KycGridHandle> }) {
  const total = useKycStore((state) => state.total);
  const pages = useKycStore((state) => state.pages);
  const generation = useKycStore((state) => state.generation);
  const rowsError = useKycStore((state) => state.rowsError);
  const busy = useKycStore((state) => state.send?.phase === 'sending' || state.mappingBusy);
  const filter = useKycStore((state) => state.filter);
  const setFilter = useKycStore((state) => state.setFilter);
  const batchId = useKycStore((state) => state.summary?.batchId);
  const want = useKycStore((state) => state.want);
  const update = useKycStore((state) => state.update);
  const say = useKycStore((state) => state.say);

  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActiveState] = useState<Cell>({ pos: 0, col: FIRST_FIELD_COLUMN });
  // Keys can come faster than renders: each move starts from where the last one went, not from the
  // active cell of the render the key handler was made in.
  const activeRef = useRef(active);
  /** The row "Go to" found: selected while the active cell stays in it. */
  const [selected, setSelectedState] = useState<number>();
  const selectedRef = useRef<number | undefined>(undefined);
  const setSelected = useCallback((pos: number | undefined) => {
    selectedRef.current = pos;
    setSelectedState(pos);
  }, []);
  const setActive = useCallback(
    (cell: Cell) => {
      activeRef.current = cell;
      setActiveState(cell);
      if (selectedRef.current !== undefined && selectedRef.current !== cell.pos) setSelected(undefined);
    },
    [setSelected],
  );
  const [editing, setEditing] = useState<EditState>();
  const editingRef = useRef<EditState | undefined>(undefined);
  const [saving, setSaving] = useState<{ index: number; field: KycField; draft: string }>();
  const [problem, setProblem] = useState<string>();
  /** Why the cell just asked to be edited cannot be: shown until the active cell moves. */
  const [note, setNote] = useState<string>();
  const pointer = useMemo(pointerCell, []);
  const [focused, setFocused] = useState<Cell>();

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the window: enough for a calm wheel; a fast one renders them all anew every frame.
    overscan: 4,
    // The sticky header sits above the rows inside the scroll box.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const firstRendered = items[0]?.index ?? 0;
  const lastRendered = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (lastRendered >= 0) want({ first: firstRendered, last: lastRendered });
  }, [firstRendered, lastRendered, want]);

  // Another file or filter starts at the top, with no edit open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the trigger, not a value used.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    setActive({ pos: 0, col: activeRef.current.col });
    setSelected(undefined);
    editingRef.current = undefined;
    setEditing(undefined);
    setProblem(undefined);
    setNote(undefined);
  }, [generation]);

  const activePos = clamp(active.pos, 0, Math.max(total - 1, 0));
  const activeRow = rowAt(pages, activePos);

  // Another file also starts at its first column; another filter keeps the columns where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the batch is the trigger, not a value used.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollLeft = 0;
  }, [batchId]);

  // After a key moved the active cell (or an edit closed), the cell takes the focus once it is rendered.
  const focusCell = useFocusWhenRendered(scrollRef, { hold: editing !== undefined });

  // With the focus elsewhere, the tab stop follows the scrolling, so Tab lands on a row in view: once the
  // scrolling stops (a move per frame while it runs re-rendered two rows and the status line every frame).
  // Not while a key's move is under way: the focused cell may leave the DOM before the scrolling reaches
  // the new one.
  const scrolling = virtualizer.isScrolling;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rendered range is the trigger (scrolling), not a value used.
  useEffect(() => {
    const inside = scrollRef.current?.contains(document.activeElement) ?? false;
    if (inside || scrolling || lastRendered < 0 || focusCell.pending()) return;
    const range = virtualizer.range;
    if (!range || (activePos >= range.startIndex && activePos <= range.endIndex)) return;
    setActive({ pos: range.startIndex, col: activeRef.current.col });
  }, [firstRendered, lastRendered, scrolling, activePos, virtualizer, setActive, focusCell]);

  /** `align`: 'center' for a jump (Go to), so that the rows around the one found show too. */
  function move(pos: number, col: number, align: 'auto' | 'center' = 'auto') {
    setNote(undefined);
    const to = { pos: clamp(pos, 0, Math.max(total - 1, 0)), col: clamp(col, 0, COLUMNS.length - 1) };
    setActive(to);
    focusCell.request(cellSelector(to));
    virtualizer.scrollToIndex(to.pos, { align });
  }

  const moveRef = useRef(move);
  moveRef.current = move;
  useImperativeHandle(
    ref,
    () => ({
      goTo(pos, field) {
        const col = field ? COLUMNS.findIndex((column) => column.field === field) : activeRef.current.col;
        // The focus leaves the Go to field first: the cell takes it once it is rendered (a focus held
        // elsewhere would spend the request, use-focus-when-rendered.ts).
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        setSelected(pos);
        moveRef.current(pos, col < 0 ? activeRef.current.col : col, 'center');
      },
    }),
    [setSelected],
  );

  // The cell opened for editing is whole in view, however it was reached (a double-click on a cell half
  // out of the box, a key that left it under the pinned columns).
  const editingCell = editing ? `${editing.pos}:${COLUMNS.findIndex((c) => c.field === editing.field)}` : '';
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const cell = editingCell ? box?.querySelector<HTMLElement>(`[data-cell="${editingCell}"]`) : null;
    if (box && cell) revealCell(box, cell);
  }, [editingCell]);

  function startEdit(cell: Cell) {
    const row = rowAt(pages, cell.pos);
    const field = COLUMNS[cell.col]?.field;
    if (!row || !field) return;
    const reason = lockedReason(row, busy);
    if (reason) {
      setNote(reason);
      say(reason);
      return;
    }
    setProblem(undefined);
    const edit = { pos: cell.pos, index: row.index, field, draft: row.record[field] ?? '' };
    editingRef.current = edit;
    setEditing(edit);
  }

  /** `refocus`: the keyboard closed the editor, so the cell takes the focus back (a blur went elsewhere). */
  function closeEditor(refocus: boolean) {
    editingRef.current = undefined;
    setEditing(undefined);
    if (refocus) {
      const { pos, col } = activeRef.current;
      focusCell.request(cellSelector({ pos: clamp(pos, 0, Math.max(total - 1, 0)), col }));
    }
  }

  async function commit(edit: EditState, refocus: boolean) {
    closeEditor(refocus);
    const row = rowAt(pages, edit.pos);
    if (row && row.index === edit.index && (row.record[edit.field] ?? '') === edit.draft) return;
    setSaving({ index: edit.index, field: edit.field, draft: edit.draft });
    const outcome = await update(edit.index, edit.field, edit.draft);
    setSaving(undefined);
    if (!outcome.ok) {
      const notSaved = translate('kyc.notice.notSaved', { field: edit.field, reason: outcome.message });
      setProblem(notSaved);
      say(notSaved);
      return;
    }
    say(fixReport(outcome.row, edit.field));
  }

  const commitRef = useRef(commit);
  commitRef.current = commit;
  const closeEditorRef = useRef(closeEditor);
  closeEditorRef.current = closeEditor;

  // The editor's handlers read the edit from a ref, so that rows can stay memoized while the draft changes.
  const editor = useMemo<EditorHandlers>(
    () => ({
      onDraft(value) {
        const edit = editingRef.current;
        if (!edit) return;
        editingRef.current = { ...edit, draft: value };
        setEditing(editingRef.current);
      },
      onKeyDown(event) {
        const edit = editingRef.current;
        if (!edit) return;
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          void commitRef.current(edit, true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          closeEditorRef.current(true);
        }
      },
      onBlur() {
        // Leaving the cell keeps what was typed, as a spreadsheet does.
        const edit = editingRef.current;
        if (edit) void commitRef.current(edit, false);
      },
    }),
    [],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editingRef.current || !cellOf(event.target)) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 320) / ROW_HEIGHT) - 2);
    const ctrl = event.ctrlKey || event.metaKey;
    const { col } = activeRef.current;
    const pos = clamp(activeRef.current.pos, 0, Math.max(total - 1, 0));
    const targets: Record<string, Cell> = {
      ArrowDown: { pos: pos + 1, col },
      ArrowUp: { pos: pos - 1, col },
      ArrowRight: { pos, col: col + 1 },
      ArrowLeft: { pos, col: col - 1 },
      PageDown: { pos: pos + pageRows, col },
      PageUp: { pos: pos - pageRows, col },
      Home: ctrl ? { pos: 0, col } : { pos, col: 0 },
      End: ctrl ? { pos: total - 1, col } : { pos, col: COLUMNS.length - 1 },
    };
    const target = targets[event.key];
    if (target) {
      event.preventDefault();
      move(target.pos, target.col);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEdit({ pos, col });
    }
  }

  const onFocus = useCallback(
    (event: FocusEvent<HTMLDivElement>) => {
      const cell = cellOf(event.target);
      if (!cell) return;
      // Focus that landed on a cell by a click or Tab settles it: no earlier key's move takes it away.
      focusCell.cancel();
      setFocused(cell);
      setActive(cell);
    },
    [setActive, focusCell],
  );

  const onBlur = useCallback((event: FocusEvent<HTMLDivElement>) => {
    if (!cellOf(event.relatedTarget)) setFocused(undefined);
  }, []);

  const onMouseOver = useCallback(
    (event: MouseEvent<HTMLDivElement>) => pointer.set(cellOf(event.target)),
    [pointer],
  );

  return (
    <div style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, fontSize: 13 }}>
      <div
        ref={scrollRef}
        data-testid="kyc-grid-scroll"
        style={{
          // The page's panels above take about 400 px at most: the grid fills the rest of the window.
          height: 'max(288px, calc(100vh - 400px))',
          overflow: 'auto',
          position: 'relative',
          scrollPaddingTop: HEADER_HEIGHT,
          scrollPaddingLeft: PINNED_WIDTH,
          scrollSnapType: 'x proximity',
        }}
      >
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on table elements: cells are focusable and editable.
          role="grid"
          aria-label={label}
          aria-rowcount={total + 1}
          aria-colcount={COLUMNS.length}
          aria-describedby="kyc-grid-help"
          data-testid="kyc-grid"
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={onBlur}
          onMouseOver={onMouseOver}
          onMouseLeave={() => pointer.set(undefined)}
          onDoubleClick={(event) => {
            const cell = cellOf(event.target);
            if (cell) startEdit(cell);
          }}
          style={{
            ...GRID_VARIABLES,
            display: 'block',
            position: 'relative',
            width: GRID_WIDTH,
            height: HEADER_HEIGHT + virtualizer.getTotalSize(),
            borderCollapse: 'collapse',
          }}
        >
          <KycGridHeader />
          <tbody style={{ display: 'block', paddingTop: paddingAboveRows(items, HEADER_HEIGHT) }}>
            {items.map((item) => {
              const row = rowAt(pages, item.index);
              const here = <T extends { index: number }>(edit: T | undefined) =>
                edit && row && edit.index === row.index ? edit : undefined;
              return (
                <KycGridRow
                  key={item.key}
                  pos={item.index}
                  row={row}
                  activeCol={item.index === activePos ? active.col : -1}
                  selected={item.index === selected}
                  editing={editing?.pos === item.index ? here(editing) : undefined}
                  saving={here(saving)}
                  editor={editor}
                />
              );
            })}
          </tbody>
        </table>
        {total === 0 && <KycGridEmpty filter={filter} onShowAll={() => setFilter('all')} />}
      </div>
      <KycGridTooltip pointer={pointer} focused={focused} scrolling={scrolling} pages={pages} />
      <KycGridStatus
        total={total}
        filter={filter}
        row={activeRow}
        field={COLUMNS[active.col]?.field}
        errors={cellErrors(activeRow, COLUMNS[active.col])}
      />
      {note && (
        <Alert color="blue" p="xs" radius={0} data-testid="kyc-grid-note">
          {note}
        </Alert>
      )}
      {(problem || rowsError) && (
        <Alert color="red" role="alert" p="xs" radius={0}>
          {problem ?? rowsError}
        </Alert>
      )}
    </div>
  );
}
