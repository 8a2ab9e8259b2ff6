// The renderer's one Lingui instance (renderer/src/i18n) speaking a desk's language, for tests of code that
// words things through `translate` or `i18n.locale` (stores, announcements): each catalogue compiled as
// Lingui's build plugin compiles it.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { i18n } from '@renderer/i18n/i18n';
import de from '@shared/i18n/catalogs/de.json';
import en from '@shared/i18n/catalogs/en.json';
import es from '@shared/i18n/catalogs/es.json';
import ptBR from '@shared/i18n/catalogs/pt-BR.json';
import type { Language } from '@shared/languages';

const loaded = new Set<string>();
const CATALOGS: Partial<Record<Language, Record<string, string>>> = { en, es, 'pt-BR': ptBR, de };

export function speak(language: 'en' | 'es' | 'pt-BR' | 'de'): void {
  if (!loaded.has(language)) {
    const catalog = CATALOGS[language]!;
    i18n.load(
      language,
      Object.fromEntries(
        Object.entries(catalog).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      ),
    );
    loaded.add(language);
  }
  i18n.activate(language);
}
