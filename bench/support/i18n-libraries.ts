// bench:i18n's two candidates side by side (bench/i18n.ts): each library's runtime as a first page would
// carry it (minified, React left out, as Vite builds the renderer), and the cost of switching a page of the
// app's own messages from English to German, rendered by React on the server (no browser needed).
// The React part (the switch) is plain JavaScript in i18n-switch.mjs: React's types declare empty DOM
// interfaces that would change the Playwright types of the Node project.
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ENTRIES = {
  lingui: `import { setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { createElement } from 'react';
export const i18n = setupI18n();
export function Words({ id, values }) { return useLingui().i18n._(id, values); }
export function Root({ children }) { return createElement(I18nProvider, { i18n }, children); }`,
  'react-intl': `import { IntlProvider, useIntl } from 'react-intl';
import { createElement } from 'react';
export function Words({ id, values }) { return useIntl().formatMessage({ id }, values); }
export function Root({ locale, messages, children }) { return createElement(IntlProvider, { locale, messages }, children); }`,
} as const;
type Library = keyof typeof ENTRIES;
export const LIBRARIES = Object.keys(ENTRIES) as Library[];

/** The library's runtime, minified as the renderer's build minifies, React external: bytes and gzip bytes. */
export async function runtimeWeight(
  library: Library,
  folder: string,
): Promise<{ bytes: number; gzip: number }> {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(folder, { recursive: true });
  const entry = `${folder}/${library}.mjs`;
  writeFileSync(entry, ENTRIES[library]);
  const output = await build({
    logLevel: 'silent',
    configFile: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: library },
      rollupOptions: { external: ['react', 'react/jsx-runtime', 'react-dom'] },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const code = outputs.map((chunk) => ('code' in chunk ? chunk.code : '')).join('');
  return { bytes: Buffer.byteLength(code), gzip: gzipSync(code).length };
}

type Catalog = Record<string, string>;

/** The catalogue `times` over, with suffixed keys: a catalogue the size of the whole renderer's. */
export function grown(catalog: Catalog, times: number): Catalog {
  const out: Catalog = {};
  for (let copy = 0; copy < times; copy += 1)
    for (const [key, message] of Object.entries(catalog)) out[`${key}.${copy}`] = message;
  return out;
}
