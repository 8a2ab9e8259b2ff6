// A settled pay-in's receipt: shown as main words it (the PDF's wording), printed from here, or saved as a
// PDF to send the customer. Main refuses a receipt for any pay-in the gateway has not approved or declined.
// It is in the agent's language unless they choose the cardholder's: main words the receipt in any of the
// desk's languages, with that language's dates and amounts.
import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { downloadBase64 } from '@renderer/lib/download';
import { languageOwnName } from '@renderer/lib/LanguagePicker';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { useOpenedOnceMounted } from '@renderer/lib/use-opened-once-mounted';
import { deskTimeZone } from '@shared/i18n/format';
import { isLanguage, LANGUAGES, type Language } from '@shared/languages';
import type { ReceiptView } from '@shared/receipt';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import './receipt.css';

// The PDF's inks (receipt-pdf.ts): readable on white and on paper.
const OUTCOME_COLOR = { approved: '#1b6e35', declined: '#a61e1e' } as const;

function ReceiptSheet({ view }: { view: ReceiptView }) {
  const { text, receipt } = view;
  return (
    <section className="paydesk-receipt-sheet" aria-label={text.title} lang={view.language}>
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

/** The agent's language first; the pseudo-locale of the tests stays offered while it is the desk's. */
function receiptLanguages(current: Language): { value: Language; label: string }[] {
  const languages: Language[] = LANGUAGES.includes(current as (typeof LANGUAGES)[number])
    ? [...LANGUAGES]
    : [current, ...LANGUAGES];
  return languages.map((language) => ({ value: language, label: languageOwnName(language) }));
}

export function ReceiptDialog({
  historyId,
  onClose,
}: {
  historyId: number | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const agentLanguage: Language = isLanguage(locale) ? locale : 'en';
  // The cardholder's language, chosen for this receipt; each receipt opens in the agent's.
  const [chosen, setChosen] = useState<{ historyId: number; language: Language }>();
  const language = chosen && chosen.historyId === historyId ? chosen.language : agentLanguage;
  const [view, setView] = useState<ReceiptView>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string>();
  const opened = useOpenedOnceMounted(historyId !== undefined);

  useEffect(() => {
    setProblem(undefined);
    setSaved(undefined);
    if (historyId === undefined) {
      setView(undefined);
      return;
    }
    let current = true;
    call('payin.receipt', { historyId, timeZone: deskTimeZone(), language }).then(
      (answer) => current && setView(answer),
      (error: unknown) => current && setProblem(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [historyId, language]);

  // Another pay-in's receipt, or one still in another language, is not this one yet.
  const shown = view?.receipt.historyId === historyId && view?.language === language ? view : undefined;

  async function savePdf() {
    if (historyId === undefined) return;
    setSaving(true);
    setProblem(undefined);
    try {
      const file = await call('payin.receiptPdf', { historyId, timeZone: deskTimeZone(), language });
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
      title={t('receipt.dialog.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('receipt.dialog.close') }}
    >
      <Stack gap="sm">
        {problem && (
          <Alert color="red" title={t('receipt.dialog.problem')}>
            {problem}
          </Alert>
        )}
        {!shown && !problem && <Loader size="sm" aria-label={t('receipt.dialog.loading')} />}
        {shown && <ReceiptSheet view={shown} />}
        {shown &&
          createPortal(
            <div className="paydesk-print-only" aria-hidden="true">
              <ReceiptSheet view={shown} />
            </div>,
            document.body,
          )}
        {saved && (
          <Text size="sm" role="status">
            {t('receipt.dialog.saved', { fileName: saved })}
          </Text>
        )}
        <Group justify="space-between" align="flex-end">
          <NativeSelect
            size="sm"
            w={230}
            label={t('receipt.dialog.language')}
            description={t('receipt.dialog.languageHint')}
            data={receiptLanguages(agentLanguage)}
            value={language}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (historyId !== undefined && isLanguage(value)) setChosen({ historyId, language: value });
            }}
            data-testid="receipt-language"
          />
          <Group>
            {/* The focus starts here: Print waits for the receipt, and a disabled button cannot take it. */}
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('receipt.dialog.closeButton')}
            </Button>
            <Button variant="default" disabled={!shown} loading={saving} onClick={() => void savePdf()}>
              {t('receipt.dialog.savePdf')}
            </Button>
            <Button disabled={!shown} onClick={() => window.print()}>
              {t('receipt.dialog.print')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
