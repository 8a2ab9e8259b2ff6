// Lingui's catalogues (docs/ARCHITECTURE.md, "Languages"): one JSON file per language, key → ICU message,
// English the source. @lingui/vite-plugin compiles a catalogue when the renderer imports it with `?lingui`,
// so the page loads functions, not messages to parse; each language is a chunk of its own.

import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pt-BR', 'de', 'en-XA'],
  catalogs: [{ path: '<rootDir>/src/shared/i18n/catalogs/{locale}', include: [] }],
  format: formatter({ style: 'minimal' }),
});
