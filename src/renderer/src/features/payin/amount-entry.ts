// The amount field's reading in the agent's language (issue 33, item 5): what the form checks and sends
// (readLocaleAmount, src/shared), why it refuses in the agent's words, and the amount shown before Send.

import { figure } from '@renderer/lib/amount-words';
import { formatAmount } from '@shared/i18n/format';
import type { CanonicalAmount } from '@shared/money/amount';
import { type LocaleAmountResult, readLocaleAmount } from '@shared/money/locale-amount';

// Shared with Settings' pay-in limits, which read and show amounts the same way.
export { amountRefusalText, figure } from '@renderer/lib/amount-words';

/** What the form's resolver reads the amount by: the active language, and the currency the form shows. */
export interface AmountContext {
  locale: string;
  currency: string;
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
