// knip: files, dependencies, exports and types that nothing uses (issue 34, item 7). The entries are every place
// code starts: electron-vite's three bundles and the KYC and history worker threads, the sandbox's and the
// notification service's commands (package.json's scripts), the browser harness, scripts, benches (and the files they start as child
// processes, by path), and the tests.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'src/main/electron/index.ts',
    'src/main/kyc/worker/kyc-worker.ts',
    'src/main/history/backups/check-worker.ts',
    'src/preload/index.ts',
    'src/renderer/src/main.tsx',
    'src/main/web-harness/web-harness.ts',
    'scripts/*.ts',
    'bench/*.ts',
    // Started as child processes by their path (bench/notify.ts, bench/sandbox.ts, bench/startup.ts), or by
    // hand (soak-retainers.ts: its header says how).
    'bench/support/bare-notify-server.ts',
    'bench/support/bare-server.ts',
    'bench/support/empty-electron-app.ts',
    'bench/support/soak-retainers.ts',
    'tests/**/*.{test,spec,drill}.{ts,tsx}',
    'tests/boot/child/*.ts',
    // The build's and the tests' own configuration.
    '*.config.{ts,mjs,cjs}',
  ],
  // The mutation run's vitest configuration too (its setup file seeds fast-check, docs/TESTING.md).
  vitest: { config: ['vitest.config.ts', 'vitest.mutation.config.ts'] },
  project: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.{ts,tsx}'],
  ignore: ['src/renderer/src/env.d.ts'],
  ignoreDependencies: [
    // Read as files, not imported: the receipt's PDF fonts (receipt-pdf.ts resolves their path).
    'dejavu-fonts-ttf',
    // Commands the benches and `npm run dist` run (bench/kyc-submit.ts, bench/*.ts, scripts/electron-launch.ts).
    'autocannon',
    'newman',
    'electron-builder',
    // electron-builder's own library: tests/unit/packaging.test.ts reads its defaults to check the package.
    'app-builder-lib',
    // bench:i18n's peer library, imported by bench/support/i18n-switch.mjs (plain JavaScript, typed by a .d.mts).
    'react-intl',
  ],
};

export default config;
