import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// @shared and @renderer are defined once, as tsconfig.base.json's paths; every bundle resolves them from there.
const tsconfigPathsResolution = { tsconfigPaths: true };

export default defineConfig({
  main: {
    resolve: tsconfigPathsResolution,
    build: {
      rollupOptions: {
        input: {
          // The Electron host's entry (src/main/electron): emitted as out/main/index.js, package.json's "main".
          index: resolve(import.meta.dirname, 'src/main/electron/index.ts'),
          // The KYC worker thread's entry: emitted as kyc-worker.js next to index.js (src/main/kyc/worker/worker-pool.ts).
          'kyc-worker': resolve(import.meta.dirname, 'src/main/kyc/worker/kyc-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: tsconfigPathsResolution,
    build: {
      // A sandboxed preload can require only 'electron': bundle the contract and zod into it.
      externalizeDeps: false,
      // A sandboxed preload cannot be an ES module: emit CommonJS.
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    resolve: tsconfigPathsResolution,
    build: {
      minify: true,
      // bench:ui --profile maps CPU profiles back to the sources: hidden maps (no URL in the bundle), never
      // in a normal build.
      sourcemap: process.env.PAYDESK_RENDERER_SOURCEMAP === '1' ? 'hidden' : false,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
    // lingui: each catalogue imported with `?lingui` is compiled at build time (lingui.config.ts).
    plugins: [react(), lingui()],
  },
});
