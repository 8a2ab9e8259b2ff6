// Main's words for a check or a notice (the connection test, the settings-file and keychain notices, the
// damaged-history notice) in the reader's language: main sends the catalogue's key and values with the
// English (main/i18n/worded.ts). The English is shown as main wrote it when it sent no words (a report or
// a note written by a previous version) or a key this renderer's catalogue does not know. A sum of
// sentences comes as a list of words, said one after the other. The same rule as kyc/problem-text.ts's
// problemText, which a shared helper can take over.
import type { Translate } from '@renderer/i18n/use-t';
import type { MessageKey } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';

export function wordsText(
  t: Translate,
  english: string,
  words: RefusalWords | readonly RefusalWords[] | undefined,
): string {
  if (!words) return english;
  const said: string[] = [];
  for (const one of Array.isArray(words) ? words : [words]) {
    const text = t(one.key as MessageKey, one.values);
    if (text === one.key) return english;
    said.push(text);
  }
  return said.join(' ');
}
