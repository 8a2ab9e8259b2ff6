// Serves the built renderer from app://paydesk/ rather than file://, so the app's page is an ordinary
// secure origin: file:// keeps none of its old extra privileges (the grantFileProtocolExtraPrivileges
// fuse is off), every response carries the CSP, and nothing outside the renderer folder can be read.
// Only types come from 'electron': the request handling runs and is tested in plain Node.
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import type { CustomScheme, Protocol } from 'electron';

const APP_SCHEME = 'app';
const APP_HOST = 'paydesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Registered before the app is ready: a standard, secure scheme behaves like https for the page. */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** scheme://host of a URL: WHATWG gives custom schemes an opaque origin ("null"), so build it by hand. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** The file an app:// URL names inside rendererDir; undefined for another origin or a path that leaves it. */
export function rendererFileFor(rendererDir: string, requestUrl: string): string | undefined {
  if (originOf(requestUrl) !== APP_ORIGIN) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const file = join(rendererDir, pathname === '/' ? 'index.html' : pathname);
  const inside = relative(rendererDir, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return file;
}

export async function serveRendererFile(
  rendererDir: string,
  request: Request,
  contentSecurityPolicy: string,
): Promise<Response> {
  const file = request.method === 'GET' ? rendererFileFor(rendererDir, request.url) : undefined;
  if (file === undefined) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

export function registerRendererProtocol(
  protocol: Pick<Protocol, 'handle'>,
  rendererDir: string,
  contentSecurityPolicy: string,
): void {
  protocol.handle(APP_SCHEME, (request) => serveRendererFile(rendererDir, request, contentSecurityPolicy));
}
