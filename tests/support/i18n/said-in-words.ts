// What main words for a person beside its English (main/i18n/worded.ts): every key is in the English
// catalogue (so in all four, by the catalogue check), and the English rendering of the words is the
// message itself, so the two cannot say different things.
import type { MessageKey } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import { expect } from 'vitest';
import { inEnglish } from '../../../src/main/i18n/words';
import english from '../../../src/shared/i18n/catalogs/en.json';

export function expectSaidInWords(
  message: string | undefined,
  words: RefusalWords | readonly RefusalWords[] | undefined,
): void {
  expect(words, `no words for: ${message}`).toBeDefined();
  const list = Array.isArray(words) ? words : [words as RefusalWords];
  for (const one of list) expect(Object.keys(english)).toContain(one.key);
  const rendered = list.map((one) => inEnglish()(one.key as MessageKey, one.values)).join(' ');
  expect(rendered).toBe(message);
}
