// Sandbox demo scenarios: one choice fills a test card or fault amount and plausible customer data,
// so a flow can be shown in two keystrokes. Only offered when the active profile is a sandbox.

import { formatCardNumber } from '@renderer/lib/card-input';
import { testExpiry } from '@renderer/lib/test-cards';
import { canonicalAmount } from '@shared/money/amount';
import { amountAsTyped } from '@shared/money/locale-amount';
import type { PayInFormValues } from './form';

interface TestScenario {
  id: string;
  label: string;
  group: string;
  card: string;
  amount: string;
  txMode?: 'h2h' | 'redirection';
}

const VISA_OK = '4242424242424242';

export const TEST_SCENARIOS: readonly TestScenario[] = [
  { id: 'approve', group: 'Approved', label: 'Approve (Visa)', card: VISA_OK, amount: '25.00' },
  {
    id: 'approve-mc',
    group: 'Approved',
    label: 'Approve (Mastercard)',
    card: '5555555555554444',
    amount: '25.00',
  },
  {
    id: 'approve-amex',
    group: 'Approved',
    label: 'Approve (Amex, 4-digit CID)',
    card: '378282246310005',
    amount: '25.00',
  },
  {
    id: 'decline-generic',
    group: 'Declined',
    label: 'Decline: Card declined',
    card: '4000000000000002',
    amount: '25.00',
  },
  {
    id: 'decline-funds',
    group: 'Declined',
    label: 'Decline: Insufficient funds',
    card: '4000000000009995',
    amount: '25.00',
  },
  {
    id: 'decline-expired',
    group: 'Declined',
    label: 'Decline: Expired card',
    card: '4000000000000069',
    amount: '25.00',
  },
  {
    id: 'decline-cvv',
    group: 'Declined',
    label: 'Decline: Incorrect CVV',
    card: '4000000000000127',
    amount: '25.00',
  },
  {
    id: '3ds-pass',
    group: '3-D Secure',
    label: '3DS challenge (code 1234 passes)',
    card: '4000000000003220',
    amount: '25.00',
  },
  {
    id: '3ds-fail',
    group: '3-D Secure',
    label: '3DS challenge that always fails',
    card: '4000000000003063',
    amount: '25.00',
  },
  {
    id: 'redirection',
    group: 'Hosted page',
    label: 'Redirection mode (hosted page)',
    card: VISA_OK,
    amount: '25.00',
    txMode: 'redirection',
  },
  { id: 'fault-500', group: 'Faults', label: 'Fault: HTTP 500 (500.01)', card: VISA_OK, amount: '500.01' },
  {
    id: 'fault-timeout',
    group: 'Faults',
    label: 'Fault: answer after 35 s, timeout (500.02)',
    card: VISA_OK,
    amount: '500.02',
  },
  {
    id: 'fault-not-json',
    group: 'Faults',
    label: 'Fault: answer not JSON (500.03)',
    card: VISA_OK,
    amount: '500.03',
  },
  {
    id: 'fault-drop',
    group: 'Faults',
    label: 'Fault: connection closed (500.04)',
    card: VISA_OK,
    amount: '500.04',
  },
];

export function scenarioSelectData() {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const scenario of TEST_SCENARIOS) {
    const items = groups.get(scenario.group) ?? [];
    items.push({ value: scenario.id, label: scenario.label });
    groups.set(scenario.group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * The values a scenario sets, its amount written as an agent in `locale` types it ("25,00" in de);
 * everything else in the form is left as it is.
 */
export function scenarioValues(
  id: string,
  now = new Date(),
  locale = 'en',
): Partial<PayInFormValues> | undefined {
  const scenario = TEST_SCENARIOS.find((entry) => entry.id === id);
  if (!scenario) return undefined;
  const amex = scenario.card.startsWith('37');
  return {
    ccStorageID: '',
    // No scenario is about storing a card: one never stores the card it fills.
    storeCc: false,
    cardNumber: formatCardNumber(scenario.card),
    expDate: testExpiry(now),
    cvv: amex ? '1234' : '123',
    amount: amountAsTyped(canonicalAmount(scenario.amount), locale),
    txMode: scenario.txMode ?? 'h2h',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    mobile: '15123456789',
    addressLine: 'Friedrichstraße 123',
    city: 'Berlin',
    zip: '10117',
    country: 'DE',
    iddCode: '49',
    ip: '203.0.113.7',
    userId: 'demo-customer-1',
    merchantTradeNo: '',
  };
}
