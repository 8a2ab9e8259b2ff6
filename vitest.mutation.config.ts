// The tests Stryker runs against each mutant of the money modules (npm run test:mutation, stryker.config.json):
// the fast tests that decide what a pay-in is, its answer, its amount, its signature, what is sent and what
// is recorded. Kept to tests that need no keychain and no server database (a temp SQLite file is fine), so a
// mutant is judged in milliseconds; the modules' slower tests
// (integration, drills) are the habit's blind spot, and docs/TESTING.md says what they add.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    // fast-check seeded: the same inputs on every run, so the score does not change from run to run.
    setupFiles: ['tests/support/mutation/seed-fast-check.ts'],
    include: [
      'tests/unit/payin-lifecycle.test.ts',
      'tests/renderer/payin-store.test.ts',
      'tests/unit/gateway-answers.test.ts',
      'tests/unit/order-status.test.ts',
      'tests/unit/amount.test.ts',
      'tests/unit/schema-patterns.test.ts',
      'tests/unit/operator-amount.test.ts',
      'tests/unit/sign.test.ts',
      'tests/unit/sign-collisions.test.ts',
      'tests/unit/sandbox-hash-vectors.test.ts',
      'tests/unit/wire-callback.test.ts',
      'tests/unit/wire-payin.test.ts',
      'tests/unit/payin-rules.test.ts',
      'tests/integration/gateway-client-http.test.ts',
      'tests/integration/payin-other-gateway.test.ts',
      'tests/integration/sandbox-answers.test.ts',
      // The money path after the answer: on a real history file in a temp folder (no keychain: the audit
      // key is the session's), the gateway a scripted transport.
      'tests/unit/wire-body.test.ts',
      'tests/unit/submit.test.ts',
      'tests/unit/record-evidence.test.ts',
      'tests/unit/write-schemas.test.ts',
      'tests/unit/amount-minor.test.ts',
    ],
    testTimeout: 20_000,
  },
});
