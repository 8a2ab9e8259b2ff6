// The damaged-history notice's lists (HistoryDamageNotice): the pay-ins to check, the row ids nothing could
// bring back, the backups that could not be used. Orders and ids are shown as they are; an amount in the
// active language's way; at most SHOWN of each, and how many more.
import type { Translate } from '@renderer/i18n/use-t';
import { wordsText } from '@renderer/lib/words-text';
import type { HistorySalvageNotice, SalvageOrderRef } from '@shared/history-startup';
import { formatAmount } from '@shared/i18n/format';

const SHOWN = 10;

export function orderList(t: Translate, locale: string, refs: readonly SalvageOrderRef[]): string {
  const shown = refs
    .slice(0, SHOWN)
    .map((ref) => `${ref.merchantTradeNo} (${formatAmount(ref.amount, ref.currency, locale)})`)
    .join(', ');
  return refs.length > SHOWN
    ? t('shell.damage.andMore', { list: shown, count: (refs.length - SHOWN).toLocaleString(locale) })
    : shown;
}

export function missingRanges(notice: HistorySalvageNotice): string {
  const shown = notice.missingRows
    .slice(0, SHOWN)
    .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`))
    .join(', ');
  return notice.missingRows.length > SHOWN ? `${shown}, …` : shown;
}

/**
 * Each backup that could not be used, with main's reason: in the reader's language where main worded it,
 * else as said (SQLite's, the file system's own words).
 */
export function skippedBackups(t: Translate, notice: HistorySalvageNotice): string {
  return notice.backupsSkipped
    .map((skipped) => `${skipped.file} (${wordsText(t, { message: skipped.reason, words: skipped.words })})`)
    .join('; ');
}
