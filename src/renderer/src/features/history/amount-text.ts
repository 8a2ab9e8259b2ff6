// History's amounts as the agent reads them (issue 33, item 5): the active language's separators and the
// currency's decimals (shared/i18n/format.ts), from the stored decimal text, never a float. Display only:
// sorting, filtering and the export read the stored values.
import { useLocale } from '@renderer/i18n/use-t';
import { formatAmount } from '@shared/i18n/format';
import { useCallback } from 'react';

export function useAmountText(): (amount: string, currency: string) => string {
  const locale = useLocale();
  return useCallback((amount, currency) => formatAmount(amount, currency, locale), [locale]);
}
