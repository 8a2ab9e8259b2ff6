// The app:// protocol that serves the built renderer: only files inside the renderer folder, with the
// content type and the CSP on every answer; anything else is a 404.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  originOf,
  rendererFileFor,
  serveRendererFile,
} from '../../src/main/electron/renderer-protocol';

const CSP = "default-src 'self'";

function rendererFolder() {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-protocol-'));
  const dir = join(root, 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Paydesk</title>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
  return dir;
}

describe('renderer protocol', () => {
  it('serves index.html and assets with their content type, the CSP and nosniff', async () => {
    const dir = rendererFolder();
    const page = await serveRendererFile(dir, new Request(APP_ENTRY_URL), CSP);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Paydesk</title>');
    const script = await serveRendererFile(dir, new Request('app://paydesk/assets/index-abc.js'), CSP);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('refuses paths that leave the renderer folder, however they are spelled', async () => {
    const dir = rendererFolder();
    for (const url of [
      'app://paydesk/../secret.txt',
      'app://paydesk/%2e%2e/secret.txt',
      'app://paydesk/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://paydesk/%2e%2e%5csecret.txt',
      'app://paydesk/index.html%00.js',
      'app://paydesk/%E0%A4%A',
    ]) {
      const answer = await serveRendererFile(dir, new Request(url), CSP);
      expect(answer.status, url).toBe(404);
      expect(await answer.text(), url).not.toContain('outside the renderer');
    }
  });

  it('answers only its own origin and GET', async () => {
    const dir = rendererFolder();
    expect(rendererFileFor(dir, 'app://other/index.html')).toBeUndefined();
    expect(rendererFileFor(dir, 'https://paydesk/index.html')).toBeUndefined();
    const post = await serveRendererFile(dir, new Request(APP_ENTRY_URL, { method: 'POST', body: 'x' }), CSP);
    expect(post.status).toBe(404);
    expect((await serveRendererFile(dir, new Request('app://paydesk/missing.js'), CSP)).status).toBe(404);
  });

  it('gives custom schemes an origin to compare, which WHATWG URL leaves opaque', () => {
    expect(new URL(APP_ENTRY_URL).origin).toBe('null');
    expect(originOf(APP_ENTRY_URL)).toBe('app://paydesk');
    expect(originOf('http://localhost:5173/index.html')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeUndefined();
  });
});
