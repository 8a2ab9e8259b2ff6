// Every Vitest test, in three projects that each npm script runs on its own (`--project`):
// `unit` (npm run test:unit): unit, integration, the fast fault tests (tests/faults), the interface double's own tests and
// the renderer's pure code; `boot` (npm run test:boot): the built app started in child processes against a
// stand-in for Electron, and the launcher behind npm start; `drills` (npm run drills): the long fault drills.
// `npx vitest run <file>` finds the project a file belongs to by itself.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/faults/**/*.test.ts',
            'tests/doubles/**/*.test.ts',
            'tests/renderer/**/*.test.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'boot',
          include: ['tests/boot/**/*.test.ts'],
          // Builds the app first, into its own folder; runs only when a boot test is queued.
          globalSetup: './tests/support/boot/global-setup.ts',
          // Each file starts processes of its own; one at a time keeps two cores free enough for them.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'drills',
          // Each takes longer than a unit test should (also run by .ci/run).
          include: ['tests/drills/**/*.drill.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
