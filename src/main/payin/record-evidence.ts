// The one writer of a pay-in's outcome. Every source of evidence — the gateway's answer, the answer to
// the same order sent again, a signed callback, an unsigned browser return, the bank page closed — comes
// here; the lifecycle (src/shared/payin-lifecycle.ts) decides the next status; the row, its note for the
// agent and an audit entry are written together; the renderer hears of every change. Evidence that
// changes nothing is audited all the same. A settled pay-in drops its card data and its return route.
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import { canonicalAmount } from '@shared/money/amount';
import {
  type Decision,
  decide,
  type Evidence,
  type GatewayWord,
  type Mismatch,
  SETTLED_STATUSES,
} from '@shared/payin-lifecycle';
import { payInResultOf } from '@shared/payin-result';
import type { PayInAnswer } from '../gateway/payin-answer';
import type { HistoryStore } from '../history/store/history-store';
import type { PayInPatch } from '../history/store/write-schemas';
import { type Worded, worded } from '../i18n/worded';
import type { ReturnListener } from '../returns/return-listener';
import type { InFlight } from './in-flight';

export type EvidenceInput =
  | { source: 'answer' | 'ask_again'; answer: PayInAnswer }
  | {
      source: 'callback';
      word: GatewayWord;
      orderId: string;
      amount: string;
      remark: string;
      traceid: string;
      orderStatus: number;
    }
  /** `hint`: what the return's address claimed (unsigned: shown as a hint only). */
  | { source: 'browser_return'; hint: string | undefined }
  | { source: 'bank_page_closed' };

interface Recorded {
  row: PayInRow;
  decision: Decision;
  result: PayInResult;
}

export type PayInRecorder = ReturnType<typeof createPayInRecorder>;

/** A batch's effects outside the history file: the pay-ins to tell the renderer of, the in-memory steps. */
interface Pending {
  emitted: Map<number, PayInResult>;
  after: (() => void)[];
}

/** A note's words: from the catalogue (a conflict's key and values chosen by the lifecycle). */
type Note = Pick<Worded, 'message'> & Partial<Pick<Worded, 'words'>>;

/** What the agent reads for a status that is not a plain outcome (stored as the row's note). */
function noteFor(row: PayInRow, input: EvidenceInput, decision: Decision): Note | undefined {
  if (decision.conflict) return worded(decision.conflict.key, decision.conflict.values);
  const next = decision.next;
  if (input.source === 'ask_again' && !decision.changed && next !== 'conflict') {
    // What the answer was is the attempt's own line (the timeline); the note says what it leaves open.
    const { word } = input.answer;
    const values = { merchantTradeNo: row.merchantTradeNo };
    return word === 'not_connected'
      ? worded('payin.note.askedAgainNotSent', values)
      : word === 'no_order'
        ? worded('payin.note.askedAgainRefused', values)
        : worded('payin.note.askedAgainUnsettled', values);
  }
  if (!decision.changed) return undefined;
  switch (next) {
    case 'awaiting_confirmation':
      return input.source === 'browser_return' && input.hint
        ? worded('payin.note.awaitingConfirmationHint', { hint: input.hint })
        : worded('payin.note.awaitingConfirmation');
    case 'outcome_unknown':
      if (input.source === 'bank_page_closed') return worded('payin.note.bankPageClosed');
      return input.source === 'answer' || input.source === 'ask_again'
        ? errorWords(input.answer)
        : worded('payin.note.stillOpen');
    case 'refused':
    case 'not_sent':
      return input.source === 'answer' ? errorWords(input.answer) : undefined;
    default:
      return undefined;
  }
}

function errorWords(answer: PayInAnswer): Worded {
  return { message: answer.message, words: answer.words };
}

/** An orderId or amount the gateway names that is not the pay-in's own: a contradiction. */
function mismatchOf(row: PayInRow, input: EvidenceInput): Mismatch | undefined {
  const orderId =
    input.source === 'callback' ? input.orderId : 'answer' in input ? input.answer.orderId : undefined;
  if (orderId && row.orderId && orderId !== row.orderId)
    return { field: 'orderId', theirs: orderId, ours: row.orderId };
  if (input.source === 'callback') {
    let amount: string | undefined;
    try {
      amount = canonicalAmount(input.amount);
    } catch {
      amount = undefined;
    }
    if (amount !== row.amount) return { field: 'amount', theirs: input.amount, ours: row.amount };
  }
  return undefined;
}

function evidenceOf(row: PayInRow, input: EvidenceInput): Evidence {
  switch (input.source) {
    case 'callback':
      return { source: 'callback', word: input.word, mismatch: mismatchOf(row, input) };
    case 'answer':
    case 'ask_again': {
      const { word } = input.answer;
      if (word === 'not_connected') {
        // A request that never left says nothing; only a first attempt learns that nothing was sent.
        return input.source === 'answer'
          ? { source: 'not_connected' }
          : { source: 'ask_again', word: 'unknown' };
      }
      return { source: input.source, word, mismatch: mismatchOf(row, input) };
    }
    default:
      return { source: input.source };
  }
}

function auditDetail(input: EvidenceInput, decision: Decision): Record<string, unknown> {
  const detail: Record<string, unknown> = { source: input.source, decided: decision.next };
  // The audit trail's words stay English.
  if (decision.conflict) detail.conflict = worded(decision.conflict.key, decision.conflict.values).message;
  if (input.source === 'answer' || input.source === 'ask_again') {
    const { answer } = input;
    Object.assign(detail, {
      word: answer.word,
      reason: answer.reason,
      httpStatus: answer.httpStatus,
      code: answer.code,
      traceid: answer.traceid,
      orderId: answer.orderId,
    });
  } else if (input.source === 'callback') {
    Object.assign(detail, {
      word: input.word,
      orderStatus: input.orderStatus,
      orderId: input.orderId,
      amount: input.amount,
      traceid: input.traceid,
    });
  } else if (input.source === 'browser_return' && input.hint) {
    detail.hint = input.hint;
  }
  return detail;
}

export function createPayInRecorder(deps: {
  history: HistoryStore;
  listener: Pick<ReturnListener, 'expire'>;
  inFlight: InFlight;
  /** The pay-ins one commit changed, for the renderer: one event per commit, however many it holds. */
  emit: (results: PayInResult[]) => void;
  log?: { error(object: object, message?: string): void };
}) {
  /** What the commit under way changed, told once it has committed; nothing of it if it rolls back. */
  let open: Pending | undefined;

  function batch<T>(work: () => T): T {
    if (open) return work();
    const pending: Pending = { emitted: new Map(), after: [] };
    open = pending;
    let result: T;
    try {
      result = deps.history.inOneTransaction(work);
    } finally {
      open = undefined;
    }
    for (const effect of pending.after) effect();
    if (pending.emitted.size > 0) {
      try {
        deps.emit([...pending.emitted.values()]);
      } catch (error) {
        deps.log?.error(
          { historyIds: [...pending.emitted.keys()], err: String(error) },
          'could not tell the renderer of a pay-in change',
        );
      }
    }
    return result;
  }

  function recordIn(pending: Pending, historyId: number, input: EvidenceInput, operator: string): Recorded {
    const row = deps.history.getById(historyId);
    if (row?.kind !== 'payin') throw new Error(`No pay-in with id ${historyId}.`);
    const decision = decide(row.status, evidenceOf(row, input));
    const note = noteFor(row, input, decision);
    const patch: PayInPatch = { operator };
    if (decision.changed) patch.status = decision.next;
    if (note !== undefined) {
      patch.note = { kind: decision.next, message: note.message };
      if (note.words) patch.note.words = note.words;
    } else if (decision.changed) patch.note = null;
    const answer = input.source === 'answer' || input.source === 'ask_again' ? input.answer : undefined;
    const orderId = input.source === 'callback' ? input.orderId : answer?.orderId;
    if (orderId && !row.orderId) patch.orderId = orderId;
    if (answer && (decision.changed || row.rawResponse === null)) {
      if (answer.raw !== undefined) patch.rawResponse = answer.raw;
      if (answer.traceid) patch.traceid = answer.traceid;
    }
    if (decision.changed && decision.next === 'declined') {
      const remark = input.source === 'callback' ? input.remark : answer?.remark;
      if (remark) patch.remark = remark;
    }
    if (answer?.field && note !== undefined && patch.note) patch.note.field = answer.field;
    const event = `payin.${input.source}`;
    const detail = auditDetail(input, decision);
    const writes = Object.keys(patch).length > 1;
    const updated = writes
      ? deps.history.updatePayIn(historyId, patch, { event, detail })
      : deps.history.recordPayInEvent(historyId, event, operator, detail);
    const result = payInResultOf(updated);
    // After the commit: a bank page forgotten or a route expired for a write rolled back would be lost.
    pending.after.push(() => {
      // The bank step is over (returned, closed, settled): its page is not offered again.
      if (decision.changed && decision.next !== 'action_required') deps.inFlight.forgetBankPage(historyId);
      if (SETTLED_STATUSES.has(updated.status)) {
        const route = deps.inFlight.settle(historyId, result);
        if (route) deps.listener.expire(route.token);
      }
    });
    if (writes) pending.emitted.set(historyId, result);
    return { row: updated, decision, result };
  }

  return {
    /**
     * Decides and writes what `input` means for pay-in `historyId`. Throws only when history cannot be
     * written (the caller decides what the agent is told then). Inside `batch`, it commits with the batch.
     */
    record(historyId: number, input: EvidenceInput, operator: string): Recorded {
      return batch(() => {
        if (!open) throw new Error('The recorder lost its batch.');
        return recordIn(open, historyId, input, operator);
      });
    },

    /**
     * Runs `work` (records, audit entries, the notification cursor) in one history transaction: all of it
     * commits or none does; the renderer then hears of every pay-in it changed in one event.
     */
    batch,
  };
}
