// The notification service's return page (src/notify/return-page.ts). By default, as every production
// service runs it, no page may frame it, nothing runs in it and nothing loads. Only origins named in the
// configuration (the browser harness's) may frame it, and only they are told that the bank page came back.
import { createHash } from 'node:crypto';
import { BANK_PAGE_RETURNED_MESSAGE } from '@shared/notification-service';
import { describe, expect, it } from 'vitest';
import { returnPage, returnPages } from '../../src/notify/return-page';
import { languageForAcceptLanguage } from '../../src/shared/languages';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the return page', () => {
  it('refuses every frame by default, and runs nothing', () => {
    const page = returnPage();
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toMatch(/; frame-ancestors 'none'$/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).toContain('The bank page is finished');
  });

  it('lets the named origins alone frame it, and tells them, by a script allowed by its hash', () => {
    const page = returnPage(['http://127.0.0.1:5421']);
    expect(page.headers['x-frame-options']).toBeUndefined();
    const policy = page.headers['content-security-policy'] ?? '';
    expect(policy).toMatch(/; frame-ancestors http:\/\/127\.0\.0\.1:5421$/);
    expect(policy).toMatch(/^default-src 'none'; /);
    const script = /<script>([^<]*)<\/script>/.exec(page.html)?.[1] ?? '';
    expect(policy).toContain(`script-src ${hashOf(script)}`);
    expect(script).toContain(JSON.stringify(BANK_PAGE_RETURNED_MESSAGE));
    // Posted to that origin only: to the page that framed it, or that opened it (the harness's popup mode).
    expect(script).toContain('["http://127.0.0.1:5421"]');
    expect(script).toContain('window.parent !== window ? window.parent : window.opener');
    expect(script).not.toContain("'*'");
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de', 'Die Bankseite ist abgeschlossen'],
    ['pt-PT', 'pt-BR', 'A página do banco foi concluída'],
    ['es-419,es;q=0.9', 'es', 'La página del banco ha finalizado'],
    [undefined, 'en', 'The bank page is finished'],
  ])('speaks what Accept-Language %s asks for (%s)', (header, language, heading) => {
    const page = returnPages().pageFor(header);
    expect(page.html).toContain(`<html lang="${language}">`);
    expect(page.html).toContain(`<h1>${heading}</h1>`);
    expect(page.headers['content-language']).toBe(language);
    expect(page.headers.vary).toBe('Accept-Language');
    // The same policy in every language: the style's hash does not depend on the words.
    expect(page.headers['content-security-policy']).toBe(returnPage().headers['content-security-policy']);
  });

  it("escapes the catalogue's words into the HTML (the English apostrophe)", () => {
    expect(returnPage().html).toContain('merchant&#39;s desk');
  });
});

describe("the language of a browser's Accept-Language", () => {
  it.each([
    ['fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['de;q=0.2,es;q=0.8', 'es'],
    ['de;q=0,pt-BR', 'pt-BR'],
    ['es;q=0.5,pt;q=0.5', 'es'],
    ['*', 'en'],
    ['fr, it', 'en'],
    ['en-XA,de', 'de'],
    ['not a header;;q=x', 'en'],
    ['', 'en'],
  ])('%j → %s', (header, language) => {
    expect(languageForAcceptLanguage(header)).toBe(language);
  });
});
