// The 3-D Secure or hosted payment page of a pay-in waiting for the bank, where the app shows it
// (app.info's bankPageView): in the Electron app an isolated window main opens, which the panel can bring
// to the front or cancel; in the browser harness a sandboxed frame in the panel, or (window mode) a
// popup the panel opens itself and closes again once the bank step is over.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { translate } from '@renderer/i18n/i18n';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import type { PayInResult } from '@shared/ipc';
import { useEffect, useRef, useState } from 'react';
import { usePayInStore } from './store';

type BankPageLink = NonNullable<PayInResult['bankPage']>;

/** What the bank page asks for, where the agent completes it: its own window. */
function intro(t: Translate, page: BankPageLink): string {
  return page.kind === '3ds' ? t('bankPage.window.intro3ds') : t('bankPage.window.introHosted');
}

function CancelButton({ historyId, page, size }: { historyId: number; page: BankPageLink; size?: 'xs' }) {
  const t = useT();
  const cancelBankPage = usePayInStore((state) => state.cancelBankPage);
  return (
    <Button
      variant="default"
      size={size}
      style={{ flexShrink: 0 }}
      onClick={() => void cancelBankPage(historyId)}
    >
      {page.kind === '3ds' ? t('bankPage.cancel3ds') : t('bankPage.cancelHosted')}
    </Button>
  );
}

function BankPageFrame({ historyId, page }: { historyId: number; page: BankPageLink }) {
  const t = useT();
  return (
    <Stack gap="xs">
      {/* One short line and Cancel above the frame: at 700 px the bank's own Confirm stays in view. */}
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="xs">
          {page.kind === '3ds' ? t('bankPage.frame.intro3ds') : t('bankPage.frame.introHosted')}
        </Text>
        <CancelButton historyId={historyId} page={page} size="xs" />
      </Group>
      <iframe
        title={page.kind === '3ds' ? t('bankPage.frame.title3ds') : t('bankPage.frame.titleHosted')}
        src={page.url}
        sandbox="allow-scripts allow-forms allow-same-origin"
        referrerPolicy="no-referrer"
        style={{
          width: '100%',
          // As tall as the sticky panel allows under its heading and these words, never less than 380.
          height: 'max(380px, calc(100vh - 230px))',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
        }}
        data-testid="bank-page"
        // The harness's bridge finds the pay-in of a frame that came back to a return page by it.
        data-history-id={historyId}
      />
    </Stack>
  );
}

/**
 * A popup of the panel's own (the harness's window mode). It keeps its opener: a browser lets a page
 * close only the windows it is still related to, and the panel closes this one when the bank step ends.
 * That relation is the harness's alone; the app's bank window is a separate Electron window with none.
 */
function openPopup(page: BankPageLink, historyId: number): Window | null {
  // The harness's bridge knows the pay-in of a popup that came back to a return page by this name.
  return window.open(page.url, `paydesk-bank-${historyId}`, 'popup,width=520,height=680');
}

/**
 * The bank page in a window of its own. `opener`: who opens it — main (the Electron app) or this panel
 * (the harness). Closing the window before the bank step is over cancels it, as in the app.
 */
function BankPageWindow({
  historyId,
  page,
  opener,
}: {
  historyId: number;
  page: BankPageLink;
  opener: 'main' | 'panel';
}) {
  const t = useT();
  const cancelBankPage = usePayInStore((state) => state.cancelBankPage);
  const popup = useRef<Window | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  const { url, kind } = page;
  useEffect(() => {
    if (opener !== 'panel') return;
    popup.current = openPopup({ url, kind }, historyId);
    if (!popup.current) {
      setProblem(translate('bankPage.window.blocked'));
      return;
    }
    const watch = window.setInterval(() => {
      if (popup.current?.closed) {
        window.clearInterval(watch);
        popup.current = null;
        void cancelBankPage(historyId);
      }
    }, 500);
    return () => {
      // The bank step is over (the panel moved on): its window goes too.
      window.clearInterval(watch);
      if (popup.current && !popup.current.closed) popup.current.close();
      popup.current = null;
    };
  }, [opener, url, kind, historyId, cancelBankPage]);

  async function bringToFront() {
    setProblem(undefined);
    if (opener === 'panel') {
      if (popup.current && !popup.current.closed) popup.current.focus();
      else setProblem(t('bankPage.window.closed'));
      return;
    }
    try {
      const { focused } = await call('payin.focusBankPage', { historyId });
      if (!focused) setProblem(t('bankPage.window.closed'));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Stack gap="xs" data-testid="bank-page-window">
      <Text size="sm">
        <strong>{t('bankPage.window.open')}</strong> {intro(t, page)}
      </Text>
      {problem && (
        <Alert color="orange" p="xs" role="alert">
          {problem}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void bringToFront()}>{t('bankPage.window.bringToFront')}</Button>
        <CancelButton historyId={historyId} page={page} />
      </Group>
    </Stack>
  );
}

export function BankPage({ result }: { result: PayInResult }) {
  // Until app.info is in (it is read at start), the frame: what the harness shows.
  const view = useSettingsStore((state) => state.appInfo?.bankPageView ?? 'iframe');
  if (!result.bankPage) return null;
  if (view === 'iframe') return <BankPageFrame historyId={result.historyId} page={result.bankPage} />;
  return (
    <BankPageWindow
      historyId={result.historyId}
      page={result.bankPage}
      opener={view === 'window' ? 'main' : 'panel'}
    />
  );
}
