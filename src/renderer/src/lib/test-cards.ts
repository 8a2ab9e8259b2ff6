// The sandbox gateway's test cards and fault amounts, as support staff need them on screen. The renderer
// may not import src/sandbox (process boundary), so this is the table as documented for operators;
// tests/e2e checks that each row behaves as it says against the real sandbox.

export interface TestCardRow {
  number: string;
  brand: string;
  outcome: string;
  cvv: string;
}

export const TEST_CARD_ROWS: readonly TestCardRow[] = [
  { number: '4242424242424242', brand: 'Visa', outcome: 'Approved', cvv: '123' },
  { number: '5555555555554444', brand: 'Mastercard', outcome: 'Approved', cvv: '123' },
  { number: '378282246310005', brand: 'American Express', outcome: 'Approved (4-digit CID)', cvv: '1234' },
  { number: '4000000000000002', brand: 'Visa', outcome: 'Declined: "Card declined"', cvv: '123' },
  { number: '4000000000009995', brand: 'Visa', outcome: 'Declined: "Insufficient funds"', cvv: '123' },
  { number: '4000000000000069', brand: 'Visa', outcome: 'Declined: "Expired card"', cvv: '123' },
  { number: '4000000000000127', brand: 'Visa', outcome: 'Declined: "Incorrect CVV"', cvv: '123' },
  {
    number: '4000000000003220',
    brand: 'Visa',
    outcome: '3-D Secure challenge: code 1234 approves, any other code declines',
    cvv: '123',
  },
  {
    number: '4000000000003063',
    brand: 'Visa',
    outcome: '3-D Secure challenge that always fails',
    cvv: '123',
  },
];

export interface FaultAmountRow {
  amount: string;
  outcome: string;
}

export const FAULT_AMOUNT_ROWS: readonly FaultAmountRow[] = [
  { amount: '500.01', outcome: 'HTTP 500 — nothing is charged' },
  { amount: '500.02', outcome: 'Answer after 35 s (Paydesk times out: outcome unknown)' },
  { amount: '500.03', outcome: 'Answer is not JSON (outcome unknown)' },
  { amount: '500.04', outcome: 'Connection closed without an answer (outcome unknown)' },
];

/** Any expiry a few years ahead works with the sandbox; computed so that it never goes stale. */
export function testExpiry(now: Date = new Date()): string {
  const year = (now.getFullYear() + 3) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}
