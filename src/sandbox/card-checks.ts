// The card check of a pay-in (assumption A17, step 9), with the number checks of the published test
// cards made once at start. card-validator's brand lookup copies its whole brand table on every call,
// and checkCardNumber (src/shared/cards/card.ts) calls it twice: it was the largest cost of a pay-in in
// the sandbox's profile (docs/BENCHMARKS.md). A test card's number check never changes, and those are the
// numbers a sandbox is sent nearly always; any other number is checked on every request, as before. The
// expiry (which depends on today) and the CVV are always checked.
import { type CardCheck, checkCardNumber, checkCvv, checkExpiry } from '@shared/cards/card';
import { TEST_CARDS } from './test-cards';

function frozen(check: CardCheck): CardCheck {
  if (check.ok) Object.freeze(check.brand);
  return Object.freeze(check);
}

const testCardChecks: ReadonlyMap<string, CardCheck> = new Map(
  TEST_CARDS.map((card) => [card.number, frozen(checkCardNumber(card.number))]),
);

/**
 * The same answer as checkCard of src/shared/cards/card.ts (number, then expiry, then CVV; first failure
 * first), for a card number that is digits only. tests/unit/sandbox-card-checks.test.ts holds the two to
 * the same answers.
 */
export function checkCardOf(
  card: { cardNumber: string; cvv: string; expDate: string },
  now: Date,
): CardCheck {
  const number = testCardChecks.get(card.cardNumber) ?? checkCardNumber(card.cardNumber);
  if (!number.ok) return number;
  const expiry = checkExpiry(card.expDate, now);
  if (!expiry.ok) return { ok: false, field: 'expDate', message: expiry.message, reason: expiry.reason };
  return checkCvv(card.cvv, number.brand);
}
