// The long fault drills (npm run drills, also run by .ci/run): each takes longer than a unit test should.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/drills/**/*.drill.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
