// The notification service's return page (src/notify/return-page.ts). By default, as every production
// service runs it, no page may frame it, nothing runs in it and nothing loads. Only origins named in the
// configuration (the browser harness's) may frame it, and only they are told that the bank page came back.
import { createHash } from 'node:crypto';
import { BANK_PAGE_RETURNED_MESSAGE } from '@shared/notification-service';
import { describe, expect, it } from 'vitest';
import { returnPage } from '../../src/notify/return-page';

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
});
