// The result panel's pay-in against the one the form describes now (issue 35, item 12), and a pay-in's
// attempts read from its audit timeline (item 13).

import {
  customerOf,
  describesAnotherPayIn,
  EMPTY_DRAFT,
  previousSummary,
} from '@renderer/features/payin/result-relation';
import { answerWords, attemptsOf } from '@renderer/lib/payin-attempts';
import { statusWords } from '@renderer/lib/status-look';
import type { PayInResult } from '@shared/ipc';
import { describe, expect, it } from 'vitest';
import { english } from './support/english';

const approved: PayInResult = {
  historyId: 3,
  merchantTradeNo: 'PD-3',
  status: 'approved',
  amount: '49.90',
  currency: 'EUR',
};

describe('the form against the shown pay-in', () => {
  it('an empty form, or the same customer without a card, still describes the shown pay-in', () => {
    expect(describesAnotherPayIn(EMPTY_DRAFT, 'CUST-1')).toBe(false);
    expect(describesAnotherPayIn({ userId: 'CUST-1', cardTyped: false }, 'CUST-1')).toBe(false);
  });

  it('another customer id, or any card typed, makes the shown pay-in the previous one', () => {
    expect(describesAnotherPayIn({ userId: 'CUST-2', cardTyped: false }, 'CUST-1')).toBe(true);
    expect(describesAnotherPayIn({ userId: 'CUST-1', cardTyped: true }, 'CUST-1')).toBe(true);
    expect(describesAnotherPayIn({ userId: '', cardTyped: true }, 'CUST-1')).toBe(true);
  });

  it('a customer id typed beside a pay-in whose customer the panel does not know makes it the previous one', () => {
    expect(describesAnotherPayIn({ userId: 'CUST-1', cardTyped: false }, undefined)).toBe(true);
  });

  it('knows the customer only of the pay-in this form sent', () => {
    expect(customerOf(approved, { merchantTradeNo: 'PD-3', userId: 'CUST-1' })).toBe('CUST-1');
    expect(customerOf(approved, { merchantTradeNo: 'PD-9', userId: 'CUST-1' })).toBeUndefined();
    expect(customerOf(approved, undefined)).toBeUndefined();
  });

  it('sums the previous pay-in up in one line', () => {
    expect(previousSummary(english, 'en', approved, 'CUST-1')).toBe('€49.90 for customer CUST-1, order PD-3');
    expect(previousSummary(english, 'en', approved, undefined)).toBe('€49.90, order PD-3');
  });
});

const entry = (seq: number, event: string, detail: Record<string, unknown>) => ({
  seq,
  at: 1_700_000_000_000 + seq * 1000,
  operator: 'agent',
  event,
  outcome: 'success',
  resource: 'payin:3',
  detail,
});

describe('the attempts of a pay-in', () => {
  it('lists the first send and each ask again, oldest first, a repeated answer once per ask', () => {
    const serverError = { word: 'unknown', reason: 'server_error', httpStatus: 500, code: 90759999 };
    const attempts = attemptsOf([
      entry(4, 'payin.ask_again', { from: 'outcome_unknown', to: 'outcome_unknown', ...serverError }),
      entry(1, 'payin.created', { status: 'pending' }),
      entry(2, 'payin.answer', { from: 'pending', to: 'outcome_unknown', ...serverError }),
      entry(3, 'payin.ask_again', { from: 'outcome_unknown', to: 'outcome_unknown', ...serverError }),
      entry(5, 'payin.replay', { from: 'outcome_unknown', to: 'approved', word: 'approved', code: 0 }),
    ]);
    expect(
      attempts.map(({ seq, kind, answer, statusAfter }) => ({
        seq,
        kind,
        answer: answerWords(english, answer),
        statusAfter: statusWords(english, statusAfter),
      })),
    ).toEqual([
      { seq: 2, kind: 'sent', answer: 'server error (HTTP 500)', statusAfter: 'Outcome unknown' },
      { seq: 3, kind: 'asked_again', answer: 'server error (HTTP 500)', statusAfter: undefined },
      { seq: 4, kind: 'asked_again', answer: 'server error (HTTP 500)', statusAfter: undefined },
      { seq: 5, kind: 'asked_again', answer: 'approved', statusAfter: 'Approved' },
    ]);
  });

  it('says each kind of answer in a few words', () => {
    expect(answerWords(english, { word: 'unknown', reason: 'not_json', httpStatus: 200 })).toBe(
      'an answer that could not be read',
    );
    expect(answerWords(english, { word: 'no_order', httpStatus: 400, code: 90750001 })).toBe(
      'refused the request (HTTP 400, code 90750001)',
    );
    expect(answerWords(english, { word: 'not_connected', reason: 'connection_refused' })).toBe(
      'not sent (no connection)',
    );
    expect(answerWords(english, { word: 'unknown', reason: 'timeout' })).toBe('no answer in time');
    expect(answerWords(english, {})).toBe('no readable answer');
  });
});
