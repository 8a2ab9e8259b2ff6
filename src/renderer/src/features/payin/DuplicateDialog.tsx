// Main suspects a second charge of the same card, amount and customer: the agent decides. The card
// details wait in memory for this answer only.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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

export function DuplicateDialog() {
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
      title="Possible duplicate payment"
      centered
      closeButtonProps={{ 'aria-label': "Close: don't send" }}
    >
      <Stack gap="md">
        <Text size="sm">{duplicate?.message.replace(/\s*Send a second payment anyway\?\s*$/, '')}</Text>
        <Text fw={700}>Send a second payment anyway?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} data-autofocus>
            Don't send
          </Button>
          <Button color="red.9" onClick={() => void confirm()}>
            Send a second payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
