// The loopback listener's own pages (a bank page's return, a link used twice) in the desk's language: the
// shared catalogues' `desk.return.*`, compiled once per language when first served, like the notification
// service's return page (src/notify/return-page.ts). The pseudo-locale, a developer's, reads English here.
import de from '@shared/i18n/catalogs/de.json' with { type: 'json' };
import en from '@shared/i18n/catalogs/en.json' with { type: 'json' };
import es from '@shared/i18n/catalogs/es.json' with { type: 'json' };
import ptBR from '@shared/i18n/catalogs/pt-BR.json' with { type: 'json' };
import type { Translate } from '@shared/i18n/messages';
import { translatorOf } from '@shared/i18n/translator';
import { LANGUAGES, type Language } from '@shared/languages';

type PageLanguage = (typeof LANGUAGES)[number];
const CATALOGS: Record<PageLanguage, Record<string, string>> = { en, es, 'pt-BR': ptBR, de };

/** Each page the listener serves itself: its title's key and its sentence's. */
export const RETURN_PAGES = {
  settled: ['desk.return.finishedTitle', 'desk.return.settled'],
  finished: ['desk.return.finishedTitle', 'desk.return.waiting'],
  notFound: ['desk.return.notFoundTitle', 'desk.return.notFound'],
  opened: ['desk.return.openedTitle', 'desk.return.opened'],
  done: ['desk.return.doneTitle', 'desk.return.done'],
} as const;
export type ReturnPageKind = keyof typeof RETURN_PAGES;

const words = new Map<PageLanguage, Translate>();

function wordsOf(language: PageLanguage): Translate {
  let found = words.get(language);
  if (!found) {
    const catalog = Object.fromEntries(
      Object.entries(CATALOGS[language]).filter(([key]) => key.startsWith('desk.return.')),
    );
    found = translatorOf(language, catalog);
    words.set(language, found);
  }
  return found;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page, plain HTML with no script, in `language` (English for one the catalogues do not word). */
export function returnPageHtml(kind: ReturnPageKind, language: Language): string {
  const shown: PageLanguage = (LANGUAGES as readonly string[]).includes(language)
    ? (language as PageLanguage)
    : 'en';
  const t = wordsOf(shown);
  const [titleKey, textKey] = RETURN_PAGES[kind];
  const title = escapeHtml(t(titleKey));
  return `<!doctype html><html lang="${shown}"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;padding:2rem"><h1>${title}</h1><p>${escapeHtml(t(textKey))}</p></body></html>`;
}
