// A message main words from the catalogue without refusing anything (an audit problem, a team check's
// finding, a replication reason): the English, for logs, files and a reader without the key, and the key
// and values the renderer says in the reader's language. Both come from the same entry: they cannot drift.
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import { inEnglish } from './words';

type Worded = { message: string; words: RefusalWords };

export function worded(key: MessageKey, values?: MessageValues): Worded {
  return {
    message: inEnglish()(key, values),
    words: values === undefined ? { key } : { key, values },
  };
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
export function wordsOf(error: unknown): { words?: RefusalWords } {
  return error instanceof WordedError ? { words: error.words } : {};
}
