import { expect, test } from 'vitest';
import { collectGarbageSoon } from '../../src/main/kyc/worker/collect-garbage';

test('collectGarbageSoon runs a full collection: an object nothing holds is gone after it', async () => {
  let held: object | undefined = { bytes: new Uint8Array(1024 * 1024) };
  const ref = new WeakRef(held);
  held = undefined;
  await collectGarbageSoon();
  expect(ref.deref()).toBeUndefined();
});
