// The history was damaged and Paydesk started on a salvaged one (main/history/salvage/history-salvage.ts): what
// happened, how many rows came back and from where, what may be missing, which pay-ins to check with the
// gateway, and where the damaged copy is. On every page until the operator acknowledges it (main keeps
// it until then, across restarts). Asked for when the page is ready, and again after an unlock: main's
// start-up is over before any page listens.
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, List, Text } from '@mantine/core';
import type { HistorySalvageNotice, SalvageOrderRef } from '@shared/history-startup';
import { useCallback, useEffect, useState } from 'react';
import { call, errorMessage, subscribe } from '../lib/paydesk';

const SHOWN = 10;

function orders(refs: readonly SalvageOrderRef[]): string {
  const shown = refs
    .slice(0, SHOWN)
    .map((ref) => `${ref.merchantTradeNo} (${ref.amount} ${ref.currency})`)
    .join(', ');
  return refs.length > SHOWN ? `${shown} and ${refs.length - SHOWN} more` : shown;
}

function ranges(notice: HistorySalvageNotice): string {
  const shown = notice.missingRows
    .slice(0, SHOWN)
    .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`))
    .join(', ');
  return notice.missingRows.length > SHOWN ? `${shown}, …` : shown;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

export function HistoryDamageNotice() {
  const [notice, setNotice] = useState<HistorySalvageNotice | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const load = useCallback(() => {
    call('history.startupNotice').then(setNotice, () => undefined);
  }, []);
  useEffect(() => {
    load();
    return subscribe('session.changed', (state) => {
      if (state.kind === 'signed-in' && !state.locked) load();
    });
  }, [load]);
  if (!notice) return null;
  const { rows, entries } = notice;
  const damagedMain = notice.damagedFiles.find((file) => file.endsWith('.sqlite')) ?? notice.damagedFiles[0];
  return (
    <Alert color="red" mb="md" role="alert" data-testid="history-damage-notice">
      <Text size="sm" fw={700} mb={4}>
        The history file was damaged. Paydesk set it aside and started on what could be recovered.
      </Text>
      <Text size="sm" mb={4}>
        {notice.reason}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <strong>{plural(rows.recovered, 'row')} recovered</strong>:{' '}
          {notice.backupUsed
            ? `${rows.fromBackup.toLocaleString('en')} from the backup of ${new Date(notice.backupUsed.at).toLocaleString()}, `
            : 'no backup could be used, '}
          {rows.fromDamagedFile.toLocaleString('en')} read from the damaged file,{' '}
          {rows.fromLog.toLocaleString('en')} rebuilt from Paydesk's log. Audit entries:{' '}
          {entries.recovered.toLocaleString('en')} recovered, {entries.missing.toLocaleString('en')} missing.
        </List.Item>
        {notice.team && (
          <List.Item data-testid="history-damage-team">
            <strong>Team database</strong>: {notice.team.summary}
          </List.Item>
        )}
        {notice.openPayIns.length > 0 && (
          <List.Item data-testid="history-damage-open">
            <strong>
              {plural(notice.openPayIns.length, 'pay-in')} may have charged the customer and nobody has said
              whether
            </strong>
            : {orders(notice.openPayIns)}. They are in History as outcome unknown: check each with the gateway
            before charging again.
          </List.Item>
        )}
        {notice.missingRowCount > 0 ? (
          <List.Item data-testid="history-damage-missing">
            <strong>{plural(notice.missingRowCount, 'row')} could not be recovered</strong> (history ids{' '}
            {ranges(notice)}): they are missing from this desk's history.
            {notice.settledInLogOnly.length > 0 &&
              ` The log names ${plural(notice.settledInLogOnly.length, 'pay-in')} among them as settled: ${orders(notice.settledInLogOnly)}.`}
          </List.Item>
        ) : (
          <List.Item>Every row the history had given out was recovered.</List.Item>
        )}
        {notice.mismatchedRowCount > 0 && (
          <List.Item>
            {plural(notice.mismatchedRowCount, 'row')} no longer match the audit entry that last described
            them (that entry was lost): History flags them, and Paydesk records nothing on top of them.
          </List.Item>
        )}
        {notice.backupsSkipped.length > 0 && (
          <List.Item>
            {plural(notice.backupsSkipped.length, 'backup')} could not be used:{' '}
            {notice.backupsSkipped.map((skipped) => `${skipped.file} (${skipped.reason})`).join('; ')}.
          </List.Item>
        )}
        <List.Item>
          The damaged file is kept unchanged in <Code>{damagedMain}</Code>.
        </List.Item>
      </List>
      {problem && (
        <Text size="sm" c="red" mt="xs">
          {problem}
        </Text>
      )}
      <Button
        mt="xs"
        size="compact-sm"
        variant="default"
        onClick={() => {
          call('history.acknowledgeStartupNotice').then(
            (next) => {
              setProblem(undefined);
              setNotice(next);
            },
            (error: unknown) => setProblem(errorMessage(error)),
          );
        }}
      >
        I have read this
      </Button>
    </Alert>
  );
}
