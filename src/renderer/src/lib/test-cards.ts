// The sandbox gateway's test cards and fault amounts as support staff need them on screen, derived from
// the sandbox's own table in src/shared (the renderer may not import src/sandbox).
import { FAULT_AMOUNTS, TEST_CARDS } from '@shared/sandbox-test-data';

interface TestCardRow {
  number: string;
  brand: string;
  outcome: string;
  cvv: string;
}

export const TEST_CARD_ROWS: readonly TestCardRow[] = TEST_CARDS.map((card) => ({
  number: card.number,
  brand: card.brand,
  outcome: card.behaviour,
  cvv: card.brand === 'American Express' ? '1234' : '123',
}));

interface FaultAmountRow {
  amount: string;
  outcome: string;
}

export const FAULT_AMOUNT_ROWS: readonly FaultAmountRow[] = Object.entries(FAULT_AMOUNTS).map(
  ([amount, { behaviour }]) => ({ amount, outcome: behaviour }),
);

/** Any expiry a few years ahead works with the sandbox; computed so that it never goes stale. */
export function testExpiry(now: Date = new Date()): string {
  const year = (now.getFullYear() + 3) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}
