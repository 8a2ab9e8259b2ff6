// What a test expects of a call Paydesk refuses: it rejects with an Refusal (src/main/refusal.ts), the
// refusal every service throws, whose kind and message the test then reads.
import { expect } from 'vitest';
import { inEnglish } from '../../../src/main/i18n/words';
import { Refusal } from '../../../src/main/refusal';
import english from '../../../src/shared/i18n/catalogs/en.json';
import type { MessageKey } from '../../../src/shared/i18n/messages';
import type { RefusalWords } from '../../../src/shared/ipc';

export async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

/**
 * The refusal (or answer's error) carries the catalogue's words `key` (issue 33), a key the catalogue has,
 * and its message is their English: what the page says in the reader's language is what main said.
 */
export function expectWords(
  refused: { message: string; words?: RefusalWords | undefined },
  key: MessageKey,
  values?: Record<string, string | number>,
): void {
  expect(refused.words?.key).toBe(key);
  if (values !== undefined) expect(refused.words?.values).toEqual(values);
  expect(Object.hasOwn(english, key)).toBe(true);
  expect(refused.message).toBe(inEnglish()(key, refused.words?.values));
}
