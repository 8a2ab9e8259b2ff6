// The attempts of a pay-in as main recorded them (its History timeline, history.get), read again whenever
// `asOf` changes: after each ask, the caller passes something new (the answer, a count).
import { useEffect, useState } from 'react';
import { call } from './paydesk';
import { attemptsOf, type PayInAttempt } from './payin-attempts';

/** Undefined until read, or when History cannot say (the panel then lists none). */
export function usePayInAttempts(historyId: number, asOf: unknown): PayInAttempt[] | undefined {
  const [attempts, setAttempts] = useState<PayInAttempt[] | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asOf` is the signal to read again
  useEffect(() => {
    let current = true;
    call('history.get', { id: historyId })
      .then((detail) => {
        if (current) setAttempts(attemptsOf(detail.timeline));
      })
      .catch(() => {
        if (current) setAttempts(undefined);
      });
    return () => {
      current = false;
    };
  }, [historyId, asOf]);
  return attempts;
}
