// Each time Paydesk put a pay-in's order to the gateway, and what came back, read from the row's audit
// timeline (history.get) as main recorded it: the first send's answer and every "ask again" (the agent's,
// or the desk's own). The result panel and History's drawer list them under "The customer may have been
// charged", so that a second ask that changed nothing still shows as an attempt of its own. Each attempt
// keeps what main recorded; its words come when it is shown, in the language of that moment.

import type { Translate } from '@renderer/i18n/use-t';
import type { ChannelOutput } from '@shared/ipc';
import { OUTCOME_UNKNOWN_REASONS } from '@shared/payin-lifecycle';

type AuditEntryView = ChannelOutput<'history.get'>['timeline'][number];

export interface PayInAttempt {
  seq: number;
  at: number;
  /** The first send, or the same order number asked about again. */
  kind: 'sent' | 'asked_again';
  /** Who asked: the agent's name, or the desk's own. */
  operator: string;
  /** The gateway's answer as main recorded it (answerWords says it in a few words). */
  answer: Record<string, unknown>;
  /** The status it moved the pay-in to; undefined when it changed nothing. */
  statusAfter: unknown;
}

const KIND_OF_EVENT: ReadonlyMap<string, PayInAttempt['kind']> = new Map([
  ['payin.answer', 'sent'],
  ['payin.ask_again', 'asked_again'],
  // The same event as files written before it was renamed hold it (audit entries are never rewritten).
  ['payin.replay', 'asked_again'],
]);

/** The answers main reads (gateway/payin-answer.ts), by their word and, for an unreadable one, its reason. */
const WORDS = ['approved', 'declined', 'processing', 'action_required', 'no_order', 'not_connected'] as const;
const REASONS = OUTCOME_UNKNOWN_REASONS;
const known = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  (list as readonly (string | undefined)[]).includes(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/**
 * "server error (HTTP 500)", "refused the request (code 90750001)", "approved". A server error's code is
 * left out: the HTTP status says it, and the line stays short.
 */
export function answerWords(t: Translate, detail: Record<string, unknown>): string {
  const word = text(detail.word);
  const reason = text(detail.reason);
  const base = known(WORDS, word)
    ? t(`attempts.word.${word}`)
    : known(REASONS, reason)
      ? t(`attempts.reason.${reason}`)
      : t('attempts.noAnswer');
  const code = int(detail.code);
  const httpStatus = int(detail.httpStatus);
  const facts = [
    httpStatus !== undefined && httpStatus !== 200 ? t('attempts.http', { status: httpStatus }) : undefined,
    code !== undefined && word !== 'approved' && word !== 'declined' && reason !== 'server_error'
      ? t('attempts.code', { code: String(code) })
      : undefined,
  ].filter((fact) => fact !== undefined);
  return facts.length > 0 ? t('attempts.withFacts', { answer: base, facts: facts.join(', ') }) : base;
}

/** The attempts of a pay-in, oldest first, from its audit timeline. */
export function attemptsOf(timeline: readonly AuditEntryView[]): PayInAttempt[] {
  return [...timeline]
    .sort((a, b) => a.seq - b.seq)
    .flatMap((entry) => {
      const kind = KIND_OF_EVENT.get(entry.event);
      if (!kind) return [];
      return [
        {
          seq: entry.seq,
          at: entry.at,
          kind,
          operator: entry.operator,
          answer: entry.detail,
          statusAfter:
            entry.detail.from === entry.detail.to ? undefined : (entry.detail.to ?? entry.detail.decided),
        },
      ];
    });
}
