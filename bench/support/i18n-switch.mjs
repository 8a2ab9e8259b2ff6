// bench:i18n's language switch (bench/i18n.ts), in plain JavaScript: React's types would declare empty DOM
// interfaces in the Node project. A page of the app's messages is rendered by React on the server, after
// each switch between English and German.
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { I18nProvider, useLingui } from '@lingui/react';
import { parse } from '@messageformat/parser';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, useIntl } from 'react-intl';

/** A value for each placeholder: a count for plurals and selectordinals, a word for the rest. */
function sampleValues(message) {
  const values = {};
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') values[token.arg] ??= 'Ana';
      if (token.type === 'plural' || token.type === 'selectordinal') values[token.arg] = 5;
      if (token.type === 'select') values[token.arg] = 'other';
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal')
        for (const branch of token.cases) walk(branch.tokens);
    }
  };
  walk(parse(message));
  return values;
}

/** A page that shows every message of the catalogue once, with its sample values. */
function page(catalog, Words) {
  return Object.entries(catalog).map(([id, message]) =>
    createElement('p', { key: id }, createElement(Words, { id, values: sampleValues(message) })),
  );
}

const LinguiWords = ({ id, values }) => useLingui().i18n._(id, values);
const IntlWords = ({ id, values }) => useIntl().formatMessage({ id }, values);

/**
 * Milliseconds of each switch between English and German, rendering the whole page after it. Lingui:
 * catalogues compiled beforehand (as @lingui/vite-plugin does at build time), a switch is activate + render.
 * react-intl: messages as strings (its default), a switch is a new IntlProvider + render, which formats each
 * message anew for the new locale.
 * @param {'lingui' | 'react-intl'} library
 * @param {Record<string, string>} en
 * @param {Record<string, string>} de
 * @param {number} switches
 * @returns {number[]}
 */
export function switchTimes(library, en, de, switches) {
  const times = [];
  if (library === 'lingui') {
    const i18n = setupI18n();
    const compiled = (catalog) =>
      Object.fromEntries(
        Object.entries(catalog).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      );
    i18n.load({ en: compiled(en), de: compiled(de) });
    i18n.activate('en');
    for (let n = 0; n < switches; n += 1) {
      const started = performance.now();
      i18n.activate(n % 2 === 0 ? 'de' : 'en');
      renderToStaticMarkup(createElement(I18nProvider, { i18n }, page(en, LinguiWords)));
      times.push(performance.now() - started);
    }
    return times;
  }
  for (let n = 0; n < switches; n += 1) {
    const [locale, messages] = n % 2 === 0 ? ['de', de] : ['en', en];
    const started = performance.now();
    renderToStaticMarkup(createElement(IntlProvider, { locale, messages }, page(en, IntlWords)));
    times.push(performance.now() - started);
  }
  return times;
}
