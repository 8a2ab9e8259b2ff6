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

/**
 * The language a browser's `Accept-Language` header asks for (RFC 9110 §12.5.4): its ranges in order of
 * weight, the first whose language the desk speaks (by languageForLocale's rule: any Portuguese is
 * Brazilian). English when none is, or the header is missing or malformed. Never the pseudo-locale.
 */
export function languageForAcceptLanguage(header: string | undefined): (typeof LANGUAGES)[number] {
  const ranges = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const weight = parameters
        .map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1])
        .find(Boolean);
      return { range: range.trim(), weight: weight === undefined ? 1 : Number(weight), order };
    })
    .filter(({ range, weight }) => range !== '' && range !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range } of ranges) {
    const language = languageForLocale(range);
    if (language === PSEUDO_LANGUAGE) continue;
    if (language !== 'en' || /^en(?:-|$)/i.test(range)) return language;
  }
  return 'en';
}

/** What the channels answer: the operator's language (or the desk's) and the desk's, from the OS. */
export interface LanguageChoice {
  language: Language;
  /** The OS's language: what the sign-in screen speaks, and an operator who chose none. */
  desk: Language;
  /** The signed-in operator chose `language` in Settings (rather than following the desk's). */
  chosen: boolean;
}
