// The list under "The customer may have been charged": each time the order went to the gateway, when, and
// what came back, so that asking again twice shows two attempts even when both answers say the same.
import { Text } from '@mantine/core';
import { useId } from 'react';
import { localDateTime } from './local-time';
import type { PayInAttempt } from './payin-attempts';

const KIND_WORDS: Record<PayInAttempt['kind'], string> = {
  sent: 'Sent',
  asked_again: 'Asked again',
};

/** "20:01:12" today, "2026-11-27 20:01:12" on another day. */
function timeOf(at: number, now: number): string {
  const full = localDateTime(at);
  return full.slice(0, 10) === localDateTime(now).slice(0, 10) ? full.slice(11) : full;
}

export function PayInAttempts({ attempts }: { attempts: readonly PayInAttempt[] }) {
  const labelId = useId();
  const now = Date.now();
  const asked = attempts.filter((attempt) => attempt.kind === 'asked_again').length;
  return (
    <div>
      <Text size="sm" fw={600} id={labelId}>
        {asked === 0
          ? 'Not asked again yet'
          : asked === 1
            ? 'Asked again once'
            : `Asked again ${asked} times`}
      </Text>
      <ol className="payin-attempts" aria-labelledby={labelId} data-testid="payin-attempts">
        {attempts.map((attempt) => (
          <li key={attempt.seq}>
            <span className="payin-attempts-time">{timeOf(attempt.at, now)}</span> {KIND_WORDS[attempt.kind]}:{' '}
            {attempt.answer}
            {attempt.statusAfter ? ` → ${attempt.statusAfter}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}
