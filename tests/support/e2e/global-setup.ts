// Starts one harness for the whole run; the tests find it in PAYDESK_URL (the URL with its token).
import { PAYIN_TIMEOUT_MS, startHarness } from './harness';

export default async function globalSetup() {
  const harness = await startHarness(Number(process.env.PAYDESK_E2E_PORT ?? 5391));
  process.env.PAYDESK_URL = harness.url;
  process.env.PAYDESK_PAYIN_TIMEOUT_MS = String(PAYIN_TIMEOUT_MS);
  return async () => {
    await harness.close();
  };
}
