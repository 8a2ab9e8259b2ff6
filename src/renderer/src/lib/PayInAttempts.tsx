// The list under "The customer may have been charged": each time the order went to the gateway, when, and
// what came back, so that asking again twice shows two attempts even when both answers say the same.
import { Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { useId } from 'react';
import { localDateTime } from './local-time';
import { answerWords, type PayInAttempt } from './payin-attempts';
import { statusWords } from './status-look';

/** "20:01:12" today, "2026-11-27 20:01:12" on another day. */
function timeOf(at: number, now: number): string {
  const full = localDateTime(at);
  return full.slice(0, 10) === localDateTime(now).slice(0, 10) ? full.slice(11) : full;
}

export function PayInAttempts({ attempts }: { attempts: readonly PayInAttempt[] }) {
  const t = useT();
  const labelId = useId();
  const now = Date.now();
  const asked = attempts.filter((attempt) => attempt.kind === 'asked_again').length;
  return (
    <div>
      <Text size="sm" fw={600} id={labelId}>
        {t('attempts.asked', { count: asked })}
      </Text>
      <ol className="payin-attempts" aria-labelledby={labelId} data-testid="payin-attempts">
        {attempts.map((attempt) => {
          const after = statusWords(t, attempt.statusAfter);
          const answer = answerWords(t, attempt.answer);
          return (
            <li key={attempt.seq}>
              <span className="payin-attempts-time">{timeOf(attempt.at, now)}</span>{' '}
              {attempt.kind === 'sent'
                ? t('attempts.sent', { answer })
                : t('attempts.askedAgain', { answer })}
              {after ? ` → ${after}` : ''}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
