// The sandbox's test cards: the card number alone decides the outcome, so a client can exercise every
// path on purpose. Only the outcome key is ever stored, never the number.

export {
  type CardOutcome,
  TEST_CARDS,
  THREE_DS_FAILED_REMARK,
  THREE_DS_PASS_CODE,
} from '@shared/sandbox-test-data';

import { CARD_OUTCOMES, type CardOutcome, DECLINE_REMARKS, TEST_CARDS } from '@shared/sandbox-test-data';

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

/** The decline reason for `data.remark`, or undefined when the outcome approves. */
export function declineRemarkOf(outcome: CardOutcome): string | undefined {
  return DECLINE_REMARKS[outcome];
}
