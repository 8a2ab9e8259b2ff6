// The application menu in the language of whoever is signed in (issue 33): built at start in the desk's
// language, and again whenever the language read changes — an operator choosing another in Settings, or
// another operator signing in (or everyone signing out: the desk's again). Like the bank window's title, it
// reads the language service's answer (settings/language-service.ts), never a language of its own.
import type { Translate } from '@shared/i18n/messages';
import type { Language } from '@shared/languages';
import { loadWords, wordsNow } from './desk-words';

export function createMenuLanguage(deps: {
  /** The language read now: the signed-in operator's, else the desk's. */
  language: () => Language;
  /** Builds and sets the application menu in these words. */
  show: (t: Translate) => void;
}) {
  let shown: Language | undefined;
  let wanted: Language | undefined;

  return {
    /** Builds the menu again if the language read has changed since it was last built. */
    async refresh(): Promise<void> {
      const language = deps.language();
      if (language === shown || language === wanted) return;
      wanted = language;
      // Loaded in the background at start; a catalogue that cannot be read leaves the menu English.
      await loadWords(language).catch(() => undefined);
      // Of two changes in flight, the later one wins.
      if (wanted !== language) return;
      wanted = undefined;
      shown = language;
      deps.show(wordsNow(language));
    },
  };
}
