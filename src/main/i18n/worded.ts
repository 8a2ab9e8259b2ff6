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
