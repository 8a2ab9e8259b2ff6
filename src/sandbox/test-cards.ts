// The sandbox's test cards: the card number alone decides the outcome, so a client can exercise every
// path on purpose. Only the outcome key is ever stored, never the number.

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

export type TestCard = { number: string; brand: string; outcome: CardOutcome; behaviour: string };

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

const outcomeByNumber = new Map(TEST_CARDS.map((card) => [card.number, card.outcome]));

/** Any card number that is not a listed test card is approved (it has passed the Luhn check before). */
export function cardOutcomeOf(cardNumber: string): CardOutcome {
  return outcomeByNumber.get(cardNumber) ?? 'approve';
}

export function isCardOutcome(value: string): value is CardOutcome {
  return (CARD_OUTCOMES as readonly string[]).includes(value);
}

export function needsChallenge(outcome: CardOutcome): boolean {
  return outcome === '3ds-challenge' || outcome === '3ds-fail';
}

const DECLINE_REMARKS: Partial<Record<CardOutcome, string>> = {
  'decline-generic': 'Card declined',
  'decline-funds': 'Insufficient funds',
  'decline-expired': 'Expired card',
  'decline-cvv': 'Incorrect CVV',
  '3ds-fail': THREE_DS_FAILED_REMARK,
};

/** The decline reason for `data.remark`, or undefined when the outcome approves. */
export function declineRemarkOf(outcome: CardOutcome): string | undefined {
  return DECLINE_REMARKS[outcome];
}
