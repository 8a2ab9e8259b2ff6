// The sandbox gateway's test cards and fault amounts as support staff need them on screen, derived from
// the sandbox's own table in src/shared (the renderer may not import src/sandbox), in the active language:
// the card numbers, the amounts and the gateway's own decline remarks stay as they are.
import type { Translate } from '@renderer/i18n/use-t';
import type { MessageKey } from '@shared/i18n/messages';
import {
  type CardOutcome,
  DECLINE_REMARKS,
  FAULT_AMOUNTS,
  type Fault,
  TEST_CARDS,
  THREE_DS_PASS_CODE,
} from '@shared/sandbox-test-data';

interface TestCardRow {
  number: string;
  brand: string;
  outcome: CardOutcome;
  cvv: string;
}

export const TEST_CARD_ROWS: readonly TestCardRow[] = TEST_CARDS.map((card) => ({
  number: card.number,
  brand: card.brand,
  outcome: card.outcome,
  cvv: card.brand === 'American Express' ? '1234' : '123',
}));

const OUTCOME_WORDS: Record<CardOutcome, MessageKey> = {
  approve: 'shell.testCards.outcome.approve',
  'decline-generic': 'shell.testCards.outcome.declined',
  'decline-funds': 'shell.testCards.outcome.declined',
  'decline-expired': 'shell.testCards.outcome.declined',
  'decline-cvv': 'shell.testCards.outcome.declined',
  '3ds-challenge': 'shell.testCards.outcome.challenge',
  '3ds-fail': 'shell.testCards.outcome.challengeFails',
};

/** What the sandbox does with a test card, in the active language. */
export function testCardOutcome(t: Translate, row: TestCardRow): string {
  if (row.outcome === 'approve' && row.cvv.length === 4) return t('shell.testCards.outcome.approveLongCvv');
  return t(OUTCOME_WORDS[row.outcome], {
    remark: DECLINE_REMARKS[row.outcome] ?? '',
    code: THREE_DS_PASS_CODE,
  });
}

interface FaultAmountRow {
  amount: string;
  fault: Fault;
}

export const FAULT_AMOUNT_ROWS: readonly FaultAmountRow[] = Object.entries(FAULT_AMOUNTS).map(
  ([amount, { fault }]) => ({ amount, fault }),
);

const FAULT_WORDS: Record<Fault, MessageKey> = {
  'http-500': 'shell.testCards.fault.http500',
  slow: 'shell.testCards.fault.slow',
  'not-json': 'shell.testCards.fault.notJson',
  drop: 'shell.testCards.fault.drop',
};

/** What the sandbox does at a fault amount, in the active language. */
export function faultWords(t: Translate, row: FaultAmountRow): string {
  return t(FAULT_WORDS[row.fault]);
}

/** Any expiry a few years ahead works with the sandbox; computed so that it never goes stale. */
export function testExpiry(now: Date = new Date()): string {
  const year = (now.getFullYear() + 3) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}
