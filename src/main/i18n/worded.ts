// A sentence main writes for a person, from one catalogue entry: its English (`message`: the log's, the
// CSV export's, the files kept, and what a reader whose catalogue lacks the key is shown) and its key and
// values (`words`), which the renderer says in the reader's language. Both come from the same entry: they
// cannot drift. Values are the gateway's own words and figures, the OS's and the database's error text,
// addresses and paths: never translated. refuse.ts makes refusals of them.
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

/** An error whose message is worded from the catalogue: caught, its words go on with its message. */
export class WordedError extends Error {
  readonly words: RefusalWords;

  constructor(key: MessageKey, values?: MessageValues) {
    const said = worded(key, values);
    super(said.message);
    this.words = said.words;
  }
}

/** The words of a caught error, when it has them (a WordedError), to spread beside its message. */
export function errorWords(error: unknown): { words?: RefusalWords } {
  return error instanceof WordedError ? { words: error.words } : {};
}
