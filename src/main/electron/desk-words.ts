// The words Electron's own parts say (the bank window's title, the menu, the start-up failure dialog), at
// once when they are needed: main/i18n/words.ts loads a language's catalogue asynchronously, so the host
// loads the desk's language before it builds anything, and the others in the background for an operator
// who reads another one. A language not loaded yet reads English, the catalogues' source.

import type { Translate } from '@shared/i18n/messages';
import { LANGUAGES, type Language } from '@shared/languages';
import { inEnglish, wordsIn } from '../i18n/words';

const loaded = new Map<Language, Translate>();

export async function loadWords(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, await wordsIn(language));
}

/** Every language of the desk's four, in the background; one that fails stays English. */
export function loadEveryLanguage(): void {
  for (const language of LANGUAGES) void loadWords(language).catch(() => undefined);
}

export function wordsNow(language: Language): Translate {
  return loaded.get(language) ?? inEnglish();
}
