// A KYC row problem or warning in the reader's language: main sends its catalogue key and values with the
// English (shared/kyc-problems.ts); the gateway's own words (a refused chunk's) have none and are shown as
// the gateway sent them, as is English for a key this renderer's catalogue does not have.
import type { Translate } from '@renderer/i18n/use-t';
import { wordsText } from '@renderer/lib/words-text';
import type { KycRowError, KycRowWarning } from '@shared/kyc-batch';

export function problemText(t: Translate, problem: Pick<KycRowError, 'message' | 'words'>): string {
  return wordsText(t, problem);
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
