// The boot tests (npm run test:boot): the built app started in child processes against a stand-in for
// Electron, and the launcher behind npm start. The global setup builds the app first, into its own folder.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/boot/**/*.test.ts'],
    environment: 'node',
    globalSetup: './tests/boot/support/global-setup.ts',
    // Each file starts processes of its own; one at a time keeps two cores free enough for them.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
