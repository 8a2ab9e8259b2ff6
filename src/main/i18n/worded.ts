// A sentence main writes for a person, from one catalogue entry: its English (`message`: the log's, the
// CSV export's, the files kept, and what a reader whose catalogue lacks the key is shown) and its key and
// values (`words`), which the renderer says in the reader's language. Values are the gateway's own words
// and figures, the OS's error text, addresses and paths: never translated.
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc';
import { inEnglish } from './words';

export interface Worded {
  message: string;
  words: RefusalWords;
}

export function worded(key: MessageKey, values?: MessageValues): Worded {
  return { message: inEnglish()(key, values), words: values === undefined ? { key } : { key, values } };
}

/** Sentences said one after the other: their English joined by a space, and each one's words in order. */
export function joined(parts: readonly Worded[]): { message: string; words: RefusalWords[] } {
  return { message: parts.map((part) => part.message).join(' '), words: parts.map((part) => part.words) };
}
