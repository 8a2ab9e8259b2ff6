// Words main writes for a person to read that are not refusals (Settings' connection test, the settings-file
// and keychain notices, the damaged-history notice): the English text, for the log, the files kept and a
// reader whose catalogue lacks the key, and the catalogue's key and values, which the renderer says in the
// reader's language. Both come from the same catalogue entry, so the English cannot drift from the words.
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import { inEnglish } from './words';

export interface Worded {
  text: string;
  words: RefusalWords;
}

export function worded(key: MessageKey, values?: MessageValues): Worded {
  return { text: inEnglish()(key, values), words: values === undefined ? { key } : { key, values } };
}

/** Sentences said one after the other: their English joined by a space, and each one's words in order. */
export function joined(parts: readonly Worded[]): { text: string; words: RefusalWords[] } {
  return { text: parts.map((part) => part.text).join(' '), words: parts.map((part) => part.words) };
}

/** As a `message` and its `words`, the shape of the checks and notices that carry them. */
export function said({ text, words }: Worded): { message: string; words: RefusalWords } {
  return { message: text, words };
}
