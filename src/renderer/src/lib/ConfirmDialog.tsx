// One confirmation dialog for irreversible or risky steps (delete a profile, remove a secret, forget a card,
// switch to production, drop unsaved changes). The safe choice has the focus; Escape means "no".
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { type ReactNode, useRef, useState } from 'react';
import { ProblemAlert } from './ProblemAlert';
import { errorMessage } from './paydesk';

export interface Confirmation {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone or charges real cards. */
  danger?: boolean;
  onConfirm: () => Promise<void> | void;
}

export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  // The words stay while the dialog fades out after an answer.
  const last = useRef<Confirmation | undefined>(undefined);
  // Where the focus was when it was asked: it goes back there on close (issue 35, item 10). Mantine's own
  // return misses a dialog mounted already open (a lazy one), and the focus fell to the page's body.
  const returnTo = useRef<HTMLElement | null>(null);
  if (confirmation && confirmation !== last.current) {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  if (confirmation) last.current = confirmation;
  const shown = last.current;

  function close() {
    setProblem(undefined);
    onClose();
    const target = returnTo.current;
    returnTo.current = null;
    setTimeout(() => {
      if (target?.isConnected) target.focus();
    }, 0);
  }

  async function confirm() {
    if (!confirmation) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await confirmation.onConfirm();
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={confirmation !== undefined}
      onClose={close}
      title={shown?.title}
      centered
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" component="div">
          {shown?.body}
        </Text>
        <ProblemAlert problem={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={shown?.danger ? 'red.9' : 'indigo.7'} loading={busy} onClick={() => void confirm()}>
            {shown?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
