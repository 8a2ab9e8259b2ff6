// Starts one harness for the whole run; the tests find it in PAYDESK_URL (the URL with its token).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridgeCaller, enrolFirstSupervisor, TEST_SUPERVISOR } from '../app/sign-in';
import { PAYIN_TIMEOUT_MS, startHarness } from './harness';

export default async function globalSetup() {
  const harness = await startHarness(Number(process.env.PAYDESK_E2E_PORT ?? 5391));
  process.env.PAYDESK_URL = harness.url;
  // One desk for the whole run, its first supervisor signed in through the bridge (the real clock: the
  // harness's own), so every flow starts where a supervisor's shift would. Sign-in flows start desks of their own.
  const url = new URL(harness.url);
  const supervisor = await enrolFirstSupervisor(
    bridgeCaller(url.origin, url.searchParams.get('token') ?? ''),
    TEST_SUPERVISOR,
    () => Date.now(),
  );
  // For the tests that lock the desk and sign in again (desk-operator.ts): who, and the code steps used.
  const steps = mkdtempSync(join(tmpdir(), 'paydesk-e2e-codes-'));
  process.env.PAYDESK_SUPERVISOR = JSON.stringify(supervisor);
  process.env.PAYDESK_CODE_STEPS = join(steps, 'steps.json');
  writeFileSync(
    process.env.PAYDESK_CODE_STEPS,
    JSON.stringify({ [supervisor.secret!]: Math.floor(Date.now() / 30_000) }),
  );
  process.env.PAYDESK_PAYIN_TIMEOUT_MS = String(PAYIN_TIMEOUT_MS);
  return async () => {
    await harness.close();
    rmSync(steps, { recursive: true, force: true });
  };
}
