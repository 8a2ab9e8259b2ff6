// Which language the desk speaks: the OS's at first start (the host's locale, Electron's app.getLocale()),
// and each operator's own once they choose one in Settings, kept in the settings file by operator id.
import { type Language, type LanguageChoice, languageForLocale } from '@shared/languages';
import type { HandlersOf } from '../ipc/dispatch';
import type { SettingsService } from './settings-service';

export function createLanguageService(deps: {
  settings: SettingsService;
  /** The OS's locale as the host reads it (`de-DE`, `pt-BR`, `en-US`); undefined: English. */
  osLocale: string | undefined;
  /** The signed-in operator's id, or undefined when nobody is. */
  operator: () => string | undefined;
}) {
  const desk = languageForLocale(deps.osLocale);

  function current(): LanguageChoice {
    const id = deps.operator();
    const own = id === undefined ? undefined : deps.settings.read().languages[id];
    return { language: own ?? desk, desk, chosen: own !== undefined };
  }

  return {
    current,
    /** The signed-in operator's choice (null: the OS's again). */
    choose(language: Language | null): LanguageChoice {
      const id = deps.operator();
      if (id !== undefined) deps.settings.setLanguage(id, language);
      return current();
    },
  };
}

export function languageHandlers(
  languages: ReturnType<typeof createLanguageService>,
): HandlersOf<'language'> {
  return {
    'language.get': async () => languages.current(),
    'language.set': async ({ language }) => languages.choose(language),
  };
}
