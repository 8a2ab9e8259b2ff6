// The pay-ins a crash drill makes, chosen from a seeded random source, and the bookkeeping a drill needs
// afterwards: which card each customer used (to type it again when asking again after a restart, as an operator
// would) and every card number and CVV that passed through Paydesk (for the secrets scan).
import { TEST_CARDS } from '@shared/sandbox-test-data';
import { v1Fields, v2Fields } from '../app/paydesk-fixture';
import type { SeededRandom } from './seeded-random';

export interface Card {
  cardNumber: string;
  cvv: string;
  expDate: string;
}

export interface Attempt {
  userId: string;
  version: 'v1' | 'v2';
  card: Card;
  amount: string;
  fields: Record<string, string>;
}

/** Fault amounts that need no crash to leave an unknown outcome (500.02 is kept for its kill point). */
const QUICK_FAULTS = ['500.01', '500.03', '500.04'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

export class AttemptBook {
  readonly byUserId = new Map<string, Attempt>();
  readonly cardNumbers = new Set<string>();
  readonly cvvs = new Set<string>();
  #count = 0;

  constructor(
    private readonly random: SeededRandom,
    private readonly tag: string,
  ) {}

  /** A pay-in as an operator would key it: a test card, a fresh customer, an amount of the given kind. */
  make(
    amountKind: 'ordinary' | 'any' | { exactly: string },
    options: { cardNumber?: string; storeCard?: boolean } = {},
  ): Attempt {
    const { random } = this;
    this.#count += 1;
    const testCard = TEST_CARDS.find((card) => card.number === options.cardNumber) ?? random.pick(TEST_CARDS);
    const fourDigits = testCard.brand === 'American Express';
    const card: Card = {
      cardNumber: testCard.number,
      cvv: String(fourDigits ? random.int(1000, 9999) : random.int(100, 999)),
      expDate: `${pad(random.int(1, 12))}/${random.int(30, 39)}`,
    };
    let amount: string;
    if (typeof amountKind === 'object') amount = amountKind.exactly;
    else if (amountKind === 'any' && random.chance(0.25)) amount = random.pick(QUICK_FAULTS);
    else amount = `${random.int(1, 499)}.${pad(random.int(0, 99))}`;
    const version = random.chance(0.35) ? 'v1' : 'v2';
    const userId = `drill-${this.tag}-${this.#count}`;
    const overrides: Record<string, string> = { userId, amount, ...card };
    if (options.storeCard ?? random.chance(0.2)) overrides.storeCc = '1';
    const fields = version === 'v2' ? v2Fields(overrides) : v1Fields(overrides);
    const attempt: Attempt = { userId, version, card, amount, fields };
    this.byUserId.set(userId, attempt);
    this.cardNumbers.add(card.cardNumber);
    this.cvvs.add(card.cvv);
    return attempt;
  }
}

/** The customer a pay-in request on the wire is for, from its JSON (v2) or form (v1) body. */
export function userIdOfRequest(requestLine: string, body: string): string | undefined {
  if (requestLine.includes('/openapi/v2/pwpp')) {
    try {
      const userId = (JSON.parse(body) as { userId?: unknown }).userId;
      return typeof userId === 'string' ? userId : undefined;
    } catch {
      return undefined;
    }
  }
  if (requestLine.includes('/openapi/v1/pwpp')) return new URLSearchParams(body).get('userId') ?? undefined;
  return undefined;
}
