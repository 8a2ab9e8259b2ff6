// The sandbox gateway's published test data: which card numbers and amounts produce which outcome. The
// sandbox acts on it; the renderer shows it to operators (test-card table, test scenarios). One table for both.

export const CARD_OUTCOMES = [
  'approve',
  'decline-generic',
  'decline-funds',
  'decline-expired',
  'decline-cvv',
  '3ds-challenge',
  '3ds-fail',
] as const;
export type CardOutcome = (typeof CARD_OUTCOMES)[number];

/** The one-time code that passes the 3-D Secure challenge of card 4000000000003220. */
export const THREE_DS_PASS_CODE = '1234';
export const THREE_DS_FAILED_REMARK = '3-D Secure authentication failed';

/** The gateway's own words for a declined card (its `data.remark`): shown as it sends them, never translated. */
export const DECLINE_REMARKS: Readonly<Partial<Record<CardOutcome, string>>> = Object.freeze({
  'decline-generic': 'Card declined',
  'decline-funds': 'Insufficient funds',
  'decline-expired': 'Expired card',
  'decline-cvv': 'Incorrect CVV',
  '3ds-fail': THREE_DS_FAILED_REMARK,
});

type TestCard = { number: string; brand: string; outcome: CardOutcome; behaviour: string };

export const TEST_CARDS: readonly TestCard[] = Object.freeze([
  { number: '4242424242424242', brand: 'Visa', outcome: 'approve', behaviour: 'Approved, no 3-D Secure' },
  { number: '5555555555554444', brand: 'Mastercard', outcome: 'approve', behaviour: 'Approved' },
  {
    number: '378282246310005',
    brand: 'American Express',
    outcome: 'approve',
    behaviour: 'Approved (4-digit CVV)',
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    outcome: 'decline-generic',
    behaviour: 'Declined: "Card declined"',
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    outcome: 'decline-funds',
    behaviour: 'Declined: "Insufficient funds"',
  },
  {
    number: '4000000000000069',
    brand: 'Visa',
    outcome: 'decline-expired',
    behaviour: 'Declined: "Expired card"',
  },
  {
    number: '4000000000000127',
    brand: 'Visa',
    outcome: 'decline-cvv',
    behaviour: 'Declined: "Incorrect CVV"',
  },
  {
    number: '4000000000003220',
    brand: 'Visa',
    outcome: '3ds-challenge',
    behaviour: `3-D Secure challenge: code ${THREE_DS_PASS_CODE} approves, any other code declines`,
  },
  {
    number: '4000000000003063',
    brand: 'Visa',
    outcome: '3ds-fail',
    behaviour: '3-D Secure challenge that always fails: declined',
  },
]);

export type Fault = 'http-500' | 'slow' | 'not-json' | 'drop';

export const FAULT_AMOUNTS: Readonly<Record<string, { fault: Fault; behaviour: string }>> = Object.freeze({
  '500.01': {
    fault: 'http-500',
    behaviour: 'HTTP 500 with a JSON error body; no order is created, so asking again faults again',
  },
  '500.02': {
    fault: 'slow',
    behaviour: 'The order is processed at once, but the answer comes only after 35 s',
  },
  '500.03': {
    fault: 'not-json',
    behaviour: 'The order is processed, but the answer is HTTP 200 with a body that is not JSON',
  },
  '500.04': {
    fault: 'drop',
    behaviour: 'The order is processed, but the connection is closed without any answer',
  },
});
