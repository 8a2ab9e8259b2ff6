// The one writer of a pay-in's outcome (src/main/payin/record-evidence.ts), on a real history file: what
// each piece of evidence makes of the row (status, orderId, remark, raw answer, the agent's note), the
// amount and orderId a notification must match, what is audited, and when the pay-in's route is let go.
import type { PayInResult } from '@shared/ipc';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayInAnswer } from '../../src/main/gateway/payin-answer';
import { createInFlight } from '../../src/main/payin/in-flight';
import { createPayInRecorder, type EvidenceInput } from '../../src/main/payin/record-evidence';
import type { ReturnRoute } from '../../src/main/returns/return-listener';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

const route: ReturnRoute = {
  token: 'tok-1',
  retURL: 'http://127.0.0.1:5000/r/tok-1/ret',
  successURL: 'http://127.0.0.1:5000/r/tok-1/success',
  failURL: 'http://127.0.0.1:5000/r/tok-1/fail',
  callBackURL: 'http://127.0.0.1:5000/callback',
  pageURL: 'http://127.0.0.1:5000/r/tok-1/page',
};

let history: TempHistory | undefined;
afterEach(() => history?.cleanup());

/** A recorder over a fresh history holding one pay-in of 10.05 in `status` (orderId `orderId` if given). */
function desk(status: PayInStatus = 'pending', orderId?: string) {
  history = tempHistory();
  const store = history.store;
  const id = store.insertPayIn(payIn({ request: { amount: '10.05', merchantTradeNo: 'T-1' } }));
  if (orderId) store.updatePayIn(id, { orderId });
  if (status !== 'pending') store.updatePayIn(id, { status });
  const inFlight = createInFlight(() => 0);
  inFlight.setRoute(id, route);
  const expired: string[] = [];
  const emitted: PayInResult[] = [];
  const errors: object[] = [];
  let emitThrows = false;
  const recorder = createPayInRecorder({
    history: store,
    listener: { expire: (token) => void expired.push(token) },
    inFlight,
    emit: (results) => {
      if (emitThrows) throw new Error('renderer gone');
      emitted.push(...results);
    },
    log: { error: (object, message) => void errors.push({ ...object, message }) },
  });
  const record = (input: EvidenceInput, operator = 'alice') => recorder.record(id, input, operator);
  const lastAudit = () => store.auditTrail(id).at(-1)!;
  return {
    id,
    store,
    inFlight,
    record,
    expired,
    emitted,
    errors,
    lastAudit,
    breakEmit: () => {
      emitThrows = true;
    },
  };
}

const answer = (word: PayInAnswer['word'], more: Partial<PayInAnswer> = {}): EvidenceInput => ({
  source: 'answer',
  answer: { word, message: `word ${word}`, words: { key: `test.${word}` }, ...more },
});
const askAgain = (word: PayInAnswer['word'], more: Partial<PayInAnswer> = {}): EvidenceInput => ({
  source: 'ask_again',
  answer: { word, message: `word ${word}`, words: { key: `test.${word}` }, ...more },
});
const callback = (word: 'approved' | 'declined', amount = '10.05', orderId = 'O-1'): EvidenceInput => ({
  source: 'callback',
  word,
  orderId,
  amount,
  remark: 'Insufficient funds',
  traceid: 'tr-cb',
  orderStatus: word === 'approved' ? 1 : 2,
});

describe('the gateway answer to a first attempt', () => {
  it('approved: the row settles with its orderId, traceid and raw answer; the route is let go', () => {
    const d = desk();
    const { row, decision, result } = d.record(
      answer('approved', { orderId: 'O-1', traceid: 'tr-1', raw: '{"code":0}', remark: 'ok' }),
    );
    expect(decision).toMatchObject({ next: 'approved', changed: true });
    expect(row).toMatchObject({
      status: 'approved',
      orderId: 'O-1',
      traceid: 'tr-1',
      rawResponse: '{"code":0}',
    });
    expect(row.note).toBeNull();
    expect(row.remark).toBeNull();
    expect(result.status).toBe('approved');
    expect(d.emitted.map((r) => r.status)).toEqual(['approved']);
    expect(d.expired).toEqual(['tok-1']);
    expect(d.inFlight.route(d.id)).toBeUndefined();
  });

  it('declined: the remark is kept', () => {
    const row = desk().record(answer('declined', { orderId: 'O-1', remark: 'Do not honour' })).row;
    expect(row).toMatchObject({ status: 'declined', remark: 'Do not honour' });
  });

  it('refused before any order: not final money, the answer message is the note, naming the field', () => {
    const d = desk();
    const row = d.record(answer('no_order', { field: 'cardNumber', code: 90751001 })).row;
    expect(row.status).toBe('refused');
    expect(row.note).toEqual({
      kind: 'refused',
      message: 'word no_order',
      words: { key: 'test.no_order' },
      field: 'cardNumber',
    });
    expect(row.orderId).toBeNull();
  });

  it('never connected: not sent, the answer message is the note', () => {
    const row = desk().record(answer('not_connected', { reason: 'connect_refused' as never })).row;
    expect(row.status).toBe('not_sent');
    expect(row.note).toEqual({
      kind: 'not_sent',
      message: 'word not_connected',
      words: { key: 'test.not_connected' },
    });
  });

  it('an unreadable answer: outcome unknown, not settled, the route kept', () => {
    const d = desk();
    const row = d.record(answer('unknown', { httpStatus: 502 })).row;
    expect(row.status).toBe('outcome_unknown');
    expect(row.note).toEqual({
      kind: 'outcome_unknown',
      message: 'word unknown',
      words: { key: 'test.unknown' },
    });
    expect(d.expired).toEqual([]);
    expect(d.inFlight.route(d.id)).toBe(route);
  });

  it('processing: pending at the gateway, nothing let go', () => {
    const d = desk();
    expect(d.record(answer('processing', { orderId: 'O-1' })).row.status).toBe('processing');
    expect(d.expired).toEqual([]);
  });

  it('an answer naming another orderId than the pay-in has is a conflict, never approved', () => {
    const d = desk('processing', 'O-1');
    const { row } = d.record(answer('approved', { orderId: 'O-2' }));
    expect(row.status).toBe('conflict');
    expect(row.orderId).toBe('O-1');
    expect(row.note?.message).toContain('orderId O-2, where this pay-in has O-1');
  });

  it('the audit entry carries what the answer said', () => {
    const d = desk();
    d.record(
      answer('declined', { orderId: 'O-1', httpStatus: 200, code: 5, traceid: 'tr-9', reason: 'x' as never }),
    );
    expect(d.lastAudit()).toMatchObject({
      event: 'payin.answer',
      operator: 'alice',
      detail: expect.objectContaining({
        source: 'answer',
        decided: 'declined',
        word: 'declined',
        httpStatus: 200,
        code: 5,
        traceid: 'tr-9',
        orderId: 'O-1',
      }),
    });
  });
});

describe('what is not written', () => {
  it('a late answer that changes nothing is audited only: no write, no news to the renderer', () => {
    const d = desk('approved', 'O-1');
    const { row } = d.record(answer('approved', { orderId: 'O-1' }));
    expect(row.status).toBe('approved');
    expect(d.emitted).toEqual([]);
    expect(d.lastAudit().event).toBe('payin.answer');
  });

  it('a late unreadable answer leaves an open pay-in and its note as they were', () => {
    const d = desk('outcome_unknown');
    const { row } = d.record(answer('unknown', { message: 'HTTP 502' }));
    expect(row.status).toBe('outcome_unknown');
    expect(row.note).toBeNull();
  });

  it('the raw answer already kept is not replaced by one that changes nothing', () => {
    const d = desk();
    d.record(answer('processing', { orderId: 'O-1', raw: 'first', traceid: 'tr-1' }));
    const row = d.record(askAgain('unknown', { raw: 'second', traceid: 'tr-2' })).row;
    expect(row).toMatchObject({ status: 'processing', rawResponse: 'first', traceid: 'tr-1' });
  });

  it('a note is cleared when the pay-in moves on without one', () => {
    const d = desk('action_required');
    expect(d.record({ source: 'bank_page_closed' }).row.note).not.toBeNull();
    const row = d.record(callback('approved'), 'system').row;
    expect(row.status).toBe('approved');
    expect(row.note).toBeNull();
  });

  it('asking a conflict again that changes nothing writes no note over it', () => {
    const d = desk('conflict');
    const row = d.record(askAgain('unknown', { message: 'HTTP 502' })).row;
    expect(row.status).toBe('conflict');
    expect(row.note).toBeNull();
  });
});

describe('the signed notification', () => {
  it('naming another orderId than the pay-in has: a conflict, never approved', () => {
    const d = desk('processing', 'O-1');
    const row = d.record(callback('approved', '10.05', 'O-2'), 'system').row;
    expect(row.status).toBe('conflict');
    expect(row.note?.message).toContain('orderId O-2, where this pay-in has O-1');
    expect(d.lastAudit().detail).toMatchObject({ conflict: expect.stringContaining('orderId O-2') });
  });

  it('declined with an empty remark keeps none', () => {
    const row = desk('processing').record({
      ...(callback('declined') as object),
      remark: '',
    } as EvidenceInput).row;
    expect(row.status).toBe('declined');
    expect(row.remark).toBeNull();
  });

  it.each([
    ['10.05', 'approved'],
    ['10.050', 'approved'],
    ['10.06', 'conflict'],
    ['10.04', 'conflict'],
    ['1005', 'conflict'],
    ['not an amount', 'conflict'],
  ])('for %s on a pay-in of 10.05: %s', (amount, status) => {
    const d = desk('processing', 'O-1');
    expect(d.record(callback('approved', amount), 'system').row.status).toBe(status);
  });

  it('a mismatched amount is named in the note', () => {
    const row = desk('processing', 'O-1').record(callback('approved', '10.06')).row;
    expect(row.note?.message).toContain('the amount 10.06, where this pay-in is for 10.05');
  });

  it('declined: the notification remark is kept, the orderId learnt, the route let go', () => {
    const d = desk('processing');
    const row = d.record(callback('declined', '10.05', 'O-7'), 'system').row;
    expect(row).toMatchObject({ status: 'declined', remark: 'Insufficient funds', orderId: 'O-7' });
    expect(d.expired).toEqual(['tok-1']);
  });

  it('approved keeps no remark', () => {
    expect(desk('processing').record(callback('approved')).row.remark).toBeNull();
  });

  it('the same word again changes nothing, is audited all the same and not re-announced', () => {
    const d = desk('approved', 'O-1');
    const { row, decision } = d.record(callback('approved'), 'system');
    expect(decision.changed).toBe(false);
    expect(row.status).toBe('approved');
    expect(d.emitted).toEqual([]);
    expect(d.lastAudit()).toMatchObject({
      event: 'payin.callback',
      operator: 'system',
      detail: expect.objectContaining({
        word: 'approved',
        orderStatus: 1,
        amount: '10.05',
        orderId: 'O-1',
        traceid: 'tr-cb',
      }),
    });
  });
});

describe('asking again', () => {
  it('a pending pay-in asked again and not sent stays pending: the first attempt may have left', () => {
    const d = desk();
    const row = d.record(askAgain('not_connected', { message: 'offline' })).row;
    expect(row.status).toBe('pending');
    expect(d.lastAudit().detail).toMatchObject({ source: 'ask_again', word: 'not_connected' });
  });

  // What the answer was is the attempt's own line on the timeline: the note says what it leaves open.
  it('not sent: the first attempt stays open, the note says so', () => {
    const row = desk('outcome_unknown').record(askAgain('not_connected', { message: 'offline' })).row;
    expect(row.status).toBe('outcome_unknown');
    expect(row.note?.message).toBe(
      "Asked the gateway again with order number T-1: it was not sent. The first attempt's outcome is still open: look the order up at the gateway before charging again.",
    );
    expect(row.note?.words).toEqual({
      key: 'payin.note.askedAgainNotSent',
      values: { merchantTradeNo: 'T-1' },
    });
  });

  it('refused: says nothing about the first attempt', () => {
    const row = desk('outcome_unknown').record(askAgain('no_order', { message: 'bad card' })).row;
    expect(row.status).toBe('outcome_unknown');
    expect(row.note?.message).toContain('the gateway refused it, which says nothing about the first attempt');
  });

  it('unreadable again: the answer did not settle it', () => {
    const row = desk('outcome_unknown').record(askAgain('unknown', { message: 'HTTP 502' })).row;
    expect(row.note?.message).toContain('the answer did not settle it.');
    expect(row.note?.words?.key).toBe('payin.note.askedAgainUnsettled');
  });

  it('approved: the pay-in settles', () => {
    const d = desk('outcome_unknown');
    expect(d.record(askAgain('approved', { orderId: 'O-1' })).row.status).toBe('approved');
    expect(d.expired).toEqual(['tok-1']);
  });

  it('a raw answer is kept when the row has none, even if nothing changed', () => {
    const row = desk('outcome_unknown').record(askAgain('unknown', { raw: 'oops', traceid: 'tr-2' })).row;
    expect(row).toMatchObject({ rawResponse: 'oops', traceid: 'tr-2' });
  });
});

describe('the browser and the bank page', () => {
  it('a return with a hint: awaiting confirmation, the hint named as no proof; not settled', () => {
    const d = desk('action_required');
    const row = d.record({ source: 'browser_return', hint: 'success' }, 'system').row;
    expect(row.status).toBe('awaiting_confirmation');
    expect(row.note?.message).toContain('The bank page\'s return said "success", but that is not proof.');
    expect(d.expired).toEqual([]);
    expect(d.lastAudit().detail).toMatchObject({ source: 'browser_return', hint: 'success' });
  });

  it('a return without a hint says no hint', () => {
    const row = desk('action_required').record({ source: 'browser_return', hint: undefined }).row;
    expect(row.note?.message).toBe(
      "The customer finished the bank page; the gateway has not confirmed the result yet. Paydesk settles the payment when the gateway's signed notification arrives.",
    );
  });

  it('the bank page closed: outcome unknown, the customer may still finish', () => {
    const row = desk('action_required').record({ source: 'bank_page_closed' }).row;
    expect(row.status).toBe('outcome_unknown');
    expect(row.note?.message).toMatch(/^The bank page was closed before it finished\./);
  });

  it('the bank page is forgotten when the step is over, kept while it is not', () => {
    const d = desk();
    d.inFlight.keepBankPage(d.id, { page: { redirectURL: 'https://bank.example/3ds' } } as never);
    d.record(
      answer('action_required', { orderId: 'O-1', page: { redirectURL: 'https://bank.example/3ds' } }),
    );
    expect(d.inFlight.bankPage(d.id)).toBeDefined();
    d.record({ source: 'bank_page_closed' });
    expect(d.inFlight.bankPage(d.id)).toBeUndefined();
  });
});

describe('when things go wrong', () => {
  it('a renderer that cannot be told is logged, and the row is written all the same', () => {
    const d = desk();
    d.breakEmit();
    expect(d.record(answer('approved', { orderId: 'O-1' })).row.status).toBe('approved');
    expect(d.errors).toEqual([
      {
        historyIds: [d.id],
        err: 'Error: renderer gone',
        message: 'could not tell the renderer of a pay-in change',
      },
    ]);
  });

  it('without a logger, a renderer that cannot be told still leaves the row written', () => {
    const d = desk();
    const recorder = createPayInRecorder({
      history: d.store,
      listener: { expire: () => undefined },
      inFlight: d.inFlight,
      emit: () => {
        throw new Error('renderer gone');
      },
    });
    expect(recorder.record(d.id, answer('approved', { orderId: 'O-1' }), 'alice').row.status).toBe(
      'approved',
    );
  });

  it('no pay-in with that id', () => {
    const d = desk();
    const recorder = createPayInRecorder({
      history: d.store,
      listener: { expire: () => undefined },
      inFlight: d.inFlight,
      emit: () => undefined,
    });
    expect(() => recorder.record(d.id + 1, { source: 'bank_page_closed' }, 'alice')).toThrow(
      `No pay-in with id ${d.id + 1}.`,
    );
  });
});
