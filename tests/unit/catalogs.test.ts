// The catalogue check (issue 33): the same keys in every language, none unused by the app, every
// message valid ICU for Lingui's compiler, every placeholder of the English source in each translation, the
// pseudo-locale made from the source as it is now, and plurals right for 0, 1, 2 and 5 in each language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/i18n/catalog-files';
import { pseudoCatalog } from '../../scripts/i18n/pseudo-catalog';
import { ALL_LANGUAGES, LANGUAGES } from '../../src/shared/languages';

const source = readCatalog('en');
const catalogs = Object.fromEntries(ALL_LANGUAGES.map((language) => [language, readCatalog(language)]));

function placeholders(tokens: readonly Token[], found = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') found.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      found.add(token.arg);
      for (const branch of token.cases) placeholders(branch.tokens, found);
    }
  }
  return found;
}

function appSources(folder: string, found: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) appSources(path, found);
    else if (/\.tsx?$/.test(name)) found.push(readFileSync(path, 'utf8'));
  }
  return found;
}

describe('the catalogues', () => {
  it.each(ALL_LANGUAGES)('%s has exactly the source keys', (language) => {
    expect(Object.keys(catalogs[language]!).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(ALL_LANGUAGES)('every %s message compiles and keeps the source placeholders', (language) => {
    for (const [key, message] of Object.entries(catalogs[language]!)) {
      expect(() => compileMessageOrThrow(message), `${language} ${key}`).not.toThrow();
      const wanted = [...placeholders(parse(source[key]!))].sort();
      expect([...placeholders(parse(message))].sort(), `${language} ${key}`).toEqual(wanted);
    }
  });

  it('has no key that the app never uses (the renderer, or main for what it words itself: receipts)', () => {
    const code = appSources(resolve(import.meta.dirname, '../../src')).join('\n');
    const quoted = new Set(
      [...code.matchAll(/['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/g)].map((match) => match[1]),
    );
    // `role.${operator.role}`: every key under the prefix is reachable.
    const prefixes = [...code.matchAll(/`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((match) => match[1]!);
    const unused = Object.keys(source).filter(
      (key) => !quoted.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('holds the pseudo-locale made from the source as it is (npm run i18n:pseudo)', () => {
    expect(catalogs['en-XA']).toEqual(pseudoCatalog(source));
  });

  it('makes the pseudo-locale at least 40 % longer, wrapped in markers', () => {
    for (const [key, message] of Object.entries(catalogs['en-XA']!)) {
      expect(message, key).toMatch(/^⟦.*⟧$/s);
      expect(message.length, key).toBeGreaterThanOrEqual(Math.floor(source[key]!.length * 1.4));
    }
  });
});

describe('plurals, through Lingui with each language’s CLDR rules', () => {
  const expected: Record<(typeof LANGUAGES)[number], Record<number, string>> = {
    en: { 0: '0 minutes', 1: '1 minute', 2: '2 minutes', 5: '5 minutes' },
    es: { 0: '0 minutos', 1: '1 minuto', 2: '2 minutos', 5: '5 minutos' },
    'pt-BR': { 0: '0 minuto', 1: '1 minuto', 2: '2 minutos', 5: '5 minutos' },
    de: { 0: '0 Minuten', 1: '1 Minute', 2: '2 Minuten', 5: '5 Minuten' },
  };
  it.each(LANGUAGES)('%s counts minutes for 0, 1, 2 and 5', (language) => {
    const i18n = setupI18n();
    const compiled = Object.fromEntries(
      Object.entries(catalogs[language]!).map(([key, message]) => [key, compileMessageOrThrow(message)]),
    );
    i18n.loadAndActivate({ locale: language, messages: compiled });
    for (const [count, words] of Object.entries(expected[language])) {
      const text = i18n._('session.locked.intro', {
        role: 'Agent',
        operatorId: 'ana',
        minutes: Number(count),
      });
      expect(text).toContain(` ${words} `);
    }
  });
});
