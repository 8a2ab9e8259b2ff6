// The pay-in lifecycle as a state machine: every decision is a transition the history store allows, only
// the gateway's word settles, an unsigned browser return never does, and disagreement is a conflict.

import {
  canFollow,
  decide,
  type Evidence,
  type GatewayWord,
  isLaterNews,
  MAY_HAVE_CHARGED,
  MONEY_READING,
  NEXT_STATUSES,
  PAYIN_STATUSES,
  type PayInStatus,
  SETTLED_STATUSES,
} from '@shared/payin-lifecycle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const WORDS: GatewayWord[] = ['approved', 'declined', 'processing', 'action_required', 'no_order', 'unknown'];
const status = fc.constantFrom(...PAYIN_STATUSES);
const word = fc.constantFrom(...WORDS);
const mismatch = fc.option(fc.constant('orderId X, where this pay-in has Y'), { nil: undefined });
const evidence: fc.Arbitrary<Evidence> = fc.oneof(
  fc.record({
    source: fc.constantFrom('callback', 'answer', 'replay'),
    word,
    mismatch,
  }) as fc.Arbitrary<Evidence>,
  fc.constantFrom<Evidence>(
    { source: 'not_connected' },
    { source: 'browser_return' },
    { source: 'bank_page_closed' },
    { source: 'restart' },
  ),
);

describe('decide', () => {
  it('only ever makes a transition the history store allows', () => {
    fc.assert(
      fc.property(status, evidence, (current, given) => {
        const decision = decide(current, given);
        expect(canFollow(current, decision.next)).toBe(true);
        expect(decision.changed).toBe(decision.next !== current);
      }),
    );
  });

  it('never reads "not charged" into anything but the first answer or a request that never left', () => {
    fc.assert(
      fc.property(status, evidence, (current, given) => {
        const { next } = decide(current, given);
        if (MONEY_READING[current] !== 'not_charged' && MONEY_READING[next] === 'not_charged') {
          const fromFirstAttempt =
            given.source === 'not_connected' || (given.source === 'answer' && given.word === 'no_order');
          const fromGatewayDecline = 'word' in given && given.word === 'declined';
          expect(fromFirstAttempt || fromGatewayDecline).toBe(true);
          if (fromFirstAttempt) expect(current).toBe('pending');
        }
      }),
    );
  });

  it("settles only on the gateway's word: a browser return, a closed page or a restart never do", () => {
    fc.assert(
      fc.property(status, evidence, (current, given) => {
        const { next } = decide(current, given);
        if (!SETTLED_STATUSES.has(current) && SETTLED_STATUSES.has(next)) {
          expect(['callback', 'answer', 'replay', 'not_connected']).toContain(given.source);
        }
      }),
    );
  });

  it('keeps a conflict whatever comes after it', () => {
    fc.assert(
      fc.property(evidence, (given) => {
        expect(decide('conflict', given).next).toBe('conflict');
      }),
    );
  });

  it('turns disagreement between two authoritative words into a conflict, with what to do', () => {
    const approvedThenDeclined = decide('approved', { source: 'callback', word: 'declined' });
    expect(approvedThenDeclined).toMatchObject({ next: 'conflict', changed: true });
    expect(approvedThenDeclined.conflict).toMatch(
      /approved.*signed notification now says declined.*Check the order/,
    );
    expect(decide('declined', { source: 'answer', word: 'approved' }).next).toBe('conflict');
    expect(decide('refused', { source: 'callback', word: 'approved' }).next).toBe('conflict');
    expect(decide('approved', { source: 'callback', word: 'no_order' }).next).toBe('approved');
    expect(decide('approved', { source: 'answer', word: 'no_order' }).next).toBe('conflict');
    expect(
      decide('processing', { source: 'callback', word: 'approved', mismatch: 'the amount 9.00' }).next,
    ).toBe('conflict');
  });

  it('lets agreeing and weaker words pass without a change', () => {
    expect(decide('approved', { source: 'callback', word: 'approved' })).toEqual({
      next: 'approved',
      changed: false,
    });
    expect(decide('approved', { source: 'answer', word: 'processing' }).next).toBe('approved');
    expect(decide('declined', { source: 'replay', word: 'unknown' }).next).toBe('declined');
    expect(decide('refused', { source: 'callback', word: 'declined' }).next).toBe('refused');
  });

  it('a replay that is refused or unreadable says nothing about the first attempt (A24)', () => {
    for (const current of ['outcome_unknown', 'awaiting_confirmation', 'processing'] as PayInStatus[]) {
      expect(decide(current, { source: 'replay', word: 'no_order' }).next).toBe(current);
      expect(decide(current, { source: 'replay', word: 'unknown' }).next).toBe(current);
    }
  });

  it('a browser return is a hint: the pay-in awaits the gateway, and "still open" never undoes it', () => {
    for (const current of ['pending', 'action_required', 'processing', 'outcome_unknown'] as PayInStatus[]) {
      expect(decide(current, { source: 'browser_return' }).next).toBe('awaiting_confirmation');
    }
    expect(decide('approved', { source: 'browser_return' }).next).toBe('approved');
    expect(decide('awaiting_confirmation', { source: 'replay', word: 'action_required' }).next).toBe(
      'awaiting_confirmation',
    );
    expect(decide('awaiting_confirmation', { source: 'callback', word: 'declined' }).next).toBe('declined');
  });
});

describe('what the statuses mean', () => {
  it('counts every status but the three proven uncharged ones for the duplicate guard', () => {
    expect(PAYIN_STATUSES.filter((s) => !MAY_HAVE_CHARGED.has(s)).sort()).toEqual([
      'declined',
      'not_sent',
      'refused',
    ]);
  });

  it('lets nothing go back to pending, and nothing leave a conflict', () => {
    for (const from of PAYIN_STATUSES) {
      expect(NEXT_STATUSES[from]).not.toContain('pending');
    }
    expect(NEXT_STATUSES.conflict).toEqual([]);
  });
});

describe('isLaterNews', () => {
  it('never takes a settled status back to an open one', () => {
    for (const settled of SETTLED_STATUSES) {
      for (const open of PAYIN_STATUSES.filter((s) => MONEY_READING[s] === 'open')) {
        expect(isLaterNews(settled, open), `${settled} then ${open}`).toBe(false);
        expect(isLaterNews(open, settled), `${open} then ${settled}`).toBe(true);
      }
    }
  });

  it('takes whatever the lifecycle lets follow', () => {
    fc.assert(
      fc.property(status, status, (shown, incoming) => {
        if (canFollow(shown, incoming)) expect(isLaterNews(shown, incoming)).toBe(true);
      }),
    );
  });
});
