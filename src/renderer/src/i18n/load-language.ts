// Each language's catalogue is a chunk of its own, loaded when a desk or an operator first needs it: the
// first page carries none of the others. Lingui's plugin compiles them at build time (lingui.config.ts).
import type { Messages } from '@lingui/core';
import type { Language } from '@shared/languages';
import { i18n } from './i18n';

const CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('@shared/i18n/catalogs/en.json?lingui'),
  es: () => import('@shared/i18n/catalogs/es.json?lingui'),
  'pt-BR': () => import('@shared/i18n/catalogs/pt-BR.json?lingui'),
  de: () => import('@shared/i18n/catalogs/de.json?lingui'),
  'en-XA': () => import('@shared/i18n/catalogs/en-XA.json?lingui'),
};

const loaded = new Set<Language>();
let latest: Language | undefined;

/**
 * Loads the language's catalogue (once) and makes it the active one: every reader of useT renders again,
 * in place (nothing unmounts, so what is typed stays). Of two switches in flight, the later one wins.
 */
export async function activateLanguage(language: Language): Promise<void> {
  latest = language;
  if (!loaded.has(language)) {
    const { messages } = await CATALOGS[language]();
    i18n.load(language, messages);
    loaded.add(language);
  }
  if (latest !== language) return;
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
}
