// `npm run build:notify`: the notification service as one runnable file, out/notify/paydesk-notify.mjs,
// with every dependency (fastify, pg, zod) inside, so that a server needs Node 24 and this file only.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // The country list (src/shared/countries.ts, through the wire schemas) needs the codes, not the names
    // in every language that the package's Node entry loads with a require the bundle cannot follow.
    alias: {
      'i18n-iso-countries': resolve(import.meta.dirname, 'node_modules/i18n-iso-countries/index.js'),
    },
  },
  // Node's own modules stay imports; everything from node_modules is bundled.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(import.meta.dirname, 'src/notify/main.ts'),
    outDir: resolve(import.meta.dirname, 'out/notify'),
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      // pg's optional native binding, loaded only when asked for (never here).
      external: ['pg-native'],
      output: { format: 'esm', entryFileNames: 'paydesk-notify.mjs', codeSplitting: false },
    },
  },
});
