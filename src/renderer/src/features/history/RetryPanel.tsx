// "Ask the gateway again" (the same order number) for a pay-in whose outcome is open. Paydesk keeps its body
// only for a while after the first attempt; after that (or a restart) main answers invalid on cardNumber
// and the operator types the same card again. The number cannot be copied or cut out of its field.
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ClipboardEvent, type DragEvent, type FormEvent, useState } from 'react';
import type { PayInResult } from '../../../../shared/ipc';
import { AskAgainExplained } from '../../lib/AskAgainExplained';
import { call, errorMessage, PaydeskError } from '../../lib/paydesk';
import { STATUS_LOOK } from '../../lib/status-look';
import { MONO_INPUT } from '../../lib/styles';
import { cardDigits, formatCardNumber, formatExpiry } from '../payin/card-input';

type Card = { cardNumber: string; cvv: string; expDate: string };

const block = (event: ClipboardEvent | DragEvent) => event.preventDefault();

function CardForm({ busy, onRetry }: { busy: boolean; onRetry: (card: Card) => void }) {
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
    onRetry(card);
  }
  return (
    <form onSubmit={onSubmit} aria-label="Card details for the retry">
      <Stack gap="xs">
        <TextInput
          label="Card number"
          description="The same card as the first attempt"
          value={cardNumber}
          onChange={(event) => setCardNumber(formatCardNumber(event.currentTarget.value))}
          onCopy={block}
          onCut={block}
          onDragStart={block}
          required
          autoComplete="off"
          spellCheck={false}
          inputMode="numeric"
          styles={MONO_INPUT}
          data-testid="retry-card-number"
        />
        <Group grow>
          <TextInput
            label="Expiry (MM/YY)"
            placeholder="MM/YY"
            value={expDate}
            onChange={(event) => setExpDate(formatExpiry(event.currentTarget.value, expDate))}
            required
            maxLength={5}
            autoComplete="off"
            inputMode="numeric"
            styles={MONO_INPUT}
          />
          <TextInput
            label="CVV"
            value={cvv}
            onChange={(event) => setCvv(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            required
            autoComplete="off"
            inputMode="numeric"
            styles={MONO_INPUT}
          />
        </Group>
        <Group>
          <Button type="submit" color="yellow" c="dark" loading={busy}>
            Retry with these card details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RetryPanel({
  historyId,
  merchantTradeNo,
  onDone,
}: {
  historyId: number;
  merchantTradeNo: string;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [needsCard, setNeedsCard] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [result, setResult] = useState<PayInResult | undefined>();

  async function retry(card?: Card) {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call('payin.retry', card ? { historyId, card } : { historyId });
      setResult(answer);
      setNeedsCard(false);
    } catch (error) {
      if (error instanceof PaydeskError && error.kind === 'invalid' && error.field === 'cardNumber') {
        setNeedsCard(true);
      }
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      onDone();
    }
  }

  return (
    <Stack gap="xs" data-testid="history-retry">
      <Text fw={700}>The customer may have been charged.</Text>
      <AskAgainExplained merchantTradeNo={merchantTradeNo} />
      {result && (
        <Alert color={STATUS_LOOK[result.status].color} p="xs" role="status">
          The gateway was asked again: <strong>{STATUS_LOOK[result.status].label}</strong>
          {result.message ? `: ${result.message}` : ''}
        </Alert>
      )}
      {problem && (
        <Alert color="orange" p="xs" role="alert">
          {problem}
        </Alert>
      )}
      {needsCard ? (
        <CardForm busy={busy} onRetry={(card) => void retry(card)} />
      ) : (
        <Group>
          <Button
            color="yellow"
            c="dark"
            loading={busy}
            onClick={() => void retry()}
            data-testid="retry-same"
          >
            Ask the gateway again
          </Button>
        </Group>
      )}
    </Stack>
  );
}
