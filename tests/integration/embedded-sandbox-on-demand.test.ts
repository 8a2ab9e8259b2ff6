// The embedded sandbox runs only while a Sandbox profile needs it: a desk that works with a real gateway
// has no test gateway listening on its machine (and does not pay for starting one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { memoryStore, startFixture, v2Fields } from '../support/app/paydesk-fixture';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-on-demand-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('starts with a real-gateway profile active and no sandbox, and starts it when the Sandbox profile is used', async () => {
  const settingsStore = memoryStore();
  const vault = createMemoryVault();
  const first = await startFixture({ dataDir, settingsStore, vault });
  await first.data('profiles.save', {
    id: 'acquirer',
    name: 'Acquirer test',
    environment: 'test',
    baseUrl: 'https://gateway.example/gw',
    kycBaseUrl: 'https://gateway.example/kyc',
    merchantId: 7001,
  });
  await first.data('profiles.activate', { id: 'acquirer' });
  await first.close();

  const desk = await startFixture({ dataDir, settingsStore, vault });
  try {
    expect(() => desk.paydesk.sandbox).toThrow(/not running/);
    await desk.data('profiles.activate', { id: 'sandbox' });
    const paid = await desk.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(paid.status).toBe('approved');
    expect(desk.paydesk.sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  } finally {
    await desk.close();
  }
});
