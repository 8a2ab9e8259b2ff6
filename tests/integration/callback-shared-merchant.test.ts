// The gateway's signed notification (A12) when two profiles share a merchantId and its secret (one merchant
// account reached as "Test EU" and "Test EU (late shift)", say): the signature verifies under both, and the
// pay-in must be found under the profile it was sent through, whichever of the two is listed first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { type InterfaceGateway, payIn, startInterfaceGateway } from '../support/doubles/interface-gateway';

const MERCHANT_ID = 555002;
const SECRET = 'shared-merchant-secret';

let gw: InterfaceGateway;
let fx: Fixture;

async function saveProfile(id: string, name: string) {
  await fx.data('profiles.save', {
    id,
    name,
    environment: 'test',
    baseUrl: gw.url,
    kycBaseUrl: gw.url,
    merchantId: MERCHANT_ID,
  });
  await fx.data('secret.set', { profileId: id, secret: SECRET });
}

beforeAll(async () => {
  gw = await startInterfaceGateway({ merchantId: MERCHANT_ID, secret: SECRET, idempotency: 'replay' });
  fx = await startFixture();
  await saveProfile('shared-first', 'Shared merchant, first');
  await saveProfile('shared-second', 'Shared merchant, second');
});

afterAll(async () => {
  await fx?.close();
  await gw?.close();
});

const notify = (merchantTradeNo: string, outcome: 'approved' | 'declined') =>
  gw.notify(merchantTradeNo, { outcome, url: `${fx.paydesk.listener.origin}/callback` });

describe('a notification whose signature verifies under two profiles', () => {
  it.each([
    ['the second', 'shared-second'],
    ['the first', 'shared-first'],
  ])('settles the pay-in sent through %s', async (_which, profileId) => {
    await fx.data('profiles.activate', { id: profileId });
    gw.scriptPayIn(payIn.processingNothingToShow(), { times: 1 });
    const open = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(open.status).toBe('processing');

    const delivered = await notify(open.merchantTradeNo, 'approved');
    expect(delivered.status).toBe(200);
    const row = fx.paydesk.history.getById(open.historyId);
    expect(row).toMatchObject({ kind: 'payin', status: 'approved' });
    const trail = fx.paydesk.history.auditTrail(open.historyId);
    expect(trail.at(-1)).toMatchObject({ event: 'payin.callback', operator: 'system' });
  });

  it('an order number neither profile sent is still an unknown order', async () => {
    const answer = await gw.notifyUnknownOrder(`${fx.paydesk.listener.origin}/callback`);
    expect(answer.status).toBe(404);
  });
});
