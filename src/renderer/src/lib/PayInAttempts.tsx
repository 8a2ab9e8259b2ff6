// The list under "The customer may have been charged": each time the order went to the gateway, when, and
// what came back, so that asking again twice shows two attempts even when both answers say the same.
import { Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { formatTimeOrDateTime } from '@shared/i18n/format';
import { useId } from 'react';
import { answerWords, type PayInAttempt } from './payin-attempts';
import { statusWords } from './status-look';

export function PayInAttempts({ attempts }: { attempts: readonly PayInAttempt[] }) {
  const t = useT();
  const locale = useLocale();
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
              <span className="payin-attempts-time">
                {/* "20:01:12" today, the day too on another: to the second, for whoever reviews the attempts. */}
                {formatTimeOrDateTime(attempt.at, now, locale, { seconds: true })}
              </span>{' '}
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
