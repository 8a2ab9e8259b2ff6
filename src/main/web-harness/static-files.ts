// The built renderer's files as the browser harness serves them: only what lies in the renderer folder,
// and the page with the bridge script (bridge-script.ts) first in its <head>, where Electron would have
// run the preload.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Where the page loads window.paydesk from. */
export const BRIDGE_SCRIPT_PATH = '/__harness/bridge.js';

/** The renderer's file at this URL path, with its content type; undefined when there is none. */
export async function rendererFile(
  rendererDir: string,
  pathname: string,
): Promise<{ body: Buffer | string; type: string } | undefined> {
  const relative = normalize(pathname === '/' ? '/index.html' : pathname).replace(/^(\.\.[/\\])+/, '');
  const file = join(rendererDir, relative);
  if (!file.startsWith(rendererDir)) return undefined;
  let body: Buffer | string;
  try {
    body = await readFile(file);
  } catch {
    return undefined;
  }
  if (relative === '/index.html') {
    body = body
      .toString('utf8')
      .replace('<head>', `<head>\n    <script src="${BRIDGE_SCRIPT_PATH}"></script>`);
  }
  return { body, type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' };
}
