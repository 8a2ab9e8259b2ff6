// Sandbox demo scenarios: one choice fills a test card or fault amount and plausible customer data,
// so a flow can be shown in two keystrokes. Only offered when the active profile is a sandbox.

import type { Translate } from '@renderer/i18n/use-t';
import { formatCardNumber } from '@renderer/lib/card-input';
import { testExpiry } from '@renderer/lib/test-cards';
import type { MessageKey } from '@shared/i18n/messages';
import { canonicalAmount } from '@shared/money/amount';
import { amountAsTyped } from '@shared/money/locale-amount';
import { DECLINE_REMARKS, TEST_CARDS, THREE_DS_PASS_CODE } from '@shared/sandbox-test-data';
import type { PayInFormValues } from './form';

interface TestScenario {
  id: string;
  /** Its name in the catalogue; the gateway's remark, the 3-D Secure code and the amount are put in. */
  label: MessageKey;
  group: MessageKey;
  card: string;
  amount: string;
  txMode?: 'h2h' | 'redirection';
}

const VISA_OK = '4242424242424242';
const APPROVED = 'payin.scenario.group.approved';
const DECLINED = 'payin.scenario.group.declined';
const FAULTS = 'payin.scenario.group.faults';

export const TEST_SCENARIOS: readonly TestScenario[] = [
  { id: 'approve', group: APPROVED, label: 'payin.scenario.approve', card: VISA_OK, amount: '25.00' },
  {
    id: 'approve-mc',
    group: APPROVED,
    label: 'payin.scenario.approveMc',
    card: '5555555555554444',
    amount: '25.00',
  },
  {
    id: 'approve-amex',
    group: APPROVED,
    label: 'payin.scenario.approveAmex',
    card: '378282246310005',
    amount: '25.00',
  },
  {
    id: 'decline-generic',
    group: DECLINED,
    label: 'payin.scenario.decline',
    card: '4000000000000002',
    amount: '25.00',
  },
  {
    id: 'decline-funds',
    group: DECLINED,
    label: 'payin.scenario.decline',
    card: '4000000000009995',
    amount: '25.00',
  },
  {
    id: 'decline-expired',
    group: DECLINED,
    label: 'payin.scenario.decline',
    card: '4000000000000069',
    amount: '25.00',
  },
  {
    id: 'decline-cvv',
    group: DECLINED,
    label: 'payin.scenario.decline',
    card: '4000000000000127',
    amount: '25.00',
  },
  {
    id: '3ds-pass',
    group: 'payin.scenario.group.threeDs',
    label: 'payin.scenario.challengePasses',
    card: '4000000000003220',
    amount: '25.00',
  },
  {
    id: '3ds-fail',
    group: 'payin.scenario.group.threeDs',
    label: 'payin.scenario.challengeFails',
    card: '4000000000003063',
    amount: '25.00',
  },
  {
    id: 'redirection',
    group: 'payin.scenario.group.hosted',
    label: 'payin.scenario.redirection',
    card: VISA_OK,
    amount: '25.00',
    txMode: 'redirection',
  },
  { id: 'fault-500', group: FAULTS, label: 'payin.scenario.fault500', card: VISA_OK, amount: '500.01' },
  {
    id: 'fault-timeout',
    group: FAULTS,
    label: 'payin.scenario.faultTimeout',
    card: VISA_OK,
    amount: '500.02',
  },
  {
    id: 'fault-not-json',
    group: FAULTS,
    label: 'payin.scenario.faultNotJson',
    card: VISA_OK,
    amount: '500.03',
  },
  { id: 'fault-drop', group: FAULTS, label: 'payin.scenario.faultDrop', card: VISA_OK, amount: '500.04' },
];

/** A scenario's name in the active language; the gateway's own remark for a declined card stays as it sends it. */
export function scenarioLabel(t: Translate, scenario: TestScenario): string {
  const outcome = TEST_CARDS.find((card) => card.number === scenario.card)?.outcome;
  return t(scenario.label, {
    remark: (outcome && DECLINE_REMARKS[outcome]) ?? '',
    code: THREE_DS_PASS_CODE,
    amount: scenario.amount,
  });
}

export function scenarioSelectData(t: Translate) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const scenario of TEST_SCENARIOS) {
    const group = t(scenario.group);
    const items = groups.get(group) ?? [];
    items.push({ value: scenario.id, label: scenarioLabel(t, scenario) });
    groups.set(group, items);
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
