// A sentence main wrote, in the reader's language: main sends its catalogue key and values with the English
// (main/i18n/worded.ts: a refusal, a pay-in's outcome, a row's note, a KYC row's problem). Without words (the
// gateway's own, a row written before they were kept) or with a key this renderer's catalogue does not have,
// the English as main wrote it.
// The shared Translate type (use-t.ts re-exports it), so that main's tests can read this without React's types.
import type { MessageKey, Translate } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc';

/** What main said: its English and, when it sent them, the catalogue's words. */
export interface Said {
  message: string;
  /** A list for a sum of sentences (the connection test's), said one after the other. */
  words?: RefusalWords | readonly RefusalWords[] | undefined;
}

export function wordsText(t: Translate, said: Said): string {
  if (!said.words) return said.message;
  const sentences: string[] = [];
  for (const one of Array.isArray(said.words) ? said.words : [said.words]) {
    const text = t(one.key as MessageKey, one.values);
    if (text === one.key) return said.message;
    sentences.push(text);
  }
  return sentences.join(' ');
}

/** A pay-in's message (PayInResult, or a row's note), said in the reader's language; none when it has none. */
export function messageText(
  t: Translate,
  said: { message?: string; words?: RefusalWords },
): string | undefined {
  return said.message === undefined ? undefined : wordsText(t, { message: said.message, words: said.words });
}

/** A list of English reasons with their words in step (`words[i]` for `reasons[i]`), each said. */
export function reasonTexts(
  t: Translate,
  said: { reasons: readonly string[]; words?: readonly (RefusalWords | null)[] | undefined },
): string[] {
  return said.reasons.map((reason, i) =>
    wordsText(t, { message: reason, words: said.words?.[i] ?? undefined }),
  );
}
