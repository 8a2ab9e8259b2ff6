// The detail drawer of one row: whether it matches its audit trail, its fields, what happened to it
// (audit timeline), the request as sent (card masked, CVV removed) and the gateway's answer as received,
// plus asking the gateway again about a pay-in whose outcome is still open. A row of the team view reads
// the same, with its desk, from the team database: its audit trail is checked, its receipt printed and
// its gateway asked again on the desk that sent it.
import { Alert, Code, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { CopyValue } from '@renderer/lib/CopyValue';
import { ReceiptButton } from '@renderer/lib/receipt/ReceiptButton';
import { type HistoryStatus, KIND_LABEL, STATUS_LOOK } from '@renderer/lib/status-look';
import { customerNameOf } from '@shared/customer-fields';
import type { HistoryRow, KycBatchRow, PayInRow } from '@shared/history';
import { hasReceipt } from '@shared/receipt';
import { phoneReference } from '@shared/trade-no';
import type { ReactNode } from 'react';
import { localDateTime, prettyJson } from './format';
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
  if (text === null) {
    return (
      <Stack gap={4}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          None received.
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
            not JSON, shown as received
          </Text>
        )}
      </Group>
      <Code
        block
        tabIndex={0}
        aria-label={title}
        style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {pretty.text || '(empty)'}
      </Code>
    </Stack>
  );
}

function PayInFields({ row }: { row: PayInRow }) {
  return (
    <>
      <Field label="Amount">
        <Text span fw={700} ff="monospace">
          {row.amount} {row.currency}
        </Text>
      </Field>
      <Field label="Card" mono>
        {row.maskedPan ?? 'stored card'}
        {row.brand ? ` (${row.brand})` : ''}
      </Field>
      <Field label="userId" mono>
        {row.userId}
      </Field>
      <Field label="Customer">{customerNameOf(row.request) ?? '—'}</Field>
      <CopyField label="Order number" value={row.merchantTradeNo} />
      <Field label="Reference" mono>
        {phoneReference(row.merchantTradeNo)}
      </Field>
      <CopyField label="orderId" value={row.orderId} />
      <CopyField label="traceid" value={row.traceid} />
      {row.remark && <Field label="Remark">{row.remark}</Field>}
      <Field label="API">{row.apiVersion}</Field>
    </>
  );
}

function BatchFields({ row }: { row: KycBatchRow }) {
  const { counts } = row;
  return (
    <>
      <Field label="File">{row.fileName}</Field>
      <Field label="SHA-256" mono>
        {row.sha256}
      </Field>
      <Field label="Records">{batchCountWords(counts)}</Field>
    </>
  );
}

function Chunks({ row }: { row: KycBatchRow }) {
  if (row.chunks.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Chunks sent
      </Title>
      <Table fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Records</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>traceid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.chunks.map((chunk) => (
            <Table.Tr key={chunk.index}>
              <Table.Td>{chunk.index + 1}</Table.Td>
              <Table.Td>{chunk.count}</Table.Td>
              <Table.Td>{chunk.code ?? '—'}</Table.Td>
              <Table.Td>{chunk.msg}</Table.Td>
              <Table.Td ff="monospace">{chunk.traceid ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Timeline({ detail }: { detail: RowDetail }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Timeline
      </Title>
      {detail.timeline.length === 0 ? (
        <Text size="sm" c="gray.7">
          No audit entries.
        </Text>
      ) : (
        <Table fz="sm" striped data-testid="history-timeline">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time (local)</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>What happened</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.timeline.map((entry) => (
              <Table.Tr key={entry.seq}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{localDateTime(entry.at)}</Table.Td>
                <Table.Td>{entry.operator}</Table.Td>
                <Table.Td title={entry.event}>{eventWords(entry.event, entry.detail)}</Table.Td>
                <Table.Td>{statusChangeWords(entry.detail, entry.event)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A row's note is headed by the status it explains, in that status's look. */
function noteLook(kind: string): { color: string; label: string } {
  if (kind === 'conflict') return { ...STATUS_LOOK.conflict, label: 'Conflict: check the order' };
  return Object.hasOwn(STATUS_LOOK, kind)
    ? STATUS_LOOK[kind as HistoryStatus]
    : { color: 'gray', label: 'Note' };
}

function titleOf(row: HistoryRow): string {
  return row.kind === 'payin' ? `Pay-in ${row.merchantTradeNo}` : `KYC batch ${row.fileName}`;
}

/** The row against its audit trail: main checked it as it was read. */
function AuditState({ detail }: { detail: HistoryDetail }) {
  const { audit } = detail;
  if (audit.state === 'verified') {
    return (
      <Text size="sm" c="teal.9" data-testid="history-row-audit">
        ✓ Matches its audit trail.
      </Text>
    );
  }
  const failed = audit.state === 'failed';
  return (
    <Alert
      color={failed ? 'red' : 'yellow'}
      role={failed ? 'alert' : 'note'}
      p="xs"
      title={failed ? 'This row fails verification against the audit trail' : 'This row cannot be proved'}
      data-testid="history-row-audit"
    >
      <Stack gap={4}>
        {audit.reasons.map((reason) => (
          <Text key={reason} size="sm">
            {reason}
          </Text>
        ))}
        <Text size="sm">
          What it shows may not be what Paydesk recorded. Paydesk does not ask the gateway about it again or
          record anything on top of it: look the order up at the gateway.
        </Text>
      </Stack>
    </Alert>
  );
}

function Body({ detail }: { detail: RowDetail }) {
  const { row } = detail;
  const team = isTeamRow(row);
  return (
    <Stack gap="md">
      {'audit' in detail ? (
        <AuditState detail={detail} />
      ) : (
        <Text size="sm" c="gray.7" data-testid="history-row-audit">
          Read from the team database. Its audit trail is checked, its receipt printed and its gateway asked
          again on desk “{team ? row.deskName : ''}”, which sent it.
        </Text>
      )}
      <Table withRowBorders={false} verticalSpacing={3} fz="sm">
        <Table.Tbody>
          <Field label="Status">
            <StatusLabel status={row.status} />
          </Field>
          {team && <Field label="Desk">{row.deskName || row.deskId}</Field>}
          <Field label="Kind">{KIND_LABEL[row.kind]}</Field>
          <Field label="Created (local)">{localDateTime(row.createdAt)}</Field>
          {row.updatedAt !== row.createdAt && (
            <Field label="Updated (local)">{localDateTime(row.updatedAt)}</Field>
          )}
          <Field label="Profile">{row.profile}</Field>
          <Field label="Operator">{row.operator}</Field>
          {row.kind === 'payin' ? <PayInFields row={row} /> : <BatchFields row={row} />}
        </Table.Tbody>
      </Table>
      {row.note && (
        <Alert
          color={noteLook(row.note.kind).color}
          p="xs"
          title={noteLook(row.note.kind).label}
          data-testid="history-note"
        >
          {row.note.message}
          {row.note.field ? ` (field ${row.note.field})` : ''}
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
          <JsonBlock title="Request as sent (card masked, CVV removed)" text={row.request} />
          <JsonBlock title="Response as received" text={row.rawResponse} />
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
          {detail ? titleOf(detail.row) : 'History entry'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the detail' }}
      data-testid="history-detail"
    >
      {detailError && (
        <Alert color="red" role="alert">
          {detailError}
        </Alert>
      )}
      {!detail && !detailError && <Loader aria-label="Loading the entry" />}
      {detail && <Body detail={detail} />}
    </Drawer>
  );
}
