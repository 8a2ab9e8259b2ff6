// The detail drawer of one row: whether it matches its audit trail, its fields, what happened to it
// (audit timeline), the request as sent (card masked, CVV removed) and the gateway's answer as received,
// plus asking the gateway again about a pay-in whose outcome is still open. A row of the team view reads
// the same, with its desk, from the team database: its audit trail is checked, its receipt printed and
// its gateway asked again on the desk that sent it.
import { Alert, Code, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { CopyValue } from '@renderer/lib/CopyValue';
import { ReceiptButton } from '@renderer/lib/receipt/ReceiptButton';
import { isHistoryStatus, kindLabel, STATUS_LOOK, statusLook } from '@renderer/lib/status-look';
import { reasonTexts, wordsText } from '@renderer/lib/words-text';
import { customerNameOf } from '@shared/customer-fields';
import type { HistoryRow, KycBatchRow, PayInRow } from '@shared/history';
import { formatDateTime } from '@shared/i18n/format';
import { hasReceipt } from '@shared/receipt';
import { phoneReference } from '@shared/trade-no';
import type { ReactNode } from 'react';
import { useAmountText } from './amount-text';
import { prettyJson } from './format';
import { KycEditsTable } from './KycEditsTable';
import { PayInWaysForward } from './PayInWaysForward';
import { isTeamRow } from './query';
import { StatusLabel } from './StatusLabel';
import { type HistoryDetail, type RowDetail, useHistoryStore } from './store';
import { batchCountWords, eventWords, statusChangeWords } from './timeline-words';

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="gray.7" w="10rem" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

function CopyField({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Field label={label} mono>
      <CopyValue label={label} value={value} />
    </Field>
  );
}

function JsonBlock({ title, text }: { title: string; text: string | null }) {
  const t = useT();
  if (text === null) {
    return (
      <Stack gap={4}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {t('history.detail.noneReceived')}
        </Text>
      </Stack>
    );
  }
  const pretty = prettyJson(text);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {title}
        </Title>
        {!pretty.isJson && (
          <Text size="xs" c="gray.7">
            {t('history.detail.notJson')}
          </Text>
        )}
      </Group>
      <Code
        block
        tabIndex={0}
        aria-label={title}
        style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {pretty.text || t('history.detail.empty')}
      </Code>
    </Stack>
  );
}

function PayInFields({ row }: { row: PayInRow }) {
  const t = useT();
  const amountText = useAmountText();
  return (
    <>
      <Field label={t('history.detail.amount')}>
        <Text span fw={700} ff="monospace">
          {amountText(row.amount, row.currency)}
        </Text>
      </Field>
      <Field label={t('history.detail.card')} mono>
        {row.maskedPan ?? t('history.detail.storedCard')}
        {row.brand ? ` (${row.brand})` : ''}
      </Field>
      <Field label="userId" mono>
        {row.userId}
      </Field>
      <Field label={t('history.detail.customer')}>{customerNameOf(row.request) ?? '—'}</Field>
      <CopyField label={t('history.detail.orderNumber')} value={row.merchantTradeNo} />
      <Field label={t('history.detail.reference')} mono>
        {phoneReference(row.merchantTradeNo)}
      </Field>
      <CopyField label="orderId" value={row.orderId} />
      <CopyField label="traceid" value={row.traceid} />
      {row.remark && <Field label={t('history.detail.remark')}>{row.remark}</Field>}
      <Field label={t('history.detail.api')}>{row.apiVersion}</Field>
    </>
  );
}

function BatchFields({ row }: { row: KycBatchRow }) {
  const t = useT();
  const { counts } = row;
  return (
    <>
      <Field label={t('history.detail.file')}>{row.fileName}</Field>
      <Field label="SHA-256" mono>
        {row.sha256}
      </Field>
      <Field label={t('history.detail.records')}>{batchCountWords(t, counts)}</Field>
    </>
  );
}

function Chunks({ row }: { row: KycBatchRow }) {
  const t = useT();
  if (row.chunks.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('history.detail.chunks')}
      </Title>
      <Table fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('history.detail.records')}</Table.Th>
            <Table.Th>{t('history.detail.code')}</Table.Th>
            <Table.Th>{t('history.detail.message')}</Table.Th>
            <Table.Th>traceid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.chunks.map((chunk) => (
            <Table.Tr key={chunk.index}>
              <Table.Td>{chunk.index + 1}</Table.Td>
              <Table.Td>{chunk.count}</Table.Td>
              <Table.Td>{chunk.code ?? '—'}</Table.Td>
              <Table.Td>{wordsText(t, { message: chunk.msg, words: chunk.words })}</Table.Td>
              <Table.Td ff="monospace">{chunk.traceid ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Timeline({ detail }: { detail: RowDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('history.detail.timeline')}
      </Title>
      {detail.timeline.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('history.detail.noEntries')}
        </Text>
      ) : (
        <Table fz="sm" striped data-testid="history-timeline">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.column.time')}</Table.Th>
              <Table.Th>{t('history.detail.by')}</Table.Th>
              <Table.Th>{t('history.detail.whatHappened')}</Table.Th>
              <Table.Th>{t('history.column.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.timeline.map((entry) => (
              <Table.Tr key={entry.seq}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.at, locale, { seconds: true })}
                </Table.Td>
                <Table.Td>{entry.operator}</Table.Td>
                <Table.Td title={entry.event}>{eventWords(t, entry.event, entry.detail)}</Table.Td>
                <Table.Td>{statusChangeWords(t, entry.detail, entry.event)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A row's note is headed by the status it explains, in that status's look. */
function noteLook(t: Translate, kind: string): { color: string; label: string } {
  if (kind === 'conflict') return { ...STATUS_LOOK.conflict, label: t('status.conflictCheck') };
  return isHistoryStatus(kind) ? statusLook(t, kind) : { color: 'gray', label: t('history.detail.note') };
}

function titleOf(t: Translate, row: HistoryRow): string {
  return row.kind === 'payin'
    ? t('history.detail.title.payin', { order: row.merchantTradeNo })
    : t('history.detail.title.kyc', { file: row.fileName });
}

/** The row against its audit trail: main checked it as it was read. */
function AuditState({ detail }: { detail: HistoryDetail }) {
  const t = useT();
  const { audit } = detail;
  if (audit.state === 'verified') {
    return (
      <Text size="sm" c="teal.9" data-testid="history-row-audit">
        ✓ {t('history.detail.auditMatches')}
      </Text>
    );
  }
  const failed = audit.state === 'failed';
  return (
    <Alert
      color={failed ? 'red' : 'yellow'}
      role={failed ? 'alert' : 'note'}
      p="xs"
      title={failed ? t('history.detail.auditFails') : t('history.detail.auditUnproved')}
      data-testid="history-row-audit"
    >
      <Stack gap={4}>
        {reasonTexts(t, audit).map((reason) => (
          <Text key={reason} size="sm">
            {reason}
          </Text>
        ))}
        <Text size="sm">{t('history.detail.auditWarning')}</Text>
      </Stack>
    </Alert>
  );
}

function Body({ detail }: { detail: RowDetail }) {
  const t = useT();
  const locale = useLocale();
  const { row } = detail;
  const team = isTeamRow(row);
  return (
    <Stack gap="md">
      {'audit' in detail ? (
        <AuditState detail={detail} />
      ) : (
        <Text size="sm" c="gray.7" data-testid="history-row-audit">
          {t('history.detail.fromTeam', { desk: team ? row.deskName : '' })}
        </Text>
      )}
      <Table withRowBorders={false} verticalSpacing={3} fz="sm">
        <Table.Tbody>
          <Field label={t('history.column.status')}>
            <StatusLabel status={row.status} />
          </Field>
          {team && <Field label={t('history.column.desk')}>{row.deskName || row.deskId}</Field>}
          <Field label={t('history.detail.kind')}>{kindLabel(t, row.kind)}</Field>
          <Field label={t('history.detail.created')}>
            {formatDateTime(row.createdAt, locale, { seconds: true })}
          </Field>
          {row.updatedAt !== row.createdAt && (
            <Field label={t('history.detail.updated')}>
              {formatDateTime(row.updatedAt, locale, { seconds: true })}
            </Field>
          )}
          <Field label={t('history.column.profile')}>{row.profile}</Field>
          <Field label={t('history.column.operator')}>{row.operator}</Field>
          {row.kind === 'payin' ? <PayInFields row={row} /> : <BatchFields row={row} />}
        </Table.Tbody>
      </Table>
      {row.note && (
        <Alert
          color={noteLook(t, row.note.kind).color}
          p="xs"
          title={noteLook(t, row.note.kind).label}
          data-testid="history-note"
        >
          {wordsText(t, row.note)}
          {row.note.field ? ` ${t('history.detail.noteField', { field: row.note.field })}` : ''}
        </Alert>
      )}
      {!team && row.kind === 'payin' && hasReceipt(row.status) && (
        <Group>
          <ReceiptButton historyId={row.id} size="sm" />
        </Group>
      )}
      {!team && row.kind === 'payin' && <PayInWaysForward row={row} timeline={detail.timeline} />}
      <Timeline detail={detail} />
      {row.kind === 'payin' ? (
        <>
          <JsonBlock title={t('history.detail.request')} text={row.request} />
          <JsonBlock title={t('history.detail.response')} text={row.rawResponse} />
        </>
      ) : (
        <>
          <Chunks row={row} />
          {'kycEdits' in detail && detail.kycEdits && (
            <KycEditsTable edits={detail.kycEdits} unreadable={detail.kycEditsUnreadable ?? 0} />
          )}
        </>
      )}
    </Stack>
  );
}

export function HistoryDetailDrawer() {
  const t = useT();
  const selected = useHistoryStore((state) => state.selected);
  const detail = useHistoryStore((state) => state.detail);
  const detailError = useHistoryStore((state) => state.detailError);
  const close = useHistoryStore((state) => state.close);
  return (
    <Drawer
      opened={selected !== undefined}
      onClose={close}
      position="right"
      size="44rem"
      title={
        <Text component="span" fw={700} size="lg">
          {detail ? titleOf(t, detail.row) : t('history.detail.entry')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('history.detail.close') }}
      data-testid="history-detail"
    >
      {detailError && (
        <Alert color="red" role="alert">
          {wordsText(t, detailError)}
        </Alert>
      )}
      {!detail && !detailError && <Loader aria-label={t('history.detail.loading')} />}
      {detail && <Body detail={detail} />}
    </Drawer>
  );
}
