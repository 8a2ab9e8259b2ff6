// The duplicate guard says what the earlier pay-in's status proves (issue 35, item 6): "were charged" only
// of an approval; an open pay-in "may have been charged", or waits for its bank page.
import { duplicateQuestion, EARLIER_PAYIN_SAYS } from '@shared/duplicate-wording';
import { MONEY_READING, PAYIN_STATUSES } from '@shared/payin-lifecycle';
import { describe, expect, it } from 'vitest';

describe('duplicateQuestion', () => {
  it('says "were charged" of an approved pay-in alone', () => {
    for (const status of PAYIN_STATUSES) {
      const says = EARLIER_PAYIN_SAYS[status];
      if (MONEY_READING[status] === 'charged') expect(says).toBe('were charged');
      else expect(says).not.toBe('were charged');
    }
  });

  it.each([
    ['outcome_unknown', 'may have been charged'],
    ['awaiting_confirmation', 'may have been charged'],
    ['processing', 'may have been charged'],
    ['pending', 'may have been charged'],
    ['action_required', 'waits for the bank page'],
  ] as const)('an earlier %s pay-in: "%s"', (status, words) => {
    const question = duplicateQuestion({ at: '14:02', status, merchantTradeNo: 'PD-1' });
    expect(question).toContain(words);
    expect(question).toMatch(
      /^At 14:02 the same card, amount and customer .* \(order PD-1\)\. Send a second payment anyway\?$/,
    );
  });

  it('names another desk and its operator, and a status it does not know without reading it as charged', () => {
    expect(
      duplicateQuestion({
        at: '09:15',
        status: 'reversed',
        merchantTradeNo: 'PD-2',
        where: 'on desk "Front 1" by Anna',
      }),
    ).toBe(
      'At 09:15, on desk "Front 1" by Anna, the same card, amount and customer may have been charged (its status is "reversed") (order PD-2). Send a second payment anyway?',
    );
  });
});
