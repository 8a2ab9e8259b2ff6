// The rows whose identity document is expired, or not valid yet, on the desk's day: well-formed for the
// gateway, so they are valid, but none is sent until the compliance officer confirms it, row by row or
// for the whole batch. Main finds the warnings itself and records each confirmation (who, when, which
// rows) in the batch's History record and the audit trail; this panel only shows them and asks.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { translate } from '@renderer/i18n/i18n';
import { useT } from '@renderer/i18n/use-t';
import { type Confirmation, ConfirmDialog } from '@renderer/lib/ConfirmDialog';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { KycRowView } from '@shared/kyc-batch';
import { useEffect, useRef, useState } from 'react';
import { problemText } from './problem-text';
import { useKycStore } from './store';

/** Rows listed here; the Warnings filter of the grid shows every one. */
const SHOWN = 8;

/** Once a confirmed row's button has gone, the row now in its place takes the focus, or else Submit. */
function focusAfterConfirm(panel: HTMLElement | null, position: number): void {
  const next = panel?.querySelectorAll<HTMLButtonElement>('[data-confirm-row]')[position];
  (next ?? document.querySelector<HTMLButtonElement>('[data-kyc-submit]'))?.focus();
}

export function KycDateWarnings() {
  const t = useT();
  const summary = useKycStore((state) => state.summary);
  const waiting = useKycStore((state) => state.counts?.warnings ?? 0);
  const sending = useKycStore((state) => state.send?.phase === 'sending');
  const confirmWarnings = useKycStore((state) => state.confirmWarnings);
  const [rows, setRows] = useState<KycRowView[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Confirmation>();
  const panel = useRef<HTMLDivElement>(null);
  /** Where the focus goes once the rows are read again after a confirmation. */
  const refocus = useRef<number | undefined>(undefined);
  const batchId = summary?.batchId;

  useEffect(() => {
    if (refocus.current === undefined) return;
    focusAfterConfirm(panel.current, Math.min(refocus.current, rows.length - 1));
    refocus.current = undefined;
  }, [rows]);

  useEffect(() => {
    if (batchId === undefined || waiting === 0) {
      setRows([]);
      return;
    }
    let live = true;
    call('kyc.rows', { batchId, filter: 'warnings', limit: SHOWN })
      .then((page) => live && setRows(page.rows))
      .catch(
        (reason: unknown) =>
          live && setError(translate('kyc.notice.rowsUnread', { reason: errorMessage(reason) })),
      );
    return () => {
      live = false;
    };
  }, [batchId, waiting]);

  if (batchId === undefined || waiting === 0) return null;

  async function confirm(scope: { indices: number[] } | { count: number }, position: number) {
    setBusy(true);
    const refusal = await confirmWarnings(scope);
    setBusy(false);
    setError(refusal);
    if (!refusal) refocus.current = position;
  }

  const confirmAll = () =>
    setDialog({
      title: t('kyc.warnings.confirmTitle', { count: waiting }),
      body: t('kyc.warnings.confirmBody', { count: waiting }),
      confirmLabel: t('kyc.warnings.confirmLabel', { count: waiting }),
      onConfirm: () => confirm({ count: waiting }, 0),
    });

  return (
    <Alert
      ref={panel}
      color="yellow"
      p="sm"
      // Yellow's own title colour is too pale on its ground (axe: contrast).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
      title={t('kyc.warnings.title', { count: waiting })}
      data-testid="kyc-date-warnings"
    >
      <Stack gap="xs">
        <Text size="sm">{t('kyc.warnings.body')}</Text>
        <Table fz="sm" withRowBorders={false} verticalSpacing={2} data-testid="kyc-date-warning-rows">
          <Table.Tbody>
            {rows.map((row, position) => (
              <Table.Tr key={row.index}>
                <Table.Th scope="row" w="5rem" fw={500}>
                  {t('kyc.status.row', { row: row.row })}
                </Table.Th>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {row.record.userId ?? '—'}
                </Table.Td>
                <Table.Td>{row.warnings.map((warning) => problemText(t, warning)).join(' ')}</Table.Td>
                <Table.Td w="9rem" ta="right">
                  <Button
                    size="compact-sm"
                    variant="default"
                    data-confirm-row
                    disabled={busy || sending}
                    onClick={() => void confirm({ indices: [row.index] }, position)}
                  >
                    {t('kyc.warnings.confirmRow', { row: row.row })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="gray.8">
            {waiting > rows.length
              ? t('kyc.warnings.more', { count: waiting - rows.length })
              : t('kyc.warnings.marked')}
          </Text>
          <Button size="xs" data-confirm-all disabled={busy || sending} onClick={confirmAll}>
            {t('kyc.warnings.confirmAll', { count: waiting })}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
      </Stack>
      <ConfirmDialog confirmation={dialog} onClose={() => setDialog(undefined)} />
    </Alert>
  );
}
