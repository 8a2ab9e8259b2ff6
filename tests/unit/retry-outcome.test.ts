// What a retry's answer says about an unknown-outcome pay-in: only the gateway's word on the order
// (approved, declined, processing, 3DS) settles it; a refused or unsent retry leaves it unknown.
import { describe, expect, it } from 'vitest';
import { type PayInOutcome, retryOutcome } from '../../src/main/payin/payin-service';

const base = { rawResponse: null } satisfies Partial<PayInOutcome>;

describe('retryOutcome', () => {
  it('keeps the row unknown when the retry is refused, and never says nothing was charged', () => {
    const refused = retryOutcome({
      ...base,
      status: 'refused',
      message: 'The gateway refused the payment: mobile: Digits only. (code 90751001). Nothing was charged.',
      field: 'mobile',
      error: { kind: 'refused', message: 'x', field: 'mobile' },
    });
    expect(refused.status).toBe('outcome_unknown');
    expect(refused.error?.kind).toBe('outcome_unknown');
    expect(refused.message).toMatch(/first attempt's outcome is still unknown/);
  });

  it('keeps the row unknown when the retry never left', () => {
    const notSent = retryOutcome({
      ...base,
      status: 'not_sent',
      message: 'The gateway refused the connection.',
      error: { kind: 'not_sent', message: 'x' },
    });
    expect(notSent).toMatchObject({ status: 'outcome_unknown', error: { kind: 'outcome_unknown' } });
    expect(notSent.message).toMatch(/^The retry was not sent/);
  });

  it.each(['approved', 'declined', 'processing', 'action_required', 'outcome_unknown'] as const)(
    'passes %s through: the gateway answered for the order',
    (status) => {
      const outcome: PayInOutcome = { ...base, status, message: 'as answered' };
      expect(retryOutcome(outcome)).toBe(outcome);
    },
  );
});
