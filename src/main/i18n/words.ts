// What main words itself in a person's language (a receipt, in the desk's or the cardholder's): the same
// catalogues as the renderer (src/shared/i18n/catalogs), read with Lingui. The renderer's are compiled when
// the bundle is built; main compiles a language's messages the first time it needs that language (a few
// milliseconds), so that main runs the same from its sources (the harness, the tests) as from its bundle.
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Translate } from '@shared/i18n/messages';
import type { Language } from '@shared/languages';

const CATALOGS: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('@shared/i18n/catalogs/en.json'),
  es: () => import('@shared/i18n/catalogs/es.json'),
  'pt-BR': () => import('@shared/i18n/catalogs/pt-BR.json'),
  de: () => import('@shared/i18n/catalogs/de.json'),
  'en-XA': () => import('@shared/i18n/catalogs/en-XA.json'),
};

const translators = new Map<Language, Promise<Translate>>();

async function load(language: Language): Promise<Translate> {
  const { default: catalog } = await CATALOGS[language]();
  const messages = Object.fromEntries(
    Object.entries(catalog).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: language, messages });
  return (key, values) => i18n._(key, values);
}

/** The words of `language`, loaded and compiled once. */
export function wordsIn(language: Language): Promise<Translate> {
  let found = translators.get(language);
  if (!found) {
    found = load(language);
    // A failed load is not kept: the next receipt tries again.
    found.catch(() => translators.delete(language));
    translators.set(language, found);
  }
  return found;
}
