// "Ask the gateway again" (the same order number) from History's drawer, for a pay-in whose outcome is
// open: the result panel's own panel and action (lib/AskAgainPanel, lib/ask-again), with the answer
// said here and the drawer refreshed after every attempt. Once the card was asked for, the form stays
// until asking again gets through.
import { Trans } from '@lingui/react';
import { Alert } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { AskAgainPanel } from '@renderer/lib/AskAgainPanel';
import { type AskAgainCard, askAgain } from '@renderer/lib/ask-again';
import { statusLook } from '@renderer/lib/status-look';
import { usePayInAttempts } from '@renderer/lib/use-payin-attempts';
import { messageText } from '@renderer/lib/words-text';
import type { PayInResult } from '@shared/ipc';
import { useState } from 'react';

export function AskAgainFromHistory({
  historyId,
  merchantTradeNo,
  onDone,
}: {
  historyId: number;
  merchantTradeNo: string;
  onDone: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [needsCard, setNeedsCard] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [news, setNews] = useState<{ result: PayInResult; settledMeanwhile: boolean } | undefined>();
  // Each ask is read back from History once it is over: the list grows by one even when nothing changed.
  const [asks, setAsks] = useState(0);
  const attempts = usePayInAttempts(historyId, asks);

  async function ask(card?: AskAgainCard) {
    setBusy(true);
    setProblem(undefined);
    const outcome = await askAgain(historyId, card);
    if (outcome.kind === 'problem') {
      if (outcome.needsCard) setNeedsCard(true);
      setProblem(outcome.message);
    } else {
      setNews({ result: outcome.result, settledMeanwhile: outcome.kind === 'settled' });
      setNeedsCard(false);
    }
    setBusy(false);
    setAsks((count) => count + 1);
    onDone();
  }

  const look = news && statusLook(t, news.result.status);
  return (
    <AskAgainPanel
      merchantTradeNo={merchantTradeNo}
      busy={busy}
      problem={problem}
      needsCard={needsCard}
      onAskAgain={(card) => void ask(card)}
      testId="history-ask-again"
      attempts={attempts}
      news={
        news &&
        look && (
          <Alert color={look.color} p="xs" role="status">
            <Trans
              id={news.settledMeanwhile ? 'history.askAgain.settledMeanwhile' : 'history.askAgain.asked'}
              values={{ status: look.label }}
              components={{ 0: <strong /> }}
            />
            {news.result.message ? `: ${messageText(t, news.result)}` : ''}
          </Alert>
        )
      }
    />
  );
}
