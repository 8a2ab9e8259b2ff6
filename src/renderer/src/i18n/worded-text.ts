// What main worded from the catalogue (main/i18n/worded.ts: an audit problem, a team check's finding, a
// replication reason), said in the reader's language. The English main sent is the fallback: for a message
// without words (older data, a log line) and for a key this renderer's catalogue does not have.
import type { MessageKey } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import type { Translate } from './use-t';

export function wordedText(t: Translate, message: string, words?: RefusalWords | null): string {
  if (!words) return message;
  const text = t(words.key as MessageKey, words.values);
  return text === words.key ? message : text;
}

/** A list of English reasons with their words in step (`words[i]` for `reasons[i]`), each said. */
export function reasonTexts(
  t: Translate,
  said: { reasons: readonly string[]; words?: readonly (RefusalWords | null)[] },
): string[] {
  return said.reasons.map((reason, i) => wordedText(t, reason, said.words?.[i]));
}
