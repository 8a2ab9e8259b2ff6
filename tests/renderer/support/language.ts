// The renderer's words as a desk in another language reads them (english.ts is the source's), for tests
// that check what stays as it is whatever the language: the gateway's own words, codes, card numbers.
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Translate } from '@renderer/i18n/use-t';
import de from '../../../src/shared/i18n/catalogs/de.json';
import es from '../../../src/shared/i18n/catalogs/es.json';
import ptBR from '../../../src/shared/i18n/catalogs/pt-BR.json';

const CATALOGS: Record<'de' | 'es' | 'pt-BR', Record<string, string>> = { de, es, 'pt-BR': ptBR };

export function translatorFor(language: keyof typeof CATALOGS): Translate {
  const messages = Object.fromEntries(
    Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (key, values) => i18n._(key, values);
}
