// The languages the desk speaks, and which one a locale asks for. Zod-free: the first page reads it before
// zod has loaded (the schema is in language-schema.ts).

/** English is the source; the others are translations of its catalogue. */
export const LANGUAGES = ['en', 'es', 'pt-BR', 'de'] as const;
/**
 * The pseudo-locale of the tests: English accented, about 40 % longer and wrapped in markers, so that a
 * string left out of the catalogue, or a label cut short, shows. Never offered in Settings; a desk whose
 * OS asks for it (the tests' harness) gets it.
 */
const PSEUDO_LANGUAGE = 'en-XA';
export const ALL_LANGUAGES = [...LANGUAGES, PSEUDO_LANGUAGE] as const;

export type Language = (typeof ALL_LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (ALL_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a locale asks for (the OS's, e.g. Electron's app.getLocale(): `de-AT`, `pt-PT`, `es-419`):
 * Brazilian Portuguese for any Portuguese, the language itself for the others, English for the rest.
 */
export function languageForLocale(locale: string | undefined): Language {
  if (!locale) return 'en';
  let tag: Intl.Locale;
  try {
    tag = new Intl.Locale(locale.replace(/[.@].*$/, '').replace('_', '-'));
  } catch {
    return 'en';
  }
  if (tag.baseName === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  switch (tag.language) {
    case 'es':
      return 'es';
    case 'pt':
      return 'pt-BR';
    case 'de':
      return 'de';
    default:
      return 'en';
  }
}

/** What the channels answer: the operator's language (or the desk's) and the desk's, from the OS. */
export interface LanguageChoice {
  language: Language;
  /** The OS's language: what the sign-in screen speaks, and an operator who chose none. */
  desk: Language;
  /** The signed-in operator chose `language` in Settings (rather than following the desk's). */
  chosen: boolean;
}
