// "Go to" for a grid of thousands of rows: a row number or a userId typed (Ctrl+G puts the focus here from
// anywhere on the page), Enter finds the row in the rows the filter shows (find-row.ts) and the grid jumps
// to it and selects it; nothing found is said beside the field, which keeps the focus to type again.
import { Group, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useT } from '@renderer/i18n/use-t';
import { errorMessage } from '@renderer/lib/paydesk';
import type { KycRowView } from '@shared/kyc-batch';
import { type KeyboardEvent, useRef, useState } from 'react';
import { findRow } from './find-row';
import { useKycStore } from './store';

const RESULT_ID = 'kyc-go-to-result';

export function KycGoTo({ onFound }: { onFound: (pos: number, row: KycRowView, byUserId: boolean) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [searching, setSearching] = useState(false);

  useHotkeys(
    [
      [
        'mod+G',
        () => {
          // Pages stay mounted when hidden: only the page on screen answers.
          if (!input.current?.offsetParent) return;
          input.current.focus();
          input.current.select();
        },
        { preventDefault: true },
      ],
    ],
    // From the grid's cell editor too.
    [],
  );

  async function go(): Promise<void> {
    const { summary, filter, total, generation } = useKycStore.getState();
    if (!summary || text.trim() === '' || searching) return;
    setSearching(true);
    setProblem(undefined);
    try {
      const outcome = await findRow({ batchId: summary.batchId, filter, total }, text);
      if (useKycStore.getState().generation !== generation) return;
      if (outcome.found) onFound(outcome.pos, outcome.row, outcome.row.row !== Number(text.trim()));
      else setProblem(outcome.message);
    } catch (error) {
      setProblem(t('kyc.goTo.failed', { reason: errorMessage(error) }));
    } finally {
      setSearching(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void go();
  }

  return (
    <Group gap={8} wrap="nowrap" align="center">
      <TextInput
        ref={input}
        type="search"
        size="xs"
        w="14rem"
        aria-label={t('kyc.goTo.label')}
        placeholder={t('kyc.goTo.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        error={problem !== undefined}
        aria-describedby={RESULT_ID}
        maxLength={200}
        spellCheck={false}
        autoComplete="off"
      />
      <Text id={RESULT_ID} role="status" size="xs" c={problem ? 'red.9' : 'gray.7'} data-testid={RESULT_ID}>
        {searching ? t('kyc.goTo.searching') : problem}
      </Text>
    </Group>
  );
}
