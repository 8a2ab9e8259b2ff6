// A KYC row problem or warning in the reader's language: main sends its catalogue key and values with the
// English (shared/kyc-problems.ts); the gateway's own words (a refused chunk's) have none and are shown as
// the gateway sent them, as is English for a key this renderer's catalogue does not have. A calendar day
// among the values (a document's expiry) is written as the reader's language writes days.
import { i18n } from '@renderer/i18n/i18n';
import type { Translate } from '@renderer/i18n/use-t';
import { wordsText } from '@renderer/lib/words-text';
import { formatDay } from '@shared/i18n/day-text';
import type { MessageValues } from '@shared/i18n/messages';
import type { KycRowError, KycRowWarning } from '@shared/kyc-batch';
import { KYC_DAY_VALUES, type KycProblemKey } from '@shared/kyc-problems';

/**
 * The values with their calendar days in `locale`'s form. `t` is the active language's (useT re-renders the
 * callers when it changes), and so is the Lingui instance's locale read here.
 */
function valuesIn(key: string, values: MessageValues | undefined, locale: string): MessageValues | undefined {
  const days = KYC_DAY_VALUES[key as KycProblemKey];
  if (!days || !values) return values;
  const shown: MessageValues = { ...values };
  for (const name of days) {
    const day = values[name];
    if (typeof day === 'string') shown[name] = formatDay(day, locale);
  }
  return shown;
}

export function problemText(
  t: Translate,
  problem: Pick<KycRowError, 'message' | 'words'>,
  locale: string = i18n.locale,
): string {
  if (!problem.words) return problem.message;
  const { key, values } = problem.words;
  return wordsText(t, { message: problem.message, words: { key, values: valuesIn(key, values, locale) } });
}

/** A cell's problems, one after the other. */
export function errorText(t: Translate, errors: readonly KycRowError[]): string {
  return errors.map((error) => problemText(t, error)).join(' ');
}

/** A cell's warnings, each saying whether it was confirmed. */
export function warningText(t: Translate, warnings: readonly KycRowWarning[]): string {
  return warnings
    .map((warning) => {
      const text = problemText(t, warning);
      return warning.confirmed ? t('kyc.notice.warningConfirmed', { warning: text }) : text;
    })
    .join(' ');
}
