// Undo and Redo of the operator's cell edits (buttons, and Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z anywhere on the
// page but in a text field, whose own undo stays its own), and the note that rows of a file opened again
// show the values sent with an earlier batch, not the file's. The stacks are the store's (edit-history.ts).
import { Alert, Button, Group } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useT } from '@renderer/i18n/use-t';
import { useRef } from 'react';
import { useKycStore } from './store';

function UndoIcon({ flip }: { flip?: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={flip ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
  );
}

/** The two buttons: the word, the keys they answer (aria-keyshortcuts) and the one their title names. */
const STEPS = [
  { kind: 'undo', keys: 'Control+Z', shortcut: 'Ctrl+Z' },
  { kind: 'redo', keys: 'Control+Y Control+Shift+Z', shortcut: 'Ctrl+Y' },
] as const;

/** Where typing goes (a text box, a combobox's input, an editable area): Ctrl+Z there is the field's own. */
function isTextField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement)
    return !['radio', 'checkbox', 'button', 'submit'].includes(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}

export function KycEditBar() {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const edits = useKycStore((state) => state.edits);
  const busy = useKycStore((state) => state.send?.phase === 'sending' || state.mappingBusy);
  const stepping = useKycStore((state) => state.stepping);
  const undo = useKycStore((state) => state.undo);
  const redo = useKycStore((state) => state.redo);
  const lastUndo = edits.undo[edits.undo.length - 1];
  const lastRedo = edits.redo[edits.redo.length - 1];

  // Pages stay mounted when hidden: only the page on screen answers; a text field keeps its own undo.
  const on = (step: () => unknown) => (event: KeyboardEvent) => {
    if (root.current?.offsetParent == null || isTextField(event.target)) return;
    event.preventDefault();
    if (!busy) void step();
  };
  // preventDefault off: a text field's own Ctrl+Z must go through (`on` prevents it everywhere else).
  const options = { preventDefault: false };
  useHotkeys(
    [
      ['mod+Z', on(undo), options],
      ['mod+Y', on(redo), options],
      ['mod+shift+Z', on(redo), options],
    ],
    // Checked above instead: the filter's radio buttons are inputs too, and they have no undo of their own.
    [],
  );

  return (
    <Group gap={6} ref={root} wrap="nowrap" data-testid="kyc-edit-bar">
      {STEPS.map(({ kind, keys, shortcut }) => {
        const last = kind === 'undo' ? lastUndo : lastRedo;
        const label = t(`kyc.edit.${kind}`);
        return (
          <Button
            key={kind}
            size="xs"
            variant="default"
            leftSection={<UndoIcon flip={kind === 'redo'} />}
            disabled={!last || busy || stepping}
            onClick={() => void (kind === 'undo' ? undo() : redo())}
            aria-keyshortcuts={keys}
            title={
              last
                ? t(`kyc.edit.${kind}Title`, { row: last.row, field: last.field, shortcut })
                : t(`kyc.edit.${kind}Nothing`)
            }
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}

/** Rows of a file opened again that show what was sent with an earlier batch (History), not the file. */
export function KycSentValuesNote() {
  const t = useT();
  const rows = useKycStore((state) => state.summary?.sentValueRows ?? 0);
  if (rows === 0) return null;
  return (
    <Alert color="gray" p="xs" data-testid="kyc-sent-values">
      {t('kyc.edit.sentValues', { count: rows })}
    </Alert>
  );
}
