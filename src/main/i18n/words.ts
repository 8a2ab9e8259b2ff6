// What main words itself in a person's language: the same catalogues as the renderer
// (src/shared/i18n/catalogs), read with Lingui. The renderer's are compiled when the bundle is built; main
// compiles a language's messages the first time it needs that language (a few milliseconds), so that main
// runs the same from its sources (the harness, the tests) as from its bundle. English, the source, is in
// main's bundle: a refusal's message (for the log, and for a reader without the catalogue) is English.
// The imports say `type: 'json'`: Node's own ESM loader (the browser tests' Playwright runs main's code
// through it) refuses a JSON module without it.
import english from '@shared/i18n/catalogs/en.json' with { type: 'json' };
import type { Translate } from '@shared/i18n/messages';
import { translatorOf } from '@shared/i18n/translator';
import type { Language } from '@shared/languages';

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  es: () => import('@shared/i18n/catalogs/es.json', { with: { type: 'json' } }),
  'pt-BR': () => import('@shared/i18n/catalogs/pt-BR.json', { with: { type: 'json' } }),
  de: () => import('@shared/i18n/catalogs/de.json', { with: { type: 'json' } }),
  'en-XA': () => import('@shared/i18n/catalogs/en-XA.json', { with: { type: 'json' } }),
};

let englishWords: Translate | undefined;

/** English, the catalogues' source: at hand at once, for the words main sends with a refusal. */
export function inEnglish(): Translate {
  englishWords ??= translatorOf('en', english);
  return englishWords;
}

const translators = new Map<Language, Promise<Translate>>();

/** The words of `language`, loaded and compiled once. */
export function wordsIn(language: Language): Promise<Translate> {
  if (language === 'en') return Promise.resolve(inEnglish());
  let found = translators.get(language);
  if (!found) {
    found = CATALOGS[language]().then(({ default: catalog }) => translatorOf(language, catalog));
    // A failed load is not kept: the next receipt tries again.
    found.catch(() => translators.delete(language));
    translators.set(language, found);
  }
  return found;
}
