// History: every pay-in and KYC batch sent from this desk, with what the gateway answered, under what the
// audit trail's checks say (AuditPanel). The list, the charts and the CSV export share one filter. The page reloads when a pay-in settles (bank page or
// callback) and whenever it comes back into view (another page of the app, or another window).
// With a team connection, a switch shows the team's history instead, read from the team database, with
// the team's outcome-unknown queue and how this desk's replication stands.
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Code.css';
import './history.css';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { downloadText } from '@renderer/lib/download';
import { ExportFormatMenu, useSpreadsheetFormat } from '@renderer/lib/ExportFormatMenu';
import { subscribe } from '@renderer/lib/paydesk';
import { useCan } from '@renderer/lib/session-store';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { OutcomeUnknownQueue } from '@renderer/lib/team/OutcomeUnknownQueue';
import { ReplicationIndicator } from '@renderer/lib/team/ReplicationIndicator';
import { TeamVerifyPanel } from '@renderer/lib/team/TeamVerifyPanel';
import { useTeamStatus } from '@renderer/lib/team/use-team-reads';
import { wordsText } from '@renderer/lib/words-text';
import { type CsvFormat, spreadsheetLocale } from '@shared/csv-export';
import { ID_PART_MIN } from '@shared/history';
import { amountForSpreadsheet } from '@shared/money/locale-amount';
import type { TeamScope } from '@shared/team-history';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { AuditPanel } from './AuditPanel';
import { CurrencyTotals } from './CurrencyTotals';
import { DailyCharts } from './DailyCharts';
import { HistoryDetailDrawer } from './HistoryDetail';
import { HistoryFilters } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';
import type { HistorySource } from './query';
import { useHistoryStore } from './store';

function subtitle(t: Translate, source: HistorySource, scope: TeamScope | undefined): string {
  if (source === 'desk') return t('history.subtitle.desk');
  if (scope === 'own') return t('history.subtitle.teamOwn');
  return t('history.subtitle.team');
}

/** Refreshes on any change of a pay-in and when the page (or the window) becomes visible again. */
function useLiveRefresh(root: RefObject<HTMLElement | null>): boolean {
  const refresh = useHistoryStore((state) => state.refresh);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = root.current;
    let visible = false;
    const observer = new IntersectionObserver((entries) => {
      const now = entries.some((entry) => entry.isIntersecting);
      if (now && !visible) void refresh();
      visible = now;
      setShown(now);
    });
    if (element) observer.observe(element);
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && visible) void refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    const unsubscribe = subscribe('payin.changed', () => void refresh());
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe();
    };
  }, [root, refresh]);
  return shown;
}

export function HistoryPage() {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const error = useHistoryStore((state) => state.error);
  const open = useHistoryStore((state) => state.open);
  const refresh = useHistoryStore((state) => state.refresh);
  const exportCsv = useHistoryStore((state) => state.exportCsv);
  const exporting = useHistoryStore((state) => state.exporting);
  const exportMessage = useHistoryStore((state) => state.exportMessage);
  const shown = useLiveRefresh(root);
  const view = useHistoryStore((state) => state.filters.kind);
  const source = useHistoryStore((state) => state.source);
  const scope = useHistoryStore((state) => state.scope);
  const teamProblem = useHistoryStore((state) => state.teamProblem);
  const setSource = useHistoryStore((state) => state.setSource);
  const teamMode = useSettingsStore((state) => state.view?.settings.team !== undefined);
  const canReadTeam = useCan('team.read');
  const teamStatus = useTeamStatus(teamMode && shown);
  const team = source === 'team';
  // What the role may do here (main refuses the rest anyway): export, and the team's view.
  const canExport = useCan('history.export');
  const spreadsheetExample = amountForSpreadsheet(
    '1234.56',
    'EUR',
    spreadsheetLocale(useSpreadsheetFormat().language),
  );

  // Team mode left (Settings → Team): back to this desk's history.
  useEffect(() => {
    if (!teamMode && source === 'team') setSource('desk');
  }, [teamMode, source, setSource]);

  async function onExport(format: CsvFormat) {
    const file = await exportCsv(format);
    if (file) downloadText(file.csv, file.fileName);
  }

  return (
    <Stack gap="sm" ref={root}>
      {/* Title and buttons on one row, the subtitle wrapping beside them: at 700 px the table starts in view. */}
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2}>{t('shell.page.history')}</Title>
          <Text size="sm" c="gray.7" data-testid="history-subtitle">
            {subtitle(t, source, scope)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {teamMode && canReadTeam && (
            <Stack gap={2} align="flex-end">
              <SegmentedControl
                aria-label={t('history.source')}
                data={[
                  { value: 'desk', label: t('history.source.desk') },
                  { value: 'team', label: t('history.source.team') },
                ]}
                value={source}
                onChange={(value) => setSource(value as HistorySource)}
                data-testid="history-source"
              />
              <ReplicationIndicator status={teamStatus} />
            </Stack>
          )}
          <Button variant="default" onClick={() => void refresh()}>
            {t('history.refresh')}
          </Button>
          {canExport && (
            <ExportFormatMenu
              onExport={(format) => void onExport(format)}
              hints={{
                spreadsheet: t('history.export.spreadsheetHint', { example: spreadsheetExample }),
                machine: t('history.export.machineHint'),
              }}
              loading={exporting}
              testId="history-export"
            >
              {t('history.exportButton')}
            </ExportFormatMenu>
          )}
        </Group>
      </Group>
      {!team && <AuditPanel />}
      {team && <OutcomeUnknownQueue enabled={shown} />}
      {team && scope === 'team' && <TeamVerifyPanel />}
      <HistoryFilters />
      {team && (
        <Text size="xs" c="gray.7" data-testid="history-team-limits">
          {t('history.teamLimits', { min: ID_PART_MIN })}
        </Text>
      )}
      {team && teamProblem && (
        <Alert
          color="red"
          role="alert"
          p="xs"
          title={t('history.teamProblem.title')}
          data-testid="team-problem"
        >
          {wordsText(t, teamProblem)} {t('history.teamProblem.body')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
      {exportMessage && (
        <Alert color={exportMessage.ok ? 'green' : 'red'} role="alert" p="xs">
          {exportMessage.text}
        </Alert>
      )}
      <HistoryTable
        onOpen={(row) => void open({ id: row.id, ...('deskId' in row && { deskId: row.deskId }) })}
      />
      {/* The keys, the totals and the charts under the list, so that at 700 px the list starts in view. */}
      <Text id="history-table-help" size="xs" c="gray.7">
        {t('history.keys')}
      </Text>
      {view === 'payin' && <CurrencyTotals />}
      {view === 'payin' && <DailyCharts drawn={shown} />}
      <HistoryDetailDrawer />
    </Stack>
  );
}
