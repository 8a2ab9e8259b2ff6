// The page the customer's browser lands on after the bank page (retURL, successURL, failURL). It proves
// nothing (assumption A25): it says so, in plain HTML with no script, and echoes nothing from the request.
// It speaks the language the browser's Accept-Language asks for, of the desk's four, in the desk's words
// (the shared catalogues' `notify.returnPage.*`); English otherwise.

import { createHash } from 'node:crypto';
import de from '@shared/i18n/catalogs/de.json' with { type: 'json' };
import en from '@shared/i18n/catalogs/en.json' with { type: 'json' };
import es from '@shared/i18n/catalogs/es.json' with { type: 'json' };
import ptBR from '@shared/i18n/catalogs/pt-BR.json' with { type: 'json' };
import type { Translate } from '@shared/i18n/messages';
import { translatorOf } from '@shared/i18n/translator';
import { LANGUAGES, languageForAcceptLanguage } from '@shared/languages';
import { BANK_PAGE_RETURNED_MESSAGE, NOTIFICATION_SERVICE_PATHS } from '@shared/notification-service';

type PageLanguage = (typeof LANGUAGES)[number];
const CATALOGS: Record<PageLanguage, Record<string, string>> = { en, es, 'pt-BR': ptBR, de };

/** The public paths of the return addresses: the desk builds them from the service's public base URL. */
export const RETURN_PATHS = [
  NOTIFICATION_SERVICE_PATHS.retURL,
  NOTIFICATION_SERVICE_PATHS.successURL,
  NOTIFICATION_SERVICE_PATHS.failURL,
] as const;

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}h1{font-size:1.4rem}';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only the page's own words are compiled: the service never words anything else. */
function pageWords(language: PageLanguage): Translate {
  const catalog = Object.fromEntries(
    Object.entries(CATALOGS[language]).filter(([key]) => key.startsWith('notify.returnPage.')),
  );
  const t = translatorOf(language, catalog);
  return (key, values) => escapeHtml(t(key, values));
}

function html(language: PageLanguage, script: string | undefined): string {
  const t = pageWords(language);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${t('notify.returnPage.title')}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${t('notify.returnPage.heading')}</h1>
<p>${t('notify.returnPage.close')}</p>
<p>${t('notify.returnPage.noProof')}</p>
${script === undefined ? '' : `<script>${script}</script>\n`}</body>
</html>
`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const styleHash = sha256(STYLE);

type ReturnPage = { html: string; headers: Record<string, string> };

/** The page in each language, made once; `pageFor` picks one by the request's Accept-Language. */
type ReturnPages = { pageFor(acceptLanguage: string | undefined): ReturnPage };

export function returnPages(frameAncestors: readonly string[] = []): ReturnPages {
  const pages = new Map(LANGUAGES.map((language) => [language, returnPage(frameAncestors, language)]));
  return {
    pageFor: (acceptLanguage) => pages.get(languageForAcceptLanguage(acceptLanguage))!,
  };
}

/**
 * The return page and its headers. By default nothing may load, run, be framed or submit; only the one
 * inline style, by its hash. With `frameAncestors` (the browser harness's origin, config.ts's returnPage),
 * those origins alone may frame it, and a script (allowed by its hash) tells the page that framed it, or
 * opened it in a popup, on those origins only, that the bank page came back, with the page's address: what
 * the Electron app's bank window sees as a navigation, which a page cannot see of another origin's.
 */
export function returnPage(
  frameAncestors: readonly string[] = [],
  language: PageLanguage = 'en',
): ReturnPage {
  const common = {
    'content-type': 'text/html; charset=utf-8',
    'content-language': language,
    vary: 'Accept-Language',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
  const policy = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'`;
  if (frameAncestors.length === 0) {
    return {
      html: html(language, undefined),
      headers: {
        ...common,
        'content-security-policy': `${policy}; frame-ancestors 'none'`,
        'x-frame-options': 'DENY',
      },
    };
  }
  const script = `const to = window.parent !== window ? window.parent : window.opener; if (to) for (const origin of ${JSON.stringify(frameAncestors)}) to.postMessage({ type: ${JSON.stringify(BANK_PAGE_RETURNED_MESSAGE)}, url: location.href }, origin);`;
  return {
    html: html(language, script),
    headers: {
      ...common,
      'content-security-policy': `${policy}; script-src 'sha256-${sha256(script)}'; frame-ancestors ${frameAncestors.join(' ')}`,
    },
  };
}
