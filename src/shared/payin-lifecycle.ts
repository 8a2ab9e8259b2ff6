// The pay-in lifecycle: the one definition of a pay-in's statuses, which may follow which, which of them
// mean money may have moved, and what evidence can move a pay-in. Every writer (submit, ask again, the
// return listener, the callback handler, the bank page, restart recovery) asks `decide`; the history
// store refuses any change `NEXT_STATUSES` does not allow. Modelled on an explicit state machine that
// code cannot bypass: only the gateway's word settles a pay-in, a browser return is a hint, anything
// unknown stays open, and two authoritative words that disagree become a visible conflict. No zod here (its
// schema, payInStatusSchema, is in history.ts): the pay-in page reads this vocabulary without loading zod.
import type { MessageKey, MessageValues } from './i18n/messages';
export const PAYIN_STATUSES = [
  'pending',
  'approved',
  'declined',
  'action_required',
  'processing',
  'awaiting_confirmation',
  'refused',
  'outcome_unknown',
  'conflict',
  'not_sent',
] as const;
export type PayInStatus = (typeof PAYIN_STATUSES)[number];

/**
 * What a pay-in's status says about the customer's money:
 * - `charged`: the gateway said approved;
 * - `not_charged`: the gateway said declined, or proved no order exists (refused), or nothing left Paydesk;
 * - `open`: money may have moved and nobody has said whether (pending, a bank page, unknown, …);
 * - `conflict`: the gateway said two different things.
 */
type MoneyReading = 'charged' | 'not_charged' | 'open' | 'conflict';

export const MONEY_READING: Readonly<Record<PayInStatus, MoneyReading>> = Object.freeze({
  pending: 'open',
  approved: 'charged',
  declined: 'not_charged',
  action_required: 'open',
  processing: 'open',
  awaiting_confirmation: 'open',
  refused: 'not_charged',
  outcome_unknown: 'open',
  conflict: 'conflict',
  not_sent: 'not_charged',
});

/** Statuses the gateway will not change any more without Paydesk calling it a conflict. */
export const SETTLED_STATUSES: ReadonlySet<PayInStatus> = new Set(
  PAYIN_STATUSES.filter((status) => MONEY_READING[status] !== 'open'),
);

/** Whether a status read as text (a salvaged row, the log) is not a settled one. */
export function isOpenStatus(status: string | undefined): boolean {
  const settled: ReadonlySet<string | undefined> = SETTLED_STATUSES;
  return !settled.has(status);
}

/**
 * Statuses in which the customer may have been charged: the duplicate guard counts them, and the agent
 * is told never to charge again with a new order number.
 */
export const MAY_HAVE_CHARGED: ReadonlySet<PayInStatus> = new Set(
  PAYIN_STATUSES.filter((status) => MONEY_READING[status] !== 'not_charged'),
);

/** Statuses where nothing was charged: the only ones the duplicate guard lets pass silently. */
export const NO_CHARGE_STATUSES: readonly PayInStatus[] = PAYIN_STATUSES.filter(
  (status) => MONEY_READING[status] === 'not_charged',
);

/**
 * Statuses of a pay-in still under way: sent and not answered yet, or waiting for a bank page or the
 * gateway's decision. Such a pay-in is the customer's current call, not an earlier one (a returning
 * customer is one with a pay-in past these).
 */
export const IN_PROGRESS_STATUSES: readonly PayInStatus[] = [
  'pending',
  'action_required',
  'processing',
  'awaiting_confirmation',
];

/**
 * Statuses in which the agent may ask the gateway again with the same order number (assumption A9): the
 * answer is the gateway's word on the order where it replays orders, and changes nothing where it does not.
 */
export const ASK_AGAIN_STATUSES: ReadonlySet<PayInStatus> = new Set([
  'outcome_unknown',
  'awaiting_confirmation',
  'processing',
  // A bank page left unfinished (the customer gave up, the page was lost behind a lock, its notification
  // never came): the gateway's answer to the same order says where the order is, and gives its page again
  // while it is still open.
  'action_required',
]);

/**
 * Statuses that wait for the gateway to say something by itself (its notification): a desk that hears
 * nothing asks the gateway again itself past a deadline (payin/overdue-ask.ts, assumption A38).
 */
export const AWAITING_GATEWAY_STATUSES: ReadonlySet<PayInStatus> = new Set([
  'action_required',
  'processing',
  'awaiting_confirmation',
]);

/**
 * Statuses a pay-in can be marked for follow-up in, with a reason: every one that is not settled for good
 * (money may have moved and nobody has said), and a conflict, which someone must take up with the gateway.
 */
export const FOLLOW_UP_STATUSES: ReadonlySet<PayInStatus> = new Set(
  PAYIN_STATUSES.filter(
    (status) => MONEY_READING[status] !== 'charged' && MONEY_READING[status] !== 'not_charged',
  ),
);

/** Which status may follow which: the history store's guard. A status may always stay as it is. */
export const NEXT_STATUSES: Readonly<Record<PayInStatus, readonly PayInStatus[]>> = Object.freeze({
  // Just sent: whatever the first answer, or its absence, says.
  pending: PAYIN_STATUSES.filter((status) => status !== 'pending'),
  action_required: [
    'approved',
    'declined',
    'processing',
    'awaiting_confirmation',
    'outcome_unknown',
    'conflict',
  ],
  processing: ['approved', 'declined', 'action_required', 'awaiting_confirmation', 'conflict'],
  awaiting_confirmation: ['approved', 'declined', 'conflict'],
  outcome_unknown: [
    'approved',
    'declined',
    'action_required',
    'processing',
    'awaiting_confirmation',
    'conflict',
  ],
  approved: ['conflict'],
  declined: ['conflict'],
  refused: ['conflict'],
  not_sent: ['conflict'],
  conflict: [],
});

export function canFollow(from: PayInStatus, to: PayInStatus): boolean {
  return from === to || NEXT_STATUSES[from].includes(to);
}

/**
 * Whether a report of a pay-in in `incoming` is later news than one in `shown`. An answer and an event about
 * the same pay-in travel apart and can arrive in either order; the lifecycle says which came later wherever
 * one status can follow the other and not the reverse, and a settled status is never followed by an open one.
 * Where either could follow the other (the same status, or the loops between open statuses), the one that
 * arrives later is taken.
 */
export function isLaterNews(shown: PayInStatus, incoming: PayInStatus): boolean {
  if (MONEY_READING[shown] !== 'open' && MONEY_READING[incoming] === 'open') return false;
  return canFollow(shown, incoming) || !canFollow(incoming, shown);
}

/** Why no connection was made, so nothing left Paydesk (main/gateway/errors.ts words each). */
export const NOT_SENT_REASONS = [
  'connection_refused',
  'dns',
  'connect_timeout',
  'tls',
  'network',
  'cancelled',
] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];

/** Why a request that left got no readable word on the order: money may have moved. */
export const OUTCOME_UNKNOWN_REASONS = [
  'timeout',
  'connection_lost',
  'server_error',
  'not_json',
  'unexpected_body',
  'unknown_code',
  'unreadable_status',
  'local_error',
  'cancelled',
] as const;
export type OutcomeUnknownReason = (typeof OUTCOME_UNKNOWN_REASONS)[number];

/** What one answer or notification of the gateway says about the order. */
export type GatewayWord =
  | 'approved'
  | 'declined'
  | 'processing'
  | 'action_required'
  /** A refusal that the interface and assumption A6 place before any order exists. */
  | 'no_order'
  /** Nothing readable about the order: an unknown code, a broken or lost answer, a contradiction. */
  | 'unknown';

/** What a gateway word names that is not the pay-in's own: `theirs` as the gateway sent it, `ours` as kept. */
export interface Mismatch {
  field: 'orderId' | 'amount';
  theirs: string;
  ours: string;
}

/**
 * Evidence that can move a pay-in, strongest source first. `mismatch` on a gateway word: it names
 * another amount or orderId than the pay-in has, which makes it a contradiction, whatever it says.
 */
export type Evidence =
  /** The gateway's signed notification (A12). */
  | { source: 'callback'; word: GatewayWord; mismatch?: Mismatch | undefined }
  /** The gateway's answer to the first request. */
  | { source: 'answer'; word: GatewayWord; mismatch?: Mismatch | undefined }
  /** The gateway's answer to the same request sent again (A9): a refusal says nothing of the first. */
  | { source: 'ask_again'; word: GatewayWord; mismatch?: Mismatch | undefined }
  /** No connection was ever made: no byte of the request left Paydesk. */
  | { source: 'not_connected' }
  /** The browser came back from the bank page to a return URL: unsigned, so a hint and never a result. */
  | { source: 'browser_return' }
  /** The operator closed the bank page before it finished. */
  | { source: 'bank_page_closed' }
  /** Paydesk started again and found the request still in flight. */
  | { source: 'restart' };

export interface Decision {
  /** The status after the evidence; the same as before when nothing changes. */
  next: PayInStatus;
  changed: boolean;
  /**
   * Set when the evidence contradicts what an authoritative word said before: the agent must check. The
   * note's catalogue key and values (payin.conflict.*); main words it (i18n/worded.ts) with its English.
   */
  conflict?: ConflictWords;
}

export interface ConflictWords {
  key: MessageKey;
  values: MessageValues;
}

const WORD_STATUS: Readonly<Record<Exclude<GatewayWord, 'unknown' | 'no_order'>, PayInStatus>> = {
  approved: 'approved',
  declined: 'declined',
  processing: 'processing',
  action_required: 'action_required',
};

const stay = (current: PayInStatus): Decision => ({ next: current, changed: false });
const move = (current: PayInStatus, next: PayInStatus): Decision => ({
  next,
  changed: next !== current,
});

const MISMATCH_KEYS = {
  orderId: 'payin.conflict.noteOrderId',
  amount: 'payin.conflict.noteAmount',
} as const satisfies Record<Mismatch['field'], MessageKey>;

/** The catalogue selects the words for status, source and word: each is one of this file's ids. */
function conflictOf(
  current: PayInStatus,
  evidence: Evidence & { word: GatewayWord },
  mismatch?: Mismatch,
): Decision {
  const values: MessageValues = { status: current, source: evidence.source, word: evidence.word };
  return {
    next: 'conflict',
    changed: current !== 'conflict',
    conflict: mismatch
      ? {
          key: MISMATCH_KEYS[mismatch.field],
          values: { ...values, theirs: mismatch.theirs, ours: mismatch.ours },
        }
      : { key: 'payin.conflict.note', values },
  };
}

/** The gateway's word on the order, from an answer, an ask-again or a callback. */
function decideWord(current: PayInStatus, evidence: Evidence & { word: GatewayWord }): Decision {
  const { word } = evidence;
  if (current === 'conflict') return stay(current);
  if (word === 'unknown') {
    // A word Paydesk cannot read never overrides anything; only a first attempt still pending learns
    // that its answer was lost or unreadable.
    return current === 'pending' && evidence.source === 'answer'
      ? move(current, 'outcome_unknown')
      : stay(current);
  }
  if (word === 'no_order') {
    // A9/A24: a refusal of the same request sent again says nothing about the first one.
    if (evidence.source !== 'answer') return stay(current);
    if (current === 'pending') return move(current, 'refused');
    if (MONEY_READING[current] === 'charged') return conflictOf(current, evidence);
    return stay(current);
  }
  const status = WORD_STATUS[word];
  if (word === 'approved' || word === 'declined') {
    const reading = MONEY_READING[status];
    if (MONEY_READING[current] === 'open') return move(current, status);
    if (MONEY_READING[current] === reading) return stay(current);
    return conflictOf(current, evidence);
  }
  // processing or action_required: the order is still open at the gateway.
  if (MONEY_READING[current] !== 'open') return stay(current);
  // The browser has come back from the bank page: "still open" is older news (a first answer produced
  // before it, or a gateway that replays its first answer), and showing the bank page again would be wrong.
  if (current === 'awaiting_confirmation') return stay(current);
  return move(current, status);
}

/** The status a pay-in moves to on `evidence`; every writer of a pay-in's status decides through this. */
export function decide(current: PayInStatus, evidence: Evidence): Decision {
  switch (evidence.source) {
    case 'callback':
    case 'answer':
    case 'ask_again':
      if (evidence.mismatch !== undefined && current !== 'conflict') {
        return conflictOf(current, evidence, evidence.mismatch);
      }
      return decideWord(current, evidence);
    case 'not_connected':
      return current === 'pending' ? move(current, 'not_sent') : stay(current);
    case 'browser_return':
      return MONEY_READING[current] === 'open' && current !== 'awaiting_confirmation'
        ? move(current, 'awaiting_confirmation')
        : stay(current);
    case 'bank_page_closed':
      return current === 'action_required' ? move(current, 'outcome_unknown') : stay(current);
    case 'restart':
      return current === 'pending' ? move(current, 'outcome_unknown') : stay(current);
  }
}
