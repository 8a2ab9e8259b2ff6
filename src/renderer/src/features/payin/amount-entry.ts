// The amount field's reading in the agent's language (issue 33, item 5): what the form checks and sends
// (readLocaleAmount, src/shared), why it refuses in the agent's words, and the amount shown before Send.

import { translate } from '@renderer/i18n/i18n';
import type { Translate } from '@renderer/i18n/use-t';
import { formatAmount } from '@shared/i18n/format';
import type { MessageKey } from '@shared/i18n/messages';
import type { CanonicalAmount } from '@shared/money/amount';
import {
  type AmountRefusal,
  type AmountRefusalReason,
  amountDecimals,
  type LocaleAmountResult,
  numberFormat,
  readLocaleAmount,
} from '@shared/money/locale-amount';

/** What the form's resolver reads the amount by: the active language, and the currency the form shows. */
export interface AmountContext {
  locale: string;
  currency: string;
}

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

/** The amount typed, read in the context's language; an empty field is no reading yet. */
export function readTypedAmount(typed: string, context: AmountContext): LocaleAmountResult | undefined {
  return typed.trim() ? readLocaleAmount(typed, context.locale, context.currency) : undefined;
}

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** `1.234,56 €` in de, `€1,234.56` in en; with a currency code still being typed (v1), the figure and the code. */
export function chargedFigure(amount: CanonicalAmount, currency: string, locale: string): string {
  if (ISO_CURRENCY.test(currency)) return formatAmount(amount, currency, locale);
  return `${figure(amount, currency, locale)} ${currency}`;
}

/** The figure alone, in the language's writing with the currency's decimals: `1.234,56` in de. */
export function figure(amount: CanonicalAmount, currency: string, locale: string): string {
  const decimals = amountDecimals(currency);
  return numberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount as `${number}`);
}
