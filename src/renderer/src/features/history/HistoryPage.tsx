// History: every pay-in and KYC batch sent from this desk, with what the gateway answered, under what the
// audit trail's checks say (AuditPanel). The list, the charts and the CSV export share one filter. The page reloads when a pay-in settles (bank page or
// callback) and whenever it comes back into view (another page of the app, or another window).
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Code.css';
import './history.css';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { downloadText } from '@renderer/lib/download';
import { subscribe } from '@renderer/lib/paydesk';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { AuditPanel } from './AuditPanel';
import { CurrencyTotals } from './CurrencyTotals';
import { DailyCharts } from './DailyCharts';
import { HistoryDetailDrawer } from './HistoryDetail';
import { HistoryFilters } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';
import { useHistoryStore } from './store';

/** Refreshes on a settled pay-in and when the page (or the window) becomes visible again. */
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
    const unsubscribe = subscribe('payin.settled', () => void refresh());
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe();
    };
  }, [root, refresh]);
  return shown;
}

export function HistoryPage() {
  const root = useRef<HTMLDivElement>(null);
  const error = useHistoryStore((state) => state.error);
  const open = useHistoryStore((state) => state.open);
  const refresh = useHistoryStore((state) => state.refresh);
  const exportCsv = useHistoryStore((state) => state.exportCsv);
  const exporting = useHistoryStore((state) => state.exporting);
  const exportMessage = useHistoryStore((state) => state.exportMessage);
  const shown = useLiveRefresh(root);
  const view = useHistoryStore((state) => state.filters.kind);

  async function onExport() {
    const file = await exportCsv();
    if (file) downloadText(file.csv, file.fileName);
  }

  return (
    <Stack gap="sm" ref={root}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>History</Title>
          <Text size="sm" c="gray.7">
            Every pay-in and KYC batch sent from this desk, with what the gateway answered.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => void refresh()}>
            Refresh
          </Button>
          <Button
            variant="default"
            onClick={() => void onExport()}
            loading={exporting}
            data-testid="history-export"
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <AuditPanel />
      <HistoryFilters />
      {view === 'payin' && <CurrencyTotals />}
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
      <Text id="history-table-help" size="xs" c="gray.7">
        Arrow keys move between rows, Enter opens the detail of a row, Ctrl+C copies its order number.
      </Text>
      <HistoryTable onOpen={(id) => void open(id)} />
      {view === 'payin' && <DailyCharts drawn={shown} />}
      <HistoryDetailDrawer />
    </Stack>
  );
}
