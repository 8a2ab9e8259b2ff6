// "The customer may have been charged" in three short lines (what is known, what to do, the order number
// to quote), each attempt so far with its time and the gateway's answer, the button, and the card typed
// again when main no longer has it; the full explanation one click away. The one panel of the result panel
// and History's drawer; each keeps its own state of the action (lib/ask-again.ts) and adds its own buttons
// and news.
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AskAgainExplained } from './AskAgainExplained';
import type { AskAgainCard } from './ask-again';
import { CardNumberInput, CvvInput, ExpiryInput } from './CardInputs';
import { CopyValue } from './CopyValue';
import { cardDigits } from './card-input';
import { PayInAttempts } from './PayInAttempts';
import type { PayInAttempt } from './payin-attempts';
import './ask-again.css';

/** The card typed again; the number cannot be copied, cut or dragged out of its field (CardInputs). */
function AskAgainCardForm({ busy, onAskAgain }: { busy: boolean; onAskAgain: (card: AskAgainCard) => void }) {
  const t = useT();
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
    <form onSubmit={onSubmit} aria-label={t('askAgain.cardForm')}>
      <Stack gap="xs">
        <CardNumberInput
          description={t('askAgain.sameCard')}
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
          <Button type="submit" color="yellow" c="dark" loading={busy} className="ask-again-button">
            {t('askAgain.withCard')}
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
  attempts,
  testId,
}: {
  merchantTradeNo: string;
  /** The pay-in's own note (the result panel shows it under "Why is the outcome unknown?"; History above). */
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
  /** Each time the order was put to the gateway, as History recorded it (none listed while unknown). */
  attempts?: readonly PayInAttempt[] | undefined;
  testId?: string;
}) {
  const t = useT();
  return (
    <Stack gap="xs" data-testid={testId}>
      <Stack gap={2} data-testid="ask-again-summary">
        <Text fw={700}>{t('askAgain.mayBeCharged')}</Text>
        <Text size="sm">{t('askAgain.whatToDo')}</Text>
        <Group gap={6} fz="sm">
          <Text size="sm">{t('askAgain.orderNumber')}</Text>
          <Box ff="monospace" fz="sm" fw={600} data-testid="ask-again-order-number">
            <CopyValue label={t('askAgain.orderNumberToCopy')} value={merchantTradeNo} />
          </Box>
        </Group>
      </Stack>
      {attempts && attempts.length > 0 && <PayInAttempts attempts={attempts} />}
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
            className="ask-again-button"
            onClick={() => onAskAgain()}
            data-testid="ask-again-same"
          >
            {t('askAgain.button')}
          </Button>
          {actions}
        </Group>
      )}
      <details className="ask-again-why">
        <summary>{t('askAgain.why')}</summary>
        <Stack gap={4} mt={4}>
          {message && <Text size="sm">{message}</Text>}
          <AskAgainExplained merchantTradeNo={merchantTradeNo} />
        </Stack>
      </details>
    </Stack>
  );
}
