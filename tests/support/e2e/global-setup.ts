// Starts one harness for the whole run; the tests find it in PAYDESK_URL (the URL with its token).
import { bridgeCaller, enrolFirstSupervisor, TEST_SUPERVISOR } from '../app/sign-in';
import { PAYIN_TIMEOUT_MS, startHarness } from './harness';

export default async function globalSetup() {
  const harness = await startHarness(Number(process.env.PAYDESK_E2E_PORT ?? 5391));
  process.env.PAYDESK_URL = harness.url;
  // One desk for the whole run, its first supervisor signed in through the bridge (the real clock: the
  // harness's own), so every flow starts where a supervisor's shift would. Sign-in flows start desks of their own.
  const url = new URL(harness.url);
  await enrolFirstSupervisor(
    bridgeCaller(url.origin, url.searchParams.get('token') ?? ''),
    TEST_SUPERVISOR,
    () => Date.now(),
  );
  process.env.PAYDESK_PAYIN_TIMEOUT_MS = String(PAYIN_TIMEOUT_MS);
  return async () => {
    await harness.close();
  };
}
