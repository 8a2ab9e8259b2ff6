// The desk's reading of an amount an operator typed (issue 35, item 1): "1.250" is not 1.25 EUR. The wire's
// rounding (section 2.1) is the gateway's; the desk sends only the exact figure typed, or refuses it.
import { normalizeAmount, normalizeOperatorAmount } from '@shared/money/amount';
import { payInSubmitSchema } from '@shared/payin-input';
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Main's own reading of what the renderer sends (the agent's separators are read first: locale-amount.ts). */
const read = (typed: string) => normalizeOperatorAmount(typed);

describe('normalizeOperatorAmount: what it refuses that the wire would round', () => {
  it.each([
    ['1.250', '"1.250" could be 1250 or 1.25: type 1250, or 1.25.'],
    ['12.340', '"12.340" could be 12340 or 12.34: type 12340, or 12.34.'],
    ['1,250', '"1,250" could be 1250 or 1.25: type 1250, or 1.25.'],
    [
      '12.345',
      '"12.345" could be 12345 (a separator before three digits groups thousands): type 12345 without separators, or an amount with at most 2 decimal places.',
    ],
    [
      '1.250.000',
      '"1.250.000" could be 1250000 (a separator before three digits groups thousands): type 1250000 without separators, or an amount with at most 2 decimal places.',
    ],
    ['1234.567', 'At most 2 decimal places (whole cents): "1234.567" has 3. Nothing is rounded for you.'],
    ['0.005', 'At most 2 decimal places (whole cents): "0.005" has 3. Nothing is rounded for you.'],
    ['10.5000', 'At most 2 decimal places (whole cents): "10.5000" has 4. Nothing is rounded for you.'],
  ])('%j: %s', (typed, message) => {
    expect(read(typed)).toMatchObject({ ok: false, message, ambiguous: true });
  });

  it('says the plain reasons of the wire rule as they were', () => {
    expect(read('')).toEqual({ ok: false, message: 'Enter an amount.', reason: 'empty' });
    expect(read('-5')).toEqual({ ok: false, message: 'The amount cannot be negative.', reason: 'negative' });
    expect(read('1,250.00')).toMatchObject({ ok: false, message: expect.stringContaining('digits and one') });
  });

  it.each([
    ['1.25', '1.25'],
    ['1250', '1250.00'],
    [' 49.90 ', '49.90'],
    ['0.01', '0.01'],
  ])('%j is sent as %s', (typed, sent) => {
    expect(read(typed)).toEqual({ ok: true, value: sent });
  });
});

/** Digit strings of 1–3 digits, then groups of three after a point or a comma, and cents maybe. */
const thousandsLooking = fc
  .tuple(
    fc.stringMatching(/^[1-9]\d{0,2}$/),
    fc.array(fc.tuple(fc.constantFrom('.', ','), fc.stringMatching(/^\d{3}$/)), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.option(fc.tuple(fc.constantFrom('.', ','), fc.stringMatching(/^\d{1,2}$/)), { nil: undefined }),
  )
  .map(([lead, groups, cents]) => ({
    typed: `${lead}${groups.map(([sep, digits]) => sep + digits).join('')}${cents ? cents[0] + cents[1] : ''}`,
    thousands: `${lead}${groups.map(([, digits]) => digits).join('')}${cents ? `.${cents[1]}` : ''}`,
  }));

describe('property: a figure typed is sent exactly, or not at all', () => {
  it('no thousands-looking input is ever sent as a smaller amount', () => {
    fc.assert(
      fc.property(thousandsLooking, ({ typed, thousands }) => {
        const result = read(typed);
        if (result.ok) expect(new Big(result.value).gte(new Big(thousands))).toBe(true);
      }),
      { seed: 35_1, numRuns: 2_000 },
    );
  });

  it('an accepted amount is the exact value typed: no rounding, no re-reading', () => {
    const typedAmount = fc.stringMatching(/^\s?\d{1,6}([.,]\d{0,4})?\s?$/);
    fc.assert(
      fc.property(typedAmount, (typed) => {
        const result = read(typed);
        if (!result.ok) return;
        expect(new Big(result.value).eq(new Big(typed.trim()))).toBe(true);
      }),
      { seed: 35_2, numRuns: 5_000 },
    );
  });

  it('everything it accepts the wire accepts too, with the same value', () => {
    const anyText = fc.stringMatching(/^[\d.,\s-]{0,12}$/);
    fc.assert(
      fc.property(anyText, (typed) => {
        const desk = normalizeOperatorAmount(typed);
        if (desk.ok) expect(normalizeAmount(typed)).toEqual(desk);
      }),
      { seed: 35_3, numRuns: 5_000 },
    );
  });
});

describe('the pay-in IPC input holds the rule itself', () => {
  const fields = (amount: string) => ({
    version: 'v2' as const,
    fields: {
      amount,
      userId: 'CUST-1',
      cardNumber: '4242424242424242',
      cvv: '123',
      expDate: '09/30',
    },
  });
  const amountIssues = (amount: string) => {
    const parsed = payInSubmitSchema.safeParse(fields(amount));
    return parsed.success
      ? []
      : parsed.error.issues.filter((issue) => issue.path.join('.') === 'fields.amount').map((i) => i.message);
  };

  it.each(['1.250', '12.345', '10.005'])('%j is refused with one specific reason', (amount) => {
    const issues = amountIssues(amount);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/could be|At most 2 decimal places/);
  });

  it('a plain two-place amount has no amount issue', () => {
    expect(amountIssues('1.25')).toEqual([]);
  });

  it('takes only the interface’s decimal text: an amount still in a language’s writing is refused', () => {
    // The renderer reads the agent's writing (locale-amount.ts) and sends the canonical text; main reads again.
    for (const written of ['1.234,56', '1,234.56', '1 234,56', '€1,234.56', '25,00']) {
      expect(amountIssues(written), written).toHaveLength(1);
    }
    expect(amountIssues('1234.56')).toEqual([]);
  });
});
