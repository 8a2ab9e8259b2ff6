// The pay-in schemas' zod issues (gateway/payin.ts, payin-input.ts) as the catalogue's key and values
// (issue 33), mapped as kyc-problems.ts maps the KYC record's: by the issue's code, the field and what the
// schema checks there, never by the schema's English message, which main and the logs keep. A check whose
// words depend on the field (a pattern, a list of values) is worded by the field's row below: a field whose
// check has no row gets the fallback, which tests/renderer/payin-problem-words.test.ts refuses.
import type { z } from 'zod';
import { productList } from './gateway/fields';
import { emailWords } from './kyc-problems';
import { type PayInProblemKey, type PayInProblemWords, problemWords } from './payin-problems';

/** What a field's pattern (zod's `regex` format) asks for. */
const PATTERN_KEYS: Readonly<Record<string, PayInProblemKey>> = {
  cardNumber: 'payin.problem.digits',
  cvv: 'payin.problem.digits',
  mobile: 'payin.problem.digits',
  iddCode: 'payin.problem.digits',
  createTime: 'payin.problem.digits',
  expDate: 'payin.problem.expiryFormat',
  currency: 'payin.problem.currencyCode',
  eci: 'payin.problem.eci',
  callBackURL: 'payin.problem.url',
  successURL: 'payin.problem.url',
  failURL: 'payin.problem.url',
  retURL: 'payin.problem.url',
};

/** What a field of a fixed list of values takes. */
const CHOICE_KEYS: Readonly<Record<string, PayInProblemKey>> = {
  storeCc: 'payin.problem.storeCc',
  txMode: 'payin.problem.txMode',
};

const PRODUCT_PART_KEYS: Readonly<Record<string, PayInProblemKey>> = {
  name: 'payin.problem.product.name',
  price: 'payin.problem.product.price',
  num: 'payin.problem.product.num',
  currency: 'payin.problem.product.currency',
};

const CARD_FIELDS: ReadonlySet<string> = new Set(['cardNumber', 'cvv', 'expDate']);

/** The first product (1-based) the products' JSON holds that is refused, and which of its parts. */
function productWords(json: string): PayInProblemWords {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return problemWords('payin.problem.products');
  }
  const first = productList.safeParse(parsed).error?.issues[0];
  const [index, part] = first?.path ?? [];
  const key = typeof part === 'string' ? PRODUCT_PART_KEYS[part] : undefined;
  if (typeof index !== 'number' || !key) return problemWords('payin.problem.products');
  return problemWords(key, { number: index + 1 });
}

/**
 * The words of one of a pay-in schema's issues about `field`, whose value (the contract's text, after the
 * form's step to it) was `value`: undefined when the field was left empty.
 */
export function payInIssueWords(issue: z.core.$ZodIssue, field: string, value: unknown): PayInProblemWords {
  if (value === undefined) return problemWords('payin.problem.required');
  switch (issue.code) {
    case 'invalid_type':
      return problemWords('payin.problem.text');
    case 'too_small': {
      const min = Number(issue.minimum);
      return min <= 1
        ? problemWords('payin.problem.required')
        : problemWords('payin.problem.tooShort', { min });
    }
    case 'too_big':
      return problemWords('payin.problem.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format': {
      if (issue.format === 'ipv4') return problemWords('payin.problem.ipv4');
      if (issue.format === 'url') return problemWords('payin.problem.url');
      const key = issue.format === 'regex' ? PATTERN_KEYS[field] : undefined;
      return problemWords(key ?? 'payin.problem.invalid');
    }
    case 'invalid_value': {
      if (field === 'country' && typeof value === 'string')
        return problemWords(value.length === 2 ? 'payin.problem.country' : 'payin.problem.countryCode');
      return problemWords(CHOICE_KEYS[field] ?? 'payin.problem.invalid');
    }
    case 'custom':
      if (field === 'email') return emailWords(String(value));
      if (field === 'amount') return problemWords('payin.problem.amount');
      if (field === 'products') return productWords(String(value));
      if (CARD_FIELDS.has(field)) return problemWords('payin.problem.cardBesideToken');
      return problemWords('payin.problem.invalid');
    default:
      return problemWords('payin.problem.invalid');
  }
}

/** The follow-up reason's issue (ipc.ts): too short, or too long. */
export function followUpReasonWords(issue: z.core.$ZodIssue): PayInProblemWords {
  if (issue.code === 'too_small')
    return problemWords('payin.problem.reasonTooShort', { min: Number(issue.minimum) });
  if (issue.code === 'too_big') return problemWords('payin.problem.tooLong', { max: Number(issue.maximum) });
  return problemWords('payin.problem.invalid');
}
