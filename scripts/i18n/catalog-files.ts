// Where the renderer's catalogues are (lingui.config.ts names the same folder), for the scripts and tests.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CATALOG_DIR = resolve(import.meta.dirname, '../../src/shared/i18n/catalogs');

export function catalogPath(language: string): string {
  return join(CATALOG_DIR, `${language}.json`);
}

export function readCatalog(language: string): Record<string, string> {
  return JSON.parse(readFileSync(catalogPath(language), 'utf8')) as Record<string, string>;
}
