// An amount's words in the agent's language, wherever one is typed (the pay-in form, Settings' pay-in limits):
// why the locale's reading refuses it (readLocaleAmount, src/shared), and the figure as the language writes it.

import { translate } from '@renderer/i18n/i18n';
import type { Translate } from '@renderer/i18n/use-t';
import type { MessageKey } from '@shared/i18n/messages';
import type { CanonicalAmount } from '@shared/money/amount';
import {
  type AmountRefusal,
  type AmountRefusalReason,
  amountDecimals,
  numberFormat,
} from '@shared/money/locale-amount';

const REFUSAL_KEYS: Record<AmountRefusalReason, MessageKey> = {
  empty: 'amount.refusal.empty',
  tooLong: 'amount.refusal.tooLong',
  negative: 'amount.refusal.negative',
  zero: 'amount.refusal.zero',
  notAnAmount: 'amount.refusal.notAnAmount',
  twoDecimalSeparators: 'amount.refusal.twoDecimalSeparators',
  groupAfterDecimal: 'amount.refusal.groupAfterDecimal',
  misplacedGroup: 'amount.refusal.misplacedGroup',
  groupingOrCents: 'amount.refusal.groupingOrCents',
  looksLikeGrouping: 'amount.refusal.looksLikeGrouping',
  tooManyDecimals: 'amount.refusal.tooManyDecimals',
};

/** Why the amount is refused, in the active language (or through `t`, a component's). */
export function amountRefusalText(refusal: AmountRefusal, t: Translate = translate): string {
  const { reason, ...values } = refusal;
  return t(REFUSAL_KEYS[reason], values);
}

/** The figure alone, in the language's writing with the currency's decimals: `1.234,56` in de. */
export function figure(amount: CanonicalAmount, currency: string, locale: string): string {
  const decimals = amountDecimals(currency);
  return numberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount as `${number}`);
}
