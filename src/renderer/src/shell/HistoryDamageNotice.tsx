// The history was damaged and Paydesk started on a salvaged one (main/history/salvage/history-salvage.ts): what
// happened, how many rows came back and from where, what may be missing, which pay-ins to check with the
// gateway, and where the damaged copy is. On every page until the operator acknowledges it (main keeps
// it until then, across restarts). Asked for when the page is ready, and again after an unlock: main's
// start-up is over before any page listens.
import '@mantine/core/styles/Code.css';
import { Trans } from '@lingui/react';
import { Alert, Button, Code, List, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { wordsText } from '@renderer/lib/words-text';
import type { HistorySalvageNotice } from '@shared/history-startup';
import { formatDateTime } from '@shared/i18n/format';
import { useCallback, useEffect, useState } from 'react';
import { call, errorMessage, subscribe } from '../lib/paydesk';
import { missingRanges, orderList, skippedBackups } from './damage-words';

const BOLD = { 0: <strong /> };

export function HistoryDamageNotice() {
  const t = useT();
  const locale = useLocale();
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
        {t('shell.damage.heading')}
      </Text>
      {/* Main's words, written into the report when the damage was found, in the reader's language. */}
      <Text size="sm" mb={4} data-testid="history-damage-reason">
        {wordsText(t, { message: notice.reason, words: notice.reasonWords })}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <Trans
            id="shell.damage.recovered"
            values={{
              rows: rows.recovered,
              backup: notice.backupUsed
                ? t('shell.damage.fromBackup', {
                    count: rows.fromBackup,
                    at: formatDateTime(notice.backupUsed.at, locale),
                  })
                : t('shell.damage.noBackup'),
              fromDamaged: rows.fromDamagedFile,
              fromLog: rows.fromLog,
              entriesRecovered: entries.recovered,
              entriesMissing: entries.missing,
            }}
            components={BOLD}
          />
        </List.Item>
        {notice.team && (
          <List.Item data-testid="history-damage-team">
            <Trans
              id="shell.damage.team"
              values={{ summary: wordsText(t, { message: notice.team.summary, words: notice.team.words }) }}
              components={BOLD}
            />
          </List.Item>
        )}
        {notice.openPayIns.length > 0 && (
          <List.Item data-testid="history-damage-open">
            <Trans
              id="shell.damage.open"
              values={{
                count: notice.openPayIns.length,
                orders: orderList(t, locale, notice.openPayIns),
              }}
              components={BOLD}
            />
          </List.Item>
        )}
        {notice.missingRowCount > 0 ? (
          <List.Item data-testid="history-damage-missing">
            <Trans
              id="shell.damage.missing"
              values={{ count: notice.missingRowCount, ids: missingRanges(notice) }}
              components={BOLD}
            />
            {notice.settledInLogOnly.length > 0 &&
              ` ${t('shell.damage.settledInLog', {
                count: notice.settledInLogOnly.length,
                orders: orderList(t, locale, notice.settledInLogOnly),
              })}`}
          </List.Item>
        ) : (
          <List.Item>{t('shell.damage.allRecovered')}</List.Item>
        )}
        {notice.mismatchedRowCount > 0 && (
          <List.Item>{t('shell.damage.mismatched', { count: notice.mismatchedRowCount })}</List.Item>
        )}
        {notice.backupsSkipped.length > 0 && (
          <List.Item>
            {t('shell.damage.backupsSkipped', {
              count: notice.backupsSkipped.length,
              list: skippedBackups(t, notice),
            })}
          </List.Item>
        )}
        <List.Item>
          <Trans id="shell.damage.keptIn" values={{ file: damagedMain ?? '' }} components={{ 0: <Code /> }} />
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
        {t('shell.damage.acknowledge')}
      </Button>
    </Alert>
  );
}
