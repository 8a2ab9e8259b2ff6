// Main suspects a second charge of the same card, amount and customer: the agent decides. The card
// details wait in memory for this answer only.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { useOpenedOnceMounted } from '@renderer/lib/use-opened-once-mounted';
import { usePayInStore } from './store';
import { SEND_BUTTON_ID } from './TestScenarioPicker';

/**
 * "Don't send" gives the focus back to Send payment, where the question came from (issue 35, item 10): the
 * button was disabled while main checked, so the dialog's own return found nothing and the focus fell to
 * the page's body.
 */
function backToSend() {
  setTimeout(() => document.getElementById(SEND_BUTTON_ID)?.focus(), 0);
}

/** Main's question without its last sentence, which the dialog asks on a line of its own. */
function withoutQuestion(message: string, question: string): string {
  const trimmed = message.trimEnd();
  return trimmed.endsWith(question) ? trimmed.slice(0, -question.length).trimEnd() : trimmed;
}

export function DuplicateDialog() {
  const t = useT();
  const duplicate = usePayInStore((state) => state.duplicate);
  const confirm = usePayInStore((state) => state.confirmDuplicate);
  const dismissDuplicate = usePayInStore((state) => state.dismissDuplicate);
  const dismiss = () => {
    dismissDuplicate();
    backToSend();
  };
  const opened = useOpenedOnceMounted(duplicate !== undefined);
  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={t('payin.duplicate.title')}
      centered
      closeButtonProps={{ 'aria-label': t('payin.duplicate.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {duplicate && withoutQuestion(duplicate.message, t('payin.duplicate.question'))}
        </Text>
        <Text fw={700}>{t('payin.duplicate.question')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} data-autofocus>
            {t('payin.duplicate.dontSend')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()}>
            {t('payin.duplicate.sendAgain')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
