// What main worded from the catalogue (main/i18n/worded.ts) checked against the catalogue: every message
// has words, their key is in the English catalogue, and the English made from them is the message itself.
import type { MessageKey } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import { expect } from 'vitest';
import { inEnglish } from '../../../src/main/i18n/words';
import english from '../../../src/shared/i18n/catalogs/en.json' with { type: 'json' };

/** Each message's words say it in English exactly; answers their keys, in order. */
export function expectWorded(said: readonly { message: string; words?: RefusalWords | null }[]): string[] {
  return said.map(({ message, words }) => {
    expect(words, message).toBeTruthy();
    expect(Object.keys(english), message).toContain(words!.key);
    expect(inEnglish()(words!.key as MessageKey, words!.values)).toBe(message);
    return words!.key;
  });
}
