// "The customer may have been charged": what asking the gateway again does, its button, and the card typed
// again when main no longer has it. The one panel of the result panel and History's drawer; each keeps
// its own state of the action (lib/ask-again.ts) and adds its own buttons and news.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AskAgainExplained } from '@renderer/lib/AskAgainExplained';
import type { AskAgainCard } from '@renderer/lib/ask-again';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CardNumberInput, CvvInput, ExpiryInput } from './CardInputs';
import { cardDigits } from './card-input';

/** The card typed again; the number cannot be copied, cut or dragged out of its field (CardInputs). */
function AskAgainCardForm({ busy, onAskAgain }: { busy: boolean; onAskAgain: (card: AskAgainCard) => void }) {
  const [cardNumber, setCardNumber] = useState('');
  const [expDate, setExpDate] = useState('');
  const [cvv, setCvv] = useState('');
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const card = { cardNumber: cardDigits(cardNumber), expDate, cvv };
    // The typed details leave the form at once; they exist only in the request in flight.
    setCardNumber('');
    setExpDate('');
    setCvv('');
    onAskAgain(card);
  }
  return (
    <form onSubmit={onSubmit} aria-label="Card details for asking again">
      <Stack gap="xs">
        <CardNumberInput
          description="The same card as the first attempt"
          value={cardNumber}
          onChange={setCardNumber}
          required
          data-testid="ask-again-card-number"
        />
        <Group grow>
          <ExpiryInput value={expDate} onChange={setExpDate} required />
          <CvvInput value={cvv} onChange={setCvv} required />
        </Group>
        <Group>
          <Button type="submit" color="yellow" c="dark" loading={busy}>
            Ask again with these card details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AskAgainPanel({
  merchantTradeNo,
  message,
  busy = false,
  problem,
  needsCard,
  onAskAgain,
  news,
  actions,
  testId,
}: {
  merchantTradeNo: string;
  /** The pay-in's own note (the result panel shows it here; History shows it above). */
  message?: string;
  busy?: boolean;
  /** Why the last ask did not reach the gateway. */
  problem: string | undefined;
  /** Main no longer has the card: the form to type it again replaces the button. */
  needsCard: boolean;
  onAskAgain: (card?: AskAgainCard) => void;
  /** What the last ask came to, where the caller shows it here. */
  news?: ReactNode;
  /** Buttons beside "Ask the gateway again". */
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={700}>The customer may have been charged.</Text>
      {message && <Text size="sm">{message}</Text>}
      <AskAgainExplained merchantTradeNo={merchantTradeNo} />
      {news}
      {problem && (
        <Alert color="orange" p="xs" role="alert">
          {problem}
        </Alert>
      )}
      {needsCard ? (
        <AskAgainCardForm busy={busy} onAskAgain={onAskAgain} />
      ) : (
        <Group>
          <Button
            color="yellow"
            c="dark"
            loading={busy}
            onClick={() => onAskAgain()}
            data-testid="ask-again-same"
          >
            Ask the gateway again
          </Button>
          {actions}
        </Group>
      )}
    </Stack>
  );
}
