// Each time Paydesk put a pay-in's order to the gateway, and what came back, read from the row's audit
// timeline (history.get) as main recorded it: the first send's answer and every "ask again" (the agent's,
// or the desk's own). The result panel and History's drawer list them under "The customer may have been
// charged", so that a second ask that changed nothing still shows as an attempt of its own.

import type { ChannelOutput } from '@shared/ipc';
import { isPayInStatus } from '@shared/payin-lifecycle';
import { STATUS_LOOK } from './status-look';

type AuditEntryView = ChannelOutput<'history.get'>['timeline'][number];

export interface PayInAttempt {
  seq: number;
  at: number;
  /** The first send, or the same order number asked about again. */
  kind: 'sent' | 'asked_again';
  /** Who asked: the agent's name, or the desk's own. */
  operator: string;
  /** The gateway's answer in a few words ("server error (HTTP 500)", "approved"). */
  answer: string;
  /** The status it moved the pay-in to, in History's words; undefined when it changed nothing. */
  statusAfter: string | undefined;
}

const KIND_OF_EVENT: ReadonlyMap<string, PayInAttempt['kind']> = new Map([
  ['payin.answer', 'sent'],
  ['payin.ask_again', 'asked_again'],
  // The same event as files written before it was renamed hold it (audit entries are never rewritten).
  ['payin.replay', 'asked_again'],
]);

/** The answers main reads (gateway/payin-answer.ts), by their word and, for an unreadable one, its reason. */
const WORD_WORDS: Readonly<Record<string, string>> = {
  approved: 'approved',
  declined: 'declined',
  processing: 'still processing',
  action_required: 'waits for the bank page',
  no_order: 'refused the request',
  not_connected: 'not sent (no connection)',
};
const REASON_WORDS: Readonly<Record<string, string>> = {
  timeout: 'no answer in time',
  connection_lost: 'connection lost before the answer',
  server_error: 'server error',
  not_json: 'an answer that could not be read',
  unexpected_body: 'an answer of an unexpected shape',
  unknown_code: 'a code Paydesk does not know',
  unreadable_status: 'an order status that could not be read',
  local_error: 'Paydesk failed while sending',
  cancelled: 'cancelled',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/**
 * "server error (HTTP 500)", "refused the request (code 90750001)", "approved". A server error's code is
 * left out: the HTTP status says it, and the line stays short.
 */
export function answerWords(detail: Record<string, unknown>): string {
  const word = text(detail.word);
  const reason = text(detail.reason);
  const base =
    (word === 'unknown' || word === undefined ? undefined : WORD_WORDS[word]) ??
    (reason && REASON_WORDS[reason]) ??
    'no readable answer';
  const code = int(detail.code);
  const httpStatus = int(detail.httpStatus);
  const facts = [
    httpStatus !== undefined && httpStatus !== 200 ? `HTTP ${httpStatus}` : undefined,
    code !== undefined && word !== 'approved' && word !== 'declined' && reason !== 'server_error'
      ? `code ${code}`
      : undefined,
  ].filter((fact) => fact !== undefined);
  return facts.length > 0 ? `${base} (${facts.join(', ')})` : base;
}

function statusLabel(status: unknown): string | undefined {
  if (typeof status !== 'string') return undefined;
  // The pay-in vocabulary without zod: this module is on the pay-in page's first paint.
  return isPayInStatus(status) ? STATUS_LOOK[status].label : status;
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
          answer: answerWords(entry.detail),
          statusAfter:
            entry.detail.from === entry.detail.to
              ? undefined
              : statusLabel(entry.detail.to ?? entry.detail.decided),
        },
      ];
    });
}
