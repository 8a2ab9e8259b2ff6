// A settled pay-in's receipt: shown as main words it (the PDF's wording), printed from here, or saved as a
// PDF to send the customer. Main refuses a receipt for any pay-in the gateway has not approved or declined.
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { downloadBase64 } from '@renderer/lib/download';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { useOpenedOnceMounted } from '@renderer/lib/use-opened-once-mounted';
import type { Receipt } from '@shared/receipt';
import { receiptText } from '@shared/receipt-text';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import './receipt.css';

const deskTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
// The PDF's inks (receipt-pdf.ts): readable on white and on paper.
const OUTCOME_COLOR = { approved: '#1b6e35', declined: '#a61e1e' } as const;

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const text = receiptText(receipt);
  return (
    <section className="paydesk-receipt-sheet" aria-label={text.title}>
      <Stack gap={2}>
        <Text fw={700} size="lg">
          {text.merchant}
        </Text>
        {text.merchantDetail && (
          <Text size="xs" c="dark.3">
            {text.merchantDetail}
          </Text>
        )}
      </Stack>
      <Text size="sm" c="dark.3" tt="uppercase" mt="xs" style={{ letterSpacing: '0.08em' }}>
        {text.title}
      </Text>
      {text.testNotice && (
        <Text size="sm" fw={700} c="#8a4b00" bg="#fff4e0" p={6} mt={6}>
          {text.testNotice}
        </Text>
      )}
      <Title order={3} mt="xs" fz={26}>
        {text.amount}
      </Title>
      <Text fw={700} c={OUTCOME_COLOR[receipt.status]}>
        {text.outcome}
      </Text>
      {text.outcomeDetail && <Text size="sm">{text.outcomeDetail}</Text>}
      <dl style={{ marginTop: '0.6rem' }}>
        {text.lines.map((line) => (
          <div key={line.label} style={{ display: 'contents' }}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <Text size="xs" c="dark.3" mt="sm">
        {text.footer}
      </Text>
    </section>
  );
}

export function ReceiptDialog({
  historyId,
  onClose,
}: {
  historyId: number | undefined;
  onClose: () => void;
}) {
  const [receipt, setReceipt] = useState<Receipt>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string>();
  const opened = useOpenedOnceMounted(historyId !== undefined);

  useEffect(() => {
    setReceipt(undefined);
    setProblem(undefined);
    setSaved(undefined);
    if (historyId === undefined) return;
    let current = true;
    call('payin.receipt', { historyId, timeZone: deskTimeZone() }).then(
      (answer) => current && setReceipt(answer),
      (error: unknown) => current && setProblem(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [historyId]);

  async function savePdf() {
    if (historyId === undefined) return;
    setSaving(true);
    setProblem(undefined);
    try {
      const file = await call('payin.receiptPdf', { historyId, timeZone: deskTimeZone() });
      downloadBase64(file.pdfBase64, file.fileName, 'application/pdf');
      setSaved(file.fileName);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Receipt"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close the receipt' }}
    >
      <Stack gap="sm">
        {problem && (
          <Alert color="red" title="No receipt">
            {problem}
          </Alert>
        )}
        {!receipt && !problem && <Loader size="sm" aria-label="Loading the receipt" />}
        {receipt && <ReceiptSheet receipt={receipt} />}
        {receipt &&
          createPortal(
            <div className="paydesk-print-only" aria-hidden="true">
              <ReceiptSheet receipt={receipt} />
            </div>,
            document.body,
          )}
        {saved && (
          <Text size="sm" role="status">
            {saved} made: choose where to keep it if asked, then attach it to the customer's e-mail.
          </Text>
        )}
        <Group justify="flex-end">
          {/* The focus starts here: Print waits for the receipt, and a disabled button cannot take it. */}
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
          <Button variant="default" disabled={!receipt} loading={saving} onClick={() => void savePdf()}>
            Save PDF
          </Button>
          <Button disabled={!receipt} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
