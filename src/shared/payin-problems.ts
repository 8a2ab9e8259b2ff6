// The pay-in form's field problems as the catalogue's key and values (issue 33), as kyc-problems.ts does for
// KYC rows: the card checks' reasons (cards/card.ts) here, the wire schemas' zod issues in
// payin-issue-words.ts. The checks and schemas keep their English (main and the logs read it); the renderer
// words each problem in the agent's language. No zod at run time: the form checks cards without it.
import type { CardProblem } from './cards/card';
import type { MessageKey, MessageValues } from './i18n/messages';

/** A problem's words: the catalogue key and values. */
export interface PayInProblemWords {
  key: MessageKey;
  values?: MessageValues;
}

/** Every key a pay-in field problem is worded with (besides the e-mail faults KYC's rows share). */
export const PAYIN_PROBLEM_KEYS = [
  'payin.problem.required',
  'payin.problem.text',
  'payin.problem.tooLong',
  'payin.problem.tooShort',
  'payin.problem.digits',
  'payin.problem.expiryFormat',
  'payin.problem.currencyCode',
  'payin.problem.eci',
  'payin.problem.ipv4',
  'payin.problem.url',
  'payin.problem.country',
  'payin.problem.countryCode',
  'payin.problem.storeCc',
  'payin.problem.txMode',
  'payin.problem.amount',
  'payin.problem.product.name',
  'payin.problem.product.price',
  'payin.problem.product.num',
  'payin.problem.product.currency',
  'payin.problem.products',
  'payin.problem.cardBesideToken',
  'payin.problem.reasonTooShort',
  'payin.problem.invalid',
  'payin.problem.card.emptyNumber',
  'payin.problem.card.emptyExpiry',
  'payin.problem.card.emptyCvv',
  'payin.problem.card.cvvDigits',
  'payin.problem.card.notDigits',
  'payin.problem.card.unknownBrand',
  'payin.problem.card.checkDigit',
  'payin.problem.card.length',
  'payin.problem.card.cvvLength',
  'payin.problem.card.expired',
] as const satisfies readonly MessageKey[];
export type PayInProblemKey = (typeof PAYIN_PROBLEM_KEYS)[number];

export const problemWords = (key: PayInProblemKey, values?: MessageValues): PayInProblemWords =>
  values === undefined ? { key } : { key, values };

/** A card check's failure: its reason and what the words need (the lengths as a list in `locale`'s words). */
export function cardProblemWords(problem: CardProblem, locale: string): PayInProblemWords {
  switch (problem.reason) {
    case 'notDigits':
      return problemWords('payin.problem.card.notDigits');
    case 'unknownBrand':
      return problemWords('payin.problem.card.unknownBrand');
    case 'checkDigit':
      return problemWords('payin.problem.card.checkDigit');
    case 'length': {
      const list = new Intl.ListFormat(locale, { type: 'disjunction' });
      const lengths = list.format(problem.lengths.map(String));
      return problemWords('payin.problem.card.length', { brand: problem.brand, lengths });
    }
    case 'cvvLength':
      return problemWords('payin.problem.card.cvvLength', {
        brand: problem.brand,
        digits: problem.digits,
        code: problem.code,
      });
    case 'expiryFormat':
      return problemWords('payin.problem.expiryFormat');
    case 'expired':
      return problemWords('payin.problem.card.expired');
  }
}

/** A card field left empty (the CVV by the brand's own name for it). */
export const emptyCardWords = {
  cardNumber: () => problemWords('payin.problem.card.emptyNumber'),
  expDate: () => problemWords('payin.problem.card.emptyExpiry'),
  cvv: (code: string) => problemWords('payin.problem.card.emptyCvv', { code }),
};

/** A CVV typed before the brand is known: 3 or 4 digits. */
export const cvvDigitsWords = (): PayInProblemWords =>
  problemWords('payin.problem.card.cvvDigits', { fewest: 3, most: 4 });
